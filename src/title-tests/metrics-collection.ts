import { and, eq, inArray } from 'drizzle-orm';
import { channelConnections, metricSamples, titleTests } from '../../db/schema';
import type { ChannelConnection } from '../channels/channel-connections.service';
import type { ServiceContext } from '../service-context';
import { handleYouTubeFailure } from './fault-handling';
import { heldBy } from './held-tests';
import { refreshTestFigures } from './stored-figures';
import { loadTestRecord } from './title-test-records';

export interface CollectedMetrics {
  samples: number;
  dailyRows: number;
}

/**
 * Samples the public view counters of every video under a running test, one batched call per
 * 50 videos of a channel. View deltas between samples give views per rotation window.
 */
export async function sampleViewCounts(ctx: ServiceContext, onlyTestIds?: string[]): Promise<number> {
  const { youtube } = ctx;
  const rows = await ctx.db
    .select({ test: titleTests, connection: channelConnections })
    .from(titleTests)
    .innerJoin(channelConnections, eq(channelConnections.id, titleTests.channelConnectionId))
    .where(
      onlyTestIds
        ? inArray(titleTests.id, onlyTestIds)
        : and(inArray(titleTests.status, ['active', 'paused']), heldBy(ctx.holding)),
    );
  const byConnection = new Map<
    string,
    { connection: ChannelConnection; videoIds: Set<string>; testIds: string[] }
  >();
  for (const { test, connection } of rows) {
    if (connection.status !== 'connected') continue;
    const entry = byConnection.get(connection.id) ?? { connection, videoIds: new Set(), testIds: [] };
    entry.videoIds.add(test.videoId);
    entry.testIds.push(test.id);
    byConnection.set(connection.id, entry);
  }
  let stored = 0;
  for (const { connection, videoIds, testIds } of byConnection.values()) {
    let counts: Map<string, number>;
    try {
      counts = await youtube.viewCounts(connection, [...videoIds]);
    } catch (error) {
      const failure = youtube.classify(error);
      if (failure.kind === 'authorization') {
        const record = await loadTestRecord(ctx.db, testIds[0]!);
        if (record) await handleYouTubeFailure(ctx, record, failure, 'measuring views');
        continue;
      }
      if (failure.kind === 'quota') continue; // Sampling resumes by itself after the reset.
      throw error;
    }
    const sampledAt = ctx.clock.now();
    const channelId = connection.youtubeChannelId;
    const values = [...counts].map(([videoId, viewCount]) => ({ videoId, channelId, viewCount, sampledAt }));
    if (values.length > 0) {
      // The samples and the figures derived from them commit together (stored-figures.ts).
      await ctx.db.transaction(async (tx) => {
        await tx.insert(metricSamples).values(values);
        // A held test's figures wait for their first reader (held-tests.ts).
        if (!ctx.holding)
          await refreshTestFigures(tx, { videoIds: [...counts.keys()] }, sampledAt, { onlyNewSamples: true });
      });
    }
    stored += values.length;
  }
  return stored;
}

/** Everything for one test, now (the founder's Force Analytics). */
export async function collectTestMetrics(ctx: ServiceContext, testId: string): Promise<CollectedMetrics> {
  const samples = await sampleViewCounts(ctx, [testId]);
  const dailyRows = ctx.collectDaily ? await ctx.collectDaily(testId) : 0;
  return { samples, dailyRows };
}
