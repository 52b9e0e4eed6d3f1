import { simAccounts, simTitleHistory, simVideos } from '../../db/schema';
import type { Db } from '../../src/db/database';
import { chunks } from '../rotation/world-plan';
import { CHANNEL_ID, SIM_ACCOUNT_ID, type AccountPlan } from './account-plan';

/**
 * Google's side, so the workers find what they would in production: the creator's simulated
 * account and channel, and one upload per test showing the title the test left live.
 */
export async function seedSimulator(db: Db, plan: AccountPlan): Promise<void> {
  await db.insert(simAccounts).values({
    id: SIM_ACCOUNT_ID,
    email: 'bench-api@bench.titlewise.test',
    name: 'Bench API Creator',
    channelId: CHANNEL_ID,
    channelTitle: 'Bench API Channel',
    uploadsPlaylistId: `UU${CHANNEL_ID.slice(2)}`,
  });
  const liveTitle = (test: AccountPlan['tests'][number]) =>
    test.titles[test.running ? test.slots[test.applied - 1]!.titleIndex : 0]!;
  for (const part of chunks(plan.tests, 500)) {
    await db.insert(simVideos).values(
      part.map((test) => ({
        id: test.videoId,
        accountId: SIM_ACCOUNT_ID,
        publishedAt: test.publishedAt,
        title: liveTitle(test),
        description: `Benchmark upload ${test.index + 1}.`,
        tags: ['benchmark', 'titlewise'],
        categoryId: '27',
        defaultLanguage: 'en',
        defaultAudioLanguage: 'en',
        durationSec: 480 + (test.index % 9) * 60,
        thumbnailLabel: 'Bench',
        thumbnailHue: (test.index * 47) % 360,
        baseImpressionsPerHour: 1_800,
        decayHalfLifeDays: 9,
        dailyAmplitude: 0.45,
        noise: 0.25,
        externalViewsPerHour: 25,
        likeRate: 0.04,
        commentRate: 0.004,
        seed: `sim-video/${test.videoId}`,
        snippetUpdatedAt: test.endedAt ?? test.slots[test.applied - 1]!.startsAt,
      })),
    );
    await db
      .insert(simTitleHistory)
      .values(
        part.map((test) => ({ videoId: test.videoId, title: test.titles[0]!, since: test.publishedAt })),
      );
  }
}
