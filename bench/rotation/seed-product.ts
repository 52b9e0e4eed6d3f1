import { channelConnections, rotations, titleTests, titleVariants, users } from '../../db/schema';
import type { ServiceContext } from '../../src/context/service-context';
import { GOOGLE_SCOPES } from '../../src/youtube/google-clients';
import { issueTokens } from '../../src/youtube-simulator/identity-store';
import {
  chunks,
  historicActivation,
  INTERVAL_MINUTES,
  type PlannedCreator,
  type WorldPlan,
} from './world-plan';

/** The simulator issues real tokens; they are stored encrypted, as sign-in does (upsertChannelConnection). */
export async function connectionRow(ctx: ServiceContext, creator: PlannedCreator) {
  const now = ctx.clock.now();
  const scope = GOOGLE_SCOPES.join(' ');
  const tokens = await issueTokens(ctx.db, {
    accountId: creator.simAccountId,
    clientId: ctx.config.google.clientId,
    scope,
    now,
    withRefresh: true,
  });
  return {
    id: creator.connectionId,
    userId: creator.userId,
    youtubeChannelId: creator.channelId,
    title: `Bench Channel ${creator.index}`,
    uploadsPlaylistId: `UU${creator.channelId.slice(2)}`,
    accessTokenEncrypted: ctx.cipher.encrypt(tokens.access_token),
    refreshTokenEncrypted: ctx.cipher.encrypt(tokens.refresh_token!),
    accessTokenExpiresAt: new Date(now.getTime() + tokens.expires_in * 1000),
    scopes: scope.split(' '),
    status: 'connected' as const,
  };
}

/**
 * Our side: creators on the unlimited plan with a connected channel, and their active tests
 * mid-run — slots before the due one applied (the last one still open), the rest planned.
 * Inserted in bulk: seeding through the API would be refused by plan limits and the quota budget.
 */
export async function seedProduct(ctx: ServiceContext, plan: WorldPlan): Promise<void> {
  const { db } = ctx;
  for (const part of chunks(plan.creators, 2_000)) {
    await db.insert(users).values(
      part.map((creator) => ({
        id: creator.userId,
        email: `bench-${creator.index}@bench.titlewise.test`,
        name: `Bench Creator ${creator.index}`,
        username: `bench${creator.index}`,
        googleSubject: creator.simAccountId,
        subscriptionTier: 'authority' as const,
        subscriptionStatus: 'active' as const,
      })),
    );
  }
  for (const part of chunks(plan.creators, 25)) {
    await db
      .insert(channelConnections)
      .values(await Promise.all(part.map((creator) => connectionRow(ctx, creator))));
  }
  for (const part of chunks(plan.tests, 2_000)) {
    await db.insert(titleTests).values(
      part.map((test) => ({
        id: test.id,
        userId: test.creator.userId,
        channelConnectionId: test.creator.connectionId,
        videoId: test.videoId,
        videoTitle: test.titles[0]!,
        originalTitle: test.titles[0]!,
        status: 'active' as const,
        rotationIntervalMinutes: INTERVAL_MINUTES,
        winnerMetric: 'views' as const,
        startDate: test.startDate,
        endDate: test.endDate,
        scheduleSeed: test.seed,
        currentSlot: test.dueSlot - 1,
        createdAt: test.startDate,
        updatedAt: historicActivation(test.slots[test.dueSlot - 1]!),
      })),
    );
    await db.insert(titleVariants).values(
      part.flatMap((test) =>
        test.titles.map((title, position) => ({
          id: test.variantIds[position]!,
          testId: test.id,
          position,
          title,
        })),
      ),
    );
  }
  const rotationRows = plan.tests.flatMap((test) =>
    test.slots.map((slot) => {
      const applied = slot.slot < test.dueSlot;
      const next = test.slots[slot.slot + 1];
      return {
        testId: test.id,
        slot: slot.slot,
        kind: slot.kind,
        block: slot.block,
        variantId: test.variantIds[slot.titleIndex]!,
        plannedStart: slot.startsAt,
        plannedEnd: slot.endsAt,
        status: applied ? ('applied' as const) : ('planned' as const),
        activatedAt: applied ? historicActivation(slot) : null,
        endedAt: applied && next && next.slot < test.dueSlot ? historicActivation(next) : null,
        titleConfirmed: applied,
      };
    }),
  );
  for (const part of chunks(rotationRows, 5_000)) await db.insert(rotations).values(part);
}
