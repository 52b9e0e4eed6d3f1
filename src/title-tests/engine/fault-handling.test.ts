import { describe, expect, it } from 'vitest';
import { failureResponse } from './fault-handling';
import { FakeYouTube, FakeYouTubeError, youtubeFails } from './fake-youtube-port';
import type { TitleTestStatus } from '../../../db/schema/title-tests';

// Which YouTube failures pause a test and which are retried (fault-handling.ts). What each writes
// and whom it tells is covered by test/integration/title-test-faults.test.ts.

const RUNNING: TitleTestStatus[] = ['scheduled', 'active', 'paused'];
const ENDED: TitleTestStatus[] = ['completed', 'cancelled'];

/** How the engine reacts to what the fake throws for `failure`, as the port classifies it. */
function reactionTo(
  failure: ReturnType<(typeof youtubeFails)[keyof typeof youtubeFails]>,
  status: TitleTestStatus,
) {
  const youtube = new FakeYouTube();
  return failureResponse(youtube.classify(new FakeYouTubeError(failure)).kind, status);
}

describe('which failures pause and which retry', () => {
  it('a 5xx (or no answer) is retried, whatever the test’s state, and pauses nothing', () => {
    for (const status of [...RUNNING, ...ENDED])
      expect(reactionTo(youtubeFails.serverError(503), status)).toEqual({
        action: 'retry',
        pausesTest: false,
        tellFailed: false,
      });
  });

  it('an error the port does not know is a transient one: retried', () => {
    const youtube = new FakeYouTube();
    expect(failureResponse(youtube.classify(new TypeError('socket hang up')).kind, 'active').action).toBe(
      'retry',
    );
  });

  it('a spent quota waits for the reset: no retry, no pause', () => {
    for (const status of [...RUNNING, ...ENDED])
      expect(reactionTo(youtubeFails.quotaExceeded(), status)).toEqual({
        action: 'wait-for-reset',
        pausesTest: false,
        tellFailed: false,
      });
  });

  it('a revoked grant pauses the channel; an ended test’s creator is told its final title failed', () => {
    for (const status of RUNNING)
      expect(reactionTo(youtubeFails.accessRevoked(), status)).toMatchObject({
        action: 'pause-channel',
        tellFailed: false,
      });
    for (const status of ENDED)
      expect(reactionTo(youtubeFails.accessRevoked(), status)).toMatchObject({
        action: 'pause-channel',
        tellFailed: true,
      });
  });

  it('a video gone or a refused title pauses a running test', () => {
    for (const failure of [youtubeFails.videoGone(), youtubeFails.refused()])
      for (const status of RUNNING)
        expect(reactionTo(failure, status)).toEqual({
          action: 'pause-test',
          pausesTest: true,
          tellFailed: false,
        });
  });

  it('the same at an ended test’s final title: recorded and told as a failure, the status kept', () => {
    for (const status of ENDED)
      expect(reactionTo(youtubeFails.videoGone(), status)).toEqual({
        action: 'pause-test',
        pausesTest: false,
        tellFailed: true,
      });
  });

  it('a test waiting for capacity is not paused by a refusal', () => {
    expect(reactionTo(youtubeFails.refused(), 'queued')).toMatchObject({
      action: 'pause-test',
      pausesTest: false,
    });
  });
});
