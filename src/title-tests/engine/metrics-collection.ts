import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { channelConnections, metricSamples, titleTests, users } from '../../../db/schema';
import { sampledOnPass, type TestShape } from '../../capacity';
import type { ChannelConnection } from '../../channels';
import type { WinnerMetric } from '../../shared/test-shapes';
import type { EngineContext } from './engine-context';
import { handleYouTubeFailure } from './fault-handling';
import { heldBy } from '../records/held-tests';
import { refreshTestFigures } from '../figures/stored-figures';
import { loadTestRecord } from '../records/title-test-records';
import type { TitleTestYouTube, YouTubeFailure } from './youtube-port';

export interface CollectedMetrics {
  samples: number;
  dailyRows: number;
}

export interface SampledTest {
  testId: string;
  videoId: string;
  connection: ChannelConnection;
}

/**
 * Samples the public view counters of every running test due on this pass (its cadence,
 * src/capacity/cost-model.ts), or of `onlyTestIds` now. View deltas between samples give views per
 * rotation window. A public video's counters need no particular grant, so all real tests share
 * one videos.batchGetStats call per 50 videos whatever their channel; a video missing from that
 * answer (not public) is read again with its owner's grant. A demo copy's tests are sampled on
 * their own grant, so they spend the copy's simulated quota and never the project's.
 */
export async function sampleViewCounts(ctx: EngineContext, onlyTestIds?: string[]): Promise<number> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({
      testId: titleTests.id,
      videoId: titleTests.videoId,
      interval: titleTests.rotationIntervalMinutes,
      metric: titleTests.winnerMetric,
      connection: channelConnections,
      sandbox: users.isDemo,
    })
    .from(titleTests)
    .innerJoin(channelConnections, eq(channelConnections.id, titleTests.channelConnectionId))
    .innerJoin(users, eq(users.id, titleTests.userId))
    .where(onlyTestIds ? inArray(titleTests.id, onlyTestIds) : sampledTests(ctx));
  const groups = new Map<string, SampledTest[]>();
  for (const row of rows) {
    if (row.connection.status !== 'connected') continue;
    const shape = { rotationIntervalMinutes: row.interval, winnerMetric: row.metric };
    if (!onlyTestIds && !sampledOnPass(shape, now)) continue;
    const key = row.sandbox ? `sandbox:${row.connection.userId}` : 'deployment';
    const group = groups.get(key) ?? [];
    group.push({ testId: row.testId, videoId: row.videoId, connection: row.connection });
    groups.set(key, group);
  }
  let stored = 0;
  for (const tests of groups.values()) stored += await sampleGroup(ctx, tests);
  return stored;
}

/** The tests a sampling pass looks at (each is read on the passes its cadence picks). */
function sampledTests(ctx: EngineContext): SQL | undefined {
  return and(inArray(titleTests.status, ['active', 'paused']), heldBy(ctx.holding));
}

/**
 * The cadences (src/capacity/cost-model.ts) of the tests a sampling pass reads now, one text
 * `interval:metric` a row (shapeOfCadence reads it), for a statement to embed: a pass at which
 * none of them is due reads no counter (sampleViewCounts skips every row there).
 */
export function sampledCadences(ctx: EngineContext) {
  return ctx.db
    .selectDistinct({
      cadence: sql<string>`${titleTests.rotationIntervalMinutes} || ':' || ${titleTests.winnerMetric}`,
    })
    .from(titleTests)
    .innerJoin(channelConnections, eq(channelConnections.id, titleTests.channelConnectionId))
    .where(and(sampledTests(ctx), eq(channelConnections.status, 'connected')));
}

/** A row of sampledCadences as the shape sampledOnPass takes. */
export function shapeOfCadence(cadence: string): TestShape {
  const [interval, metric] = cadence.split(':');
  return { rotationIntervalMinutes: Number(interval), winnerMetric: metric as WinnerMetric };
}

/** One group's counters, then the samples and the figures derived from them, stored together. */
async function sampleGroup(ctx: EngineContext, tests: SampledTest[]): Promise<number> {
  const counts = await readGroupCounts(ctx.youtube, tests, async (grant, failure) => {
    // The grant is gone: its tests are paused and told.
    for (const test of tests.filter((entry) => entry.connection.id === grant.id)) {
      const record = await loadTestRecord(ctx.db, test.testId);
      if (record) await handleYouTubeFailure(ctx, record, failure, 'measuring views');
    }
  });
  if (counts.size === 0) return 0;
  const sampledAt = ctx.clock.now();
  const channelOf = new Map(tests.map((test) => [test.videoId, test.connection.youtubeChannelId]));
  const values = [...counts].map(([videoId, viewCount]) => ({
    videoId,
    channelId: channelOf.get(videoId) ?? null,
    viewCount,
    sampledAt,
  }));
  // The samples and the figures derived from them commit together (stored-figures.ts).
  await ctx.db.transaction(async (tx) => {
    await tx.insert(metricSamples).values(values);
    // A held test's figures wait for their first reader (held-tests.ts).
    if (!ctx.holding)
      await refreshTestFigures(tx, { videoIds: [...counts.keys()] }, sampledAt, { onlyNewSamples: true });
  });
  return values.length;
}

/**
 * One group's counters on any one of its grants (the next when one is gone), then the videos it
 * could not see (not public) on their owners' grants. A spent quota ends the reading: none at all
 * when the first read hit it. `lostGrant` is told of each grant YouTube refused.
 */
export async function readGroupCounts(
  youtube: TitleTestYouTube,
  tests: SampledTest[],
  lostGrant: (grant: ChannelConnection, failure: YouTubeFailure) => Promise<void>,
): Promise<Map<string, number>> {
  const videoIds = [...new Set(tests.map((test) => test.videoId))];
  const counts = new Map<string, number>();
  const grants = [...new Map(tests.map((test) => [test.connection.id, test.connection])).values()];
  const lost = new Set<string>();
  const readCounts = async (grant: ChannelConnection, ids: string[]) => {
    try {
      return await youtube.viewCounts(grant, ids);
    } catch (error) {
      const failure = youtube.classify(error);
      if (failure.kind === 'authorization') {
        lost.add(grant.id);
        await lostGrant(grant, failure);
        return 'lost';
      }
      if (failure.kind === 'quota') return 'quota';
      throw error;
    }
  };
  for (const grant of grants) {
    const read = await readCounts(grant, videoIds);
    if (read === 'quota') return new Map(); // Sampling resumes by itself after the reset.
    if (read === 'lost') continue; // That grant is gone: the next one reads the same public counters.
    for (const [videoId, views] of read) counts.set(videoId, views);
    break;
  }
  // Not public: only the owner's grant sees the counter.
  for (const grant of grants) {
    if (lost.has(grant.id)) continue;
    const hidden = tests.filter((test) => test.connection.id === grant.id && !counts.has(test.videoId));
    if (hidden.length === 0) continue;
    const read = await readCounts(grant, [...new Set(hidden.map((test) => test.videoId))]);
    if (read === 'quota') break;
    if (read === 'lost') continue;
    for (const [videoId, views] of read) counts.set(videoId, views);
  }
  return counts;
}

/** Everything for one test, now (the founder's Force Analytics). */
export async function collectTestMetrics(ctx: EngineContext, testId: string): Promise<CollectedMetrics> {
  const samples = await sampleViewCounts(ctx, [testId]);
  const dailyRows = ctx.collectDaily ? await ctx.collectDaily(testId) : 0;
  return { samples, dailyRows };
}
