import { channelConnections, simAccounts, simVideos, users } from '../../db/schema';
import type { ServiceContext } from '../../src/context/service-context';
import { setDailyQuota } from '../../src/youtube-simulator/settings-store';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { connectionRow } from '../rotation/seed-product';
import { chunks } from '../rotation/world-plan';
import type { Creator } from './population';

const DAY_MS = 86_400_000;

export const videoIdOf = (creator: Creator, video: number) => simulatedVideoId(creator.simAccountId, video);
export const videoTitleOf = (creator: Creator, video: number) =>
  `Capacity creator ${creator.index}, upload ${video}: the original title`;

/**
 * Both sides of the world, written in bulk as sign-in would leave them: per creator a user on
 * their plan, a simulated Google account and channel with one upload per test they will ask for,
 * and a connected channel holding real (encrypted) simulator tokens. The tests themselves are
 * created later, through the product's service, as each creator arrives.
 */
export async function seedWorld(ctx: ServiceContext, creators: Creator[], dailyQuota: number): Promise<void> {
  const { db } = ctx;
  await setDailyQuota(db, dailyQuota);
  const now = ctx.clock.now();
  for (const part of chunks(creators, 1_000)) {
    await db.insert(simAccounts).values(
      part.map((creator) => ({
        id: creator.simAccountId,
        email: `capacity-${creator.index}@bench.titlewise.test`,
        name: `Capacity Creator ${creator.index}`,
        channelId: creator.channelId,
        channelTitle: `Capacity Channel ${creator.index}`,
        uploadsPlaylistId: `UU${creator.channelId.slice(2)}`,
      })),
    );
    await db.insert(users).values(
      part.map((creator) => ({
        id: creator.userId,
        email: `capacity-${creator.index}@bench.titlewise.test`,
        name: `Capacity Creator ${creator.index}`,
        username: `capacity${creator.index}`,
        googleSubject: creator.simAccountId,
        subscriptionTier: creator.plan,
        subscriptionStatus: creator.plan === 'free' ? ('inactive' as const) : ('active' as const),
      })),
    );
  }
  const videos = creators.flatMap((creator) =>
    creator.requests.map((request) => ({ creator, video: request.video })),
  );
  for (const part of chunks(videos, 2_000)) {
    await db.insert(simVideos).values(
      part.map(({ creator, video }, index) => ({
        id: videoIdOf(creator, video),
        accountId: creator.simAccountId,
        publishedAt: new Date(now.getTime() - (3 + ((creator.index + video) % 20)) * DAY_MS),
        title: videoTitleOf(creator, video),
        description: 'Capacity benchmark upload.\n\nDescription and tags stay untouched by title tests.',
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
        seed: `sim-video/capacity/${creator.index}/${video}`,
        snippetUpdatedAt: now,
      })),
    );
  }
  for (const part of chunks(creators, 50)) {
    await db
      .insert(channelConnections)
      .values(await Promise.all(part.map((creator) => connectionRow(ctx, creator))));
  }
}
