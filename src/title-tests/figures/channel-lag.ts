import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { titleTests } from '../../../db/schema';
import { samplingPeriodMinutes, SAMPLING_PASS_MINUTES } from '../../capacity';
import { chosenChannel } from '../../channels';
import type { DbOrTx } from '../../db/database';
import { washoutMinutes } from '../../statistics';
import { estimateLag, LAG_BIN_MINUTES, type LagEstimate, type SwitchWindow } from '../../statistics/lag';
import { intervalsFor, type WinnerMetric } from '../../shared/test-shapes';
import { counterReadings, maxReadingGapMinutes, readingAt } from './counted-windows';
import { viewSamplesOfTest } from './measurements';
import { loadTestRecord, type TestRecord } from '../records/title-test-records';

/*
 * The washout a new test gets on its channel (docs/decisions/0025-washout-from-measured-lag.md):
 * how long after a switch views still follow the previous title is read from the channel's
 * finished tests (src/statistics/lag.ts), and the washout covers it. Windows too short for it
 * are refused.
 */

/** The creator's finished tests on the channel the lag is read from, newest first. */
export const LAG_HISTORY_TESTS = 5;

/** A lag the channel's tests showed, or the one assumed where none has been measured yet. */
export type ChannelLag = LagEstimate & { assumed?: true };

/**
 * What a channel none of whose finished tests showed its lag is planned for: up to an hour
 * (docs/statistics.md, "Carryover and counter lag"). Public counters have been seen to count views
 * up to an hour late and feeds to show an old title for as long; a washout shorter than the lag
 * pulls every lift toward zero and can turn its sign, so an unmeasured channel gets windows of at
 * least 2 hours, each read from an hour after its switch, until a test of its own measures the lag.
 */
export const ASSUMED_LAG: ChannelLag = {
  minutes: 60,
  atLeast: false,
  clearMinutes: 60,
  clearAtLeast: false,
  shares: [],
  switches: 0,
  assumed: true,
};
/** The longest washout a measured lag sets (a longer lag is still refused for short windows). */
export const MAX_WASHOUT_MINUTES = 120;

const MINUTE = 60_000;

/** What a test's shape needs of the channel's lag. */
interface Shape {
  rotationIntervalMinutes: number;
  winnerMetric: WinnerMetric;
}

/**
 * A finished test's windows as the lag is read from them: views per 10-minute bin since each
 * switch, from the counter (the samples and the switches' own reads, interpolated). Only a test
 * whose counter was read every 10 minutes resolves the bins (a views test of windows under
 * 8 hours); a window with the counter unread for too long around a bin's edge is left out.
 */
export function switchWindowsOf(
  record: Pick<TestRecord, 'test' | 'variants' | 'rotations'>,
  samples: Parameters<typeof counterReadings>[0],
): SwitchWindow[] {
  const shape = record.test;
  if (samplingPeriodMinutes(shape) !== SAMPLING_PASS_MINUTES) return [];
  const readings = counterReadings(samples, record.rotations);
  const maxGapMs = maxReadingGapMinutes(shape) * MINUTE;
  const position = new Map(record.variants.map((variant) => [variant.id, variant.position]));
  const applied = record.rotations
    .filter((rotation) => rotation.status === 'applied' && rotation.activatedAt && rotation.endedAt)
    .sort((a, b) => a.slot - b.slot);
  const windows: SwitchWindow[] = [];
  applied.forEach((rotation, index) => {
    if (rotation.kind !== 'window') return;
    const from = rotation.activatedAt!.getTime();
    const before = applied[index - 1];
    // The title before the switch, if it was live until the switch (not after a pause).
    const previousTitleIndex =
      before && Math.abs(before.endedAt!.getTime() - from) <= MINUTE
        ? (position.get(before.variantId) ?? null)
        : null;
    const counts: number[] = [];
    const bins = Math.floor((rotation.endedAt!.getTime() - from) / (LAG_BIN_MINUTES * MINUTE));
    for (let bin = 0; bin <= bins; bin++) {
      const reading = readingAt(readings, new Date(from + bin * LAG_BIN_MINUTES * MINUTE));
      if (!reading || reading.gapMs > maxGapMs) return;
      counts.push(reading.views);
    }
    const binViews = counts.slice(1).map((views, bin) => Math.max(0, views - counts[bin]!));
    windows.push({ titleIndex: position.get(rotation.variantId)!, previousTitleIndex, binViews });
  });
  return windows;
}

/** The lag read from the creator's last finished tests on the channel; null when none shows it. */
export async function channelLag(
  db: DbOrTx,
  owner: { userId: string; channelConnectionId: string },
): Promise<LagEstimate | null> {
  const past = await db
    .select({ id: titleTests.id })
    .from(titleTests)
    .where(
      and(
        eq(titleTests.userId, owner.userId),
        eq(titleTests.channelConnectionId, owner.channelConnectionId),
        eq(titleTests.status, 'completed'),
        isNotNull(titleTests.endedAt),
      ),
    )
    .orderBy(desc(titleTests.endedAt))
    .limit(LAG_HISTORY_TESTS);
  const tests = await Promise.all(
    past.map(async ({ id }) => {
      const record = await loadTestRecord(db, id);
      if (!record || samplingPeriodMinutes(record.test) !== SAMPLING_PASS_MINUTES) return [];
      const samples = await viewSamplesOfTest(db, record.test, record.test.endedAt!);
      return switchWindowsOf(record, samples);
    }),
  );
  return estimateLag(tests.filter((windows) => windows.length > 0));
}

/** The lag on the channel a test is planned for (the account's default channel when none is named), or the assumed one. */
export async function lagOfChannel(
  db: DbOrTx,
  user: { id: string },
  channelId: string | undefined,
): Promise<ChannelLag> {
  const connection = await chosenChannel(db, user, channelId);
  const measured = connection
    ? await channelLag(db, { userId: user.id, channelConnectionId: connection.id })
    : null;
  return measured ?? ASSUMED_LAG;
}

/**
 * The measured lag in whole 10-minute steps, rounded up: the least washout that covers it, to the
 * time when the views have let go of the previous title (`clearMinutes`, not the half-way time).
 * A lag the earlier test's windows ended before seeing the end of is planned for the longest
 * washout: its end is unknown.
 */
const coveredLag = (lag: LagEstimate): number => {
  const covered = Math.ceil(lag.clearMinutes / LAG_BIN_MINUTES - 1e-9) * LAG_BIN_MINUTES;
  return lag.clearAtLeast ? Math.max(covered, MAX_WASHOUT_MINUTES) : covered;
};

/** The washout a new test of this interval gets: the default rule, or the measured lag (at most 2 hours). */
export function washoutFor(intervalMinutes: number, lag: LagEstimate | null): number {
  const rule = washoutMinutes(intervalMinutes);
  return lag ? Math.max(rule, Math.min(coveredLag(lag), MAX_WASHOUT_MINUTES)) : rule;
}

/**
 * How much of a window's views a washout leaves to measure, relative to the default rule's: the
 * forecast (src/statistics/forecast.ts) assumes the default, so it plans on views per day times this.
 */
export function measuredViewsFactor(intervalMinutes: number, washout: number): number {
  const rule = washoutMinutes(intervalMinutes);
  return Math.max(0, intervalMinutes - washout) / (intervalMinutes - rule);
}

/**
 * Whether windows of this length leave at least half of each to measure after the measured lag
 * (the lag itself, not the washout capped at 2 hours: a longer lag needs longer windows).
 */
const longEnough = (intervalMinutes: number, lag: LagEstimate) => coveredLag(lag) <= intervalMinutes / 2;

/** "1-hour", "24-hour". */
const windowWords = (minutes: number) => `${minutes / 60}-hour`;

/** "about 45 minutes", "at least 50 minutes": until the views let go of the previous title. */
const lagWords = (lag: ChannelLag) =>
  `${lag.clearAtLeast ? 'at least' : 'about'} ${Math.max(LAG_BIN_MINUTES, Math.round(lag.clearMinutes / 5) * 5)} minutes`;

/** The shortest interval the metric allows that is long enough for the lag; null if none is. */
export function shortestIntervalFor(metric: WinnerMetric, lag: LagEstimate | null): number | null {
  return intervalsFor(metric).find((minutes) => !lag || longEnough(minutes, lag)) ?? null;
}

/**
 * Why windows of this shape are too short for the channel's measured lag (the washout would
 * take more than half of each), in the creator's words; null when they are long enough.
 */
export function lagProblem(shape: Shape, lag: ChannelLag | null): string | null {
  if (!lag || longEnough(shape.rotationIntervalMinutes, lag)) return null;
  const shortest = shortestIntervalFor(shape.winnerMetric, lag);
  const advice =
    shortest === null ? 'Choose longer windows.' : `Choose ${windowWords(shortest)} windows or longer.`;
  if (lag.assumed)
    return `Titlewise has not yet measured how long views keep following the previous title after a switch on this channel, so it allows for up to an hour, and ${windowWords(shape.rotationIntervalMinutes)} windows could measure mostly the old title. ${advice} Once a test of yours with short windows has measured it, shorter windows may be possible.`;
  return `On this channel, views keep following the previous title for ${lagWords(lag)} after a switch, so ${windowWords(shape.rotationIntervalMinutes)} windows would measure mostly the old title. ${advice}`;
}

/**
 * For the plan's summary, when the measured lag lengthens the washout: " Each window is measured
 * from 50 minutes after its switch: on this channel, views keep following the previous title for
 * about 45 minutes." Empty otherwise.
 */
export function washoutNote(intervalMinutes: number, lag: ChannelLag | null): string {
  const washout = washoutFor(intervalMinutes, lag);
  if (!lag || washout <= washoutMinutes(intervalMinutes)) return '';
  if (lag.assumed)
    return ` Each window is measured from ${washout} minutes after its switch: Titlewise has not yet measured how long views keep following the previous title on this channel, and allows for up to an hour.`;
  return ` Each window is measured from ${washout} minutes after its switch: on this channel, views keep following the previous title for ${lagWords(lag)}.`;
}
