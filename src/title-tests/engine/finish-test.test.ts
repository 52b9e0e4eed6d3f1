import { describe, expect, it } from 'vitest';
import {
  finalTitleAction,
  ranToPlannedEnd,
  saysOriginalStays,
  storedDecision,
  variantToPutLive,
  withLiveWindowsClosed,
} from './finish-test';
import { appliedThrough, at, titleTestRecord } from './engine-fixtures';

// What an ended test puts live, and over which titles (finish-test.ts). The end's reads, writes
// and verdicts on a database are covered by test/integration/title-test-end-verdict,
// -final-figures and -faults.

describe('over which title the end writes', () => {
  const ours = new Set(['The original title', 'Title two', 'Title three']);

  it('the final title live already: nothing to write', () => {
    expect(finalTitleAction('Title two', 'Title two', ours)).toBe('in-place');
  });

  it('a title the test itself left live is replaced', () => {
    expect(finalTitleAction('Title three', 'Title two', ours)).toBe('write');
    expect(finalTitleAction('Title two', 'The original title', ours)).toBe('write');
  });

  it('a title of the creator’s own is kept, whatever the verdict', () => {
    expect(finalTitleAction('My own title', 'Title two', ours)).toBe('keep-creators');
    expect(finalTitleAction('My own title', 'The original title', ours)).toBe('keep-creators');
  });
});

describe('which variant a verdict puts live', () => {
  const record = titleTestRecord();

  it('the winner', () => {
    expect(variantToPutLive(record, { verdict: 'winner', winnerTitleIndex: 2 })).toBe(2);
  });

  it('without a winner, a challenger the engine recommends over the original', () => {
    expect(
      variantToPutLive(record, { verdict: 'inconclusive', winnerTitleIndex: null, recommendedTitleIndex: 1 }),
    ).toBe(1);
  });

  it('else the original', () => {
    expect(variantToPutLive(record, { verdict: 'same', winnerTitleIndex: null })).toBe(0);
    expect(
      variantToPutLive(record, { verdict: 'inconclusive', winnerTitleIndex: null, recommendedTitleIndex: 0 }),
    ).toBe(0);
  });

  it('never a variant the test does not have', () => {
    expect(variantToPutLive(record, { verdict: 'winner', winnerTitleIndex: 7 })).toBe(0);
  });
});

describe('a verdict stored on the test', () => {
  it('is read back as the decision it names', () => {
    expect(
      storedDecision({ verdict: 'winner', winnerTitleIndex: 1, recommendedTitleIndex: 1, reason: '…' }),
    ).toEqual({ verdict: 'winner', winnerTitleIndex: 1, recommendedTitleIndex: 1 });
    expect(storedDecision({ verdict: 'same', winnerTitleIndex: null })).toEqual({
      verdict: 'same',
      winnerTitleIndex: null,
      recommendedTitleIndex: 0,
    });
  });

  it('anything else is no decision', () => {
    for (const value of [null, 'winner', 3, {}, { verdict: 'winner', winnerTitleIndex: '1' }])
      expect(storedDecision(value)).toBeNull();
  });
});

describe('the end’s words', () => {
  it('a reason that already says the original stays is not told twice', () => {
    expect(saysOriginalStays('No title did better. The original title stays.')).toBe(true);
    expect(saysOriginalStays('The original title and thumbnail stay.')).toBe(true);
    expect(saysOriginalStays('Title two got 12% more views per hour.')).toBe(false);
  });

  it('only a test that reached its planned end is judged with the end-of-test bar', () => {
    const endDate = at(14 * 24 * 60);
    expect(ranToPlannedEnd({ endDate, endedAt: endDate })).toBe(true);
    expect(ranToPlannedEnd({ endDate, endedAt: at(3 * 24 * 60) })).toBe(false);
    expect(ranToPlannedEnd({ endDate, endedAt: null })).toBe(false);
  });
});

describe('the windows the end decides on', () => {
  it('the live window closes at the end’s counter read; closed and planned windows are left as they are', () => {
    const record = appliedThrough(titleTestRecord(), 2);
    record.rotations[0] = { ...record.rotations[0]!, endedAt: at(60), viewsAtEnd: 1100 };
    record.rotations[1] = { ...record.rotations[1]!, endedAt: at(120), viewsAtEnd: 1200 };

    const closed = withLiveWindowsClosed(record, at(150), 1250);

    expect(closed.rotations.map((rotation) => [rotation.endedAt, rotation.viewsAtEnd])).toEqual([
      [at(60), 1100],
      [at(120), 1200],
      [at(150), 1250],
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(record.rotations[2]!.endedAt).toBeNull(); // The record read is not changed.
  });
});
