import {
  channelConnections,
  dailyMetrics,
  metricSamples,
  rotations,
  titleTests,
  titleVariants,
  users,
} from '../../db/schema';
import type { ServiceContext } from '../../src/context/service-context';
import { createSession } from '../../src/auth/session.service';
import { GOOGLE_SCOPES } from '../../src/youtube/google-clients';
import { issueTokens } from '../../src/youtube-simulator/identity-store';
import { chunks } from '../rotation/world-plan';
import { CHANNEL_ID, SIM_ACCOUNT_ID, type AccountPlan, type PlannedTest } from './account-plan';
import { seedSimulator } from './seed-simulator';
import { viewsAt } from './traffic';

/** When a slot's title went live: a little after its start, as the worker applies it. */
const activation = (at: Date) => new Date(at.getTime() + 1_500);

async function seedCreator(ctx: ServiceContext, plan: AccountPlan): Promise<void> {
  await ctx.db.insert(users).values({
    id: plan.userId,
    email: 'bench-api@bench.titlewise.test',
    name: 'Bench API Creator',
    username: 'benchapi',
    googleSubject: SIM_ACCOUNT_ID,
    subscriptionTier: 'authority',
    subscriptionStatus: 'active',
  });
  // The simulator issues real tokens; they are stored encrypted, as sign-in does.
  const scope = GOOGLE_SCOPES.join(' ');
  const tokens = await issueTokens(ctx.db, {
    accountId: SIM_ACCOUNT_ID,
    clientId: ctx.config.google.clientId,
    scope,
    now: plan.now,
    withRefresh: true,
  });
  await ctx.db.insert(channelConnections).values({
    id: plan.connectionId,
    userId: plan.userId,
    youtubeChannelId: CHANNEL_ID,
    title: 'Bench API Channel',
    uploadsPlaylistId: `UU${CHANNEL_ID.slice(2)}`,
    accessTokenEncrypted: ctx.cipher.encrypt(tokens.access_token),
    refreshTokenEncrypted: ctx.cipher.encrypt(tokens.refresh_token!),
    accessTokenExpiresAt: new Date(plan.now.getTime() + tokens.expires_in * 1000),
    scopes: scope.split(' '),
  });
}

function testRow(plan: AccountPlan, test: PlannedTest) {
  const { verdict } = test;
  const winner = verdict?.verdict === 'winner' ? verdict.winnerTitleIndex : null;
  const lastApplied = test.slots[test.applied - 1]!;
  return {
    id: test.id,
    userId: plan.userId,
    channelConnectionId: plan.connectionId,
    videoId: test.videoId,
    videoTitle: test.titles[0]!,
    originalTitle: test.titles[0]!,
    status: test.running ? ('active' as const) : ('completed' as const),
    rotationIntervalMinutes: 60,
    winnerMetric: 'views' as const,
    startDate: test.startDate,
    endDate: test.endDate,
    scheduleSeed: test.scheduleSeed,
    currentSlot: lastApplied.slot,
    verdict,
    appliedTitle: test.running ? null : test.titles[winner ?? 0]!,
    endedAt: test.endedAt,
    createdAt: new Date(test.startDate.getTime() - 10 * 60_000),
    updatedAt: test.endedAt ?? activation(lastApplied.startsAt),
  };
}

function rotationRows(test: PlannedTest) {
  return test.slots.map((slot, index) => {
    const applied = index < test.applied;
    const next = test.slots[index + 1];
    const closed = applied && (next ? index + 1 < test.applied : !test.running);
    return {
      testId: test.id,
      slot: slot.slot,
      kind: slot.kind,
      block: slot.block,
      variantId: test.variantIds[slot.titleIndex]!,
      plannedStart: slot.startsAt,
      plannedEnd: slot.endsAt,
      status: applied ? ('applied' as const) : ('planned' as const),
      activatedAt: applied ? activation(slot.startsAt) : null,
      endedAt: closed ? (next ? activation(next.startsAt) : test.endedAt) : null,
      titleConfirmed: applied,
      viewsAtStart: applied ? viewsAt(test.samples, slot.startsAt) : null,
      viewsAtEnd: closed ? viewsAt(test.samples, slot.endsAt) : null,
      attempts: applied ? 1 : 0,
    };
  });
}

/** Inserts many rows in statements of at most `size` rows (PostgreSQL allows 65,535 parameters). */
async function insertAll<T>(rows: T[], size: number, insert: (part: T[]) => Promise<unknown>): Promise<void> {
  for (const part of chunks(rows, size)) await insert(part);
}

/**
 * Writes the account's plan through the schema tables (both sides of the world) and signs the
 * creator in: returns the session token for `Authorization: Bearer`. The figures the read paths
 * show are left for the server to compute.
 */
export async function seedAccount(ctx: ServiceContext, plan: AccountPlan): Promise<string> {
  const { db } = ctx;
  await seedSimulator(db, plan);
  await seedCreator(ctx, plan);
  await db.insert(titleTests).values(plan.tests.map((test) => testRow(plan, test)));
  await db.insert(titleVariants).values(
    plan.tests.flatMap((test) =>
      test.titles.map((title, position) => ({
        id: test.variantIds[position]!,
        testId: test.id,
        position,
        title,
      })),
    ),
  );
  await insertAll(plan.tests.flatMap(rotationRows), 2_000, (part) => db.insert(rotations).values(part));
  const samples = plan.tests.flatMap((test) =>
    test.samples.map((sample) => ({ videoId: test.videoId, sampledAt: sample.at, viewCount: sample.views })),
  );
  await insertAll(samples, 5_000, (part) => db.insert(metricSamples).values(part));
  const daily = plan.tests.flatMap((test) =>
    test.daily.map((row) => ({
      videoId: test.videoId,
      day: row.day,
      views: row.views,
      averageViewDurationSec: row.averageViewDurationSec,
      estimatedMinutesWatched: Math.round((row.views * row.averageViewDurationSec) / 60),
      impressions: row.impressions,
      impressionsCtr: row.ctr,
    })),
  );
  await insertAll(daily, 2_000, (part) => db.insert(dailyMetrics).values(part));
  const { token } = await createSession(db, { userId: plan.userId, ttlDays: 30, now: plan.now });
  return token;
}
