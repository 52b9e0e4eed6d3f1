import { simAccounts, simTitleHistory, simVideos } from '../../db/schema';
import type { Db } from '../../src/db/database';
import { setDailyQuota } from '../../src/youtube-simulator/settings-store';
import { chunks, historicActivation, liveTitle, type WorldPlan } from './world-plan';

/** Far beyond what a run spends (53 units per rotation that writes), so quota never interferes. */
const BENCH_DAILY_QUOTA = 1_000_000_000;

/**
 * Google's side of the benchmark: one simulated account and channel per creator, one video per
 * test showing the title of its last applied slot, with the title history that led there.
 */
export async function seedSimulator(db: Db, plan: WorldPlan): Promise<void> {
  await setDailyQuota(db, BENCH_DAILY_QUOTA);
  for (const part of chunks(plan.creators, 2_000)) {
    await db.insert(simAccounts).values(
      part.map((creator) => ({
        id: creator.simAccountId,
        email: `bench-${creator.index}@bench.titlewise.test`,
        name: `Bench Creator ${creator.index}`,
        channelId: creator.channelId,
        channelTitle: `Bench Channel ${creator.index}`,
        uploadsPlaylistId: `UU${creator.channelId.slice(2)}`,
      })),
    );
  }
  for (const part of chunks(plan.tests, 2_000)) {
    await db.insert(simVideos).values(
      part.map((test, index) => ({
        id: test.videoId,
        accountId: test.creator.simAccountId,
        publishedAt: test.publishedAt,
        title: liveTitle(test),
        description: `Benchmark upload for ${test.titles[0]}.\n\nChapters, links and credits stay untouched by title tests.`,
        tags: ['benchmark', 'titlewise'],
        categoryId: '27',
        defaultLanguage: 'en',
        defaultAudioLanguage: 'en',
        durationSec: 480 + (index % 9) * 60,
        thumbnailLabel: 'Bench',
        thumbnailHue: index % 360,
        baseImpressionsPerHour: 1_800,
        decayHalfLifeDays: 9,
        dailyAmplitude: 0.45,
        noise: 0.25,
        externalViewsPerHour: 25,
        likeRate: 0.04,
        commentRate: 0.004,
        seed: `sim-video/${test.videoId}`,
        snippetUpdatedAt: historicActivation(test.slots[test.dueSlot - 1]!),
      })),
    );
  }
  const history = plan.tests.flatMap((test) => {
    const changes = [{ videoId: test.videoId, title: test.titles[0]!, since: test.publishedAt }];
    for (const slot of test.slots.slice(0, test.dueSlot)) {
      const title = test.titles[slot.titleIndex]!;
      if (title !== changes.at(-1)!.title)
        changes.push({ videoId: test.videoId, title, since: historicActivation(slot) });
    }
    return changes;
  });
  for (const part of chunks(history, 5_000)) await db.insert(simTitleHistory).values(part);
}
