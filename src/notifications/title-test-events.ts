import { theOriginal, VARIANT_WORDS } from '../shared/test-kinds';
import type { DbOrTx } from '../db/database';
import { formatMoment } from '../shared/moments';
import { messageTimeZoneOf } from '../auth';
import { formatInterval, METRIC_WORDS, VERDICT_LABELS, type VerdictKind } from '../shared/test-shapes';
import { testPath } from '../shared/test-link';
import type { titleTests } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import { notify, type NotificationEvent } from './notify';

// What the engine tells a creator about their title tests. Each function records one kind of
// event (src/notifications/notify.ts): the engine calls them in the transaction of the change.
// Each links to its test (src/shared/test-link.ts); times are in Pacific time with the zone named
// (docs/decisions/0027-times-shown-to-creators.md).

type TitleTestRow = typeof titleTests.$inferSelect;

/**
 * Records through notify(); a held test's events (a demo channel's rehearsed past, run by a tool
 * that holds its tests) are not e-mailed.
 */
function record(
  ctx: ServiceContext,
  db: DbOrTx,
  test: Pick<TitleTestRow, 'heldBy'>,
  event: NotificationEvent,
) {
  return notify(ctx, db, event, { email: test.heldBy === null });
}

type TestFacts = Pick<
  TitleTestRow,
  | 'id'
  | 'userId'
  | 'kind'
  | 'videoTitle'
  | 'originalTitle'
  | 'winnerMetric'
  | 'rotationIntervalMinutes'
  | 'endDate'
  | 'heldBy'
>;

/** The first title of a test went live. */
export async function notifyTestStarted(
  ctx: ServiceContext,
  db: DbOrTx,
  test: TestFacts & { stopAtVerdict: boolean },
  live: {
    title: string;
    titleNumber: number;
    titleCount: number;
    /** When the first switch comes, when it comes after a calibration read of the video; else null. */
    firstSwitchAt: Date | null;
  },
) {
  return record(ctx, db, test, {
    userId: test.userId,
    testId: test.id,
    kind: 'test-started',
    eventKey: `started:${test.id}`,
    title: `Your ${VARIANT_WORDS[test.kind].one} test started on “${test.videoTitle}”`,
    body: startedBody(test, live, await messageTimeZoneOf(db, test.userId)),
    link: testPath(test.id),
  });
}

/** What went live first, and what happens next, in the words of the test's kind. */
function startedBody(
  test: TestFacts & { stopAtVerdict: boolean },
  live: { title: string; titleNumber: number; titleCount: number; firstSwitchAt: Date | null },
  timeZone: string | null,
): string {
  const words = VARIANT_WORDS[test.kind];
  const reading = live.firstSwitchAt
    ? `First Titlewise reads your video’s views until ${formatMoment(live.firstSwitchAt, timeZone)} without changing anything, to confirm what the test can find. Then it switches`
    : 'Titlewise switches';
  const until = test.stopAtVerdict
    ? `until a daily check names a winner (by ${formatMoment(test.endDate, timeZone)} at the latest)`
    : `until ${formatMoment(test.endDate, timeZone)}`;
  const next = `${reading} ${words.many} ${formatInterval(test.rotationIntervalMinutes)} ${until}, decides by ${METRIC_WORDS[test.winnerMetric]}, and then puts the winner, or ${words.original.replace('the ', 'your ')}, back.`;
  const which = `${words.name} ${live.titleNumber} of ${live.titleCount}`;
  return test.kind === 'thumbnails'
    ? `${which} is live on YouTube now. ${next}`
    : `${which}, “${live.title}”, is live on YouTube now. ${next}`;
}

/** A line saying which title YouTube shows now: read back after a write, or unchanged (null). */
function liveLine(title: string, confirmed: boolean | null): string {
  if (confirmed === null) return `“${title}” stays live on YouTube.`;
  return confirmed
    ? `Live on YouTube now: “${title}” (read back from YouTube after the change).`
    : `Titlewise asked YouTube for “${title}”, but YouTube did not show it yet when read back; the dashboard shows what is live.`;
}

/**
 * A test's ending reached YouTube: its final verdict with the title now live, or, before a
 * verdict, the title put back (a cancelled test; a daily-metric test waiting for YouTube's last
 * figures).
 */
export function notifyTestEnding(
  ctx: ServiceContext,
  db: DbOrTx,
  test: TestFacts & Pick<TitleTestRow, 'status'>,
  ending: {
    verdict: VerdictKind | null;
    reason: string | null;
    liveTitle: string;
    /** The title read back after the write matched; null when nothing was written. */
    confirmed: boolean | null;
    /** The verdict waits for YouTube's figures of the last days. */
    provisional: boolean;
  },
) {
  const base = { userId: test.userId, testId: test.id, link: testPath(test.id) };
  const reason = ending.reason ? `${ending.reason} ` : '';
  if (ending.verdict && !ending.provisional && test.status === 'completed') {
    return record(ctx, db, test, {
      ...base,
      kind: 'verdict',
      eventKey: `verdict:${test.id}`,
      title: `“${test.videoTitle}”: ${VERDICT_LABELS[ending.verdict]}`,
      body: `${reason}${liveLine(ending.liveTitle, ending.confirmed)}`,
    });
  }
  const cancelled = test.status === 'cancelled';
  return record(ctx, db, test, {
    ...base,
    kind: 'title-applied',
    // A provisional ending is one per end date: an extended test ends (and waits) again.
    eventKey: `applied:${test.id}:${ending.provisional ? `provisional:${test.endDate.toISOString()}` : 'final'}`,
    title: cancelled
      ? `Test cancelled: ${theOriginal(VARIANT_WORDS[test.kind], 'is', 'are')} back on your video`
      : `Your test on “${test.videoTitle}” ended; the verdict follows`,
    body: cancelled
      ? `You cancelled the test on “${test.videoTitle}”. ${liveLine(ending.liveTitle, ending.confirmed)}`
      : `${reason}${liveLine(ending.liveTitle, ending.confirmed)}`,
  });
}

/** The test stopped and waits for the creator (a Studio edit, lost Google access, a refusal). */
export function notifyTestPaused(ctx: ServiceContext, db: DbOrTx, test: TestFacts, reason: string, at: Date) {
  return record(ctx, db, test, {
    userId: test.userId,
    testId: test.id,
    kind: 'test-paused',
    eventKey: `paused:${test.id}:${at.toISOString()}`,
    title: `Your test on “${test.videoTitle}” is paused`,
    body: reason,
    link: testPath(test.id),
  });
}

/** YouTube's daily quota is used up: the test's work waits for the reset. */
export function notifyQuotaDeferred(
  ctx: ServiceContext,
  db: DbOrTx,
  test: TestFacts,
  reason: string,
  until: Date,
) {
  return record(ctx, db, test, {
    userId: test.userId,
    testId: test.id,
    kind: 'quota-deferred',
    eventKey: `quota:${test.id}:${until.toISOString()}`,
    title: `Your test on “${test.videoTitle}” waits for YouTube’s daily quota`,
    body: reason,
    link: testPath(test.id),
  });
}

/** An ended test's final title could not be put on YouTube, and retrying will not help. */
export function notifyTestFailed(
  ctx: ServiceContext,
  db: DbOrTx,
  test: TestFacts,
  problem: string,
  at: Date,
) {
  return record(ctx, db, test, {
    userId: test.userId,
    testId: test.id,
    kind: 'test-failed',
    eventKey: `failed:${test.id}:${at.toISOString()}`,
    title: `Titlewise could not finish your test on “${test.videoTitle}”`,
    body: `${problem} The video keeps the title it has now until this is fixed; the dashboard shows what to do.`,
    link: testPath(test.id),
  });
}
