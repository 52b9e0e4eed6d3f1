import { and, eq } from 'drizzle-orm';
import {
  channelConnections,
  metricSamples,
  rotations,
  titleTests,
  titleVariants,
  users,
} from '../../db/schema';
import { generateSchedule } from '../../src/statistics';
import { Random } from '../../src/statistics/random';
import type { TestApp } from './test-app';

// A channel's lag measured by one of the creator's finished tests (src/title-tests/figures/
// channel-lag.ts). Until a finished test has measured it, a channel is planned for an assumed lag
// of up to an hour and 1-hour views windows are refused there. The finished test is written
// straight into the database, as test/integration/title-test-washout.test.ts does: a week of
// hourly windows of a clearly stronger title, the counter read every 10 minutes, its views
// following the title before for the first `lagMinutes` of each window.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The creator (by e-mail) and their first connected channel, as a test's owner. */
export async function ownerOf(
  testApp: TestApp,
  email: string,
): Promise<{ userId: string; channelConnectionId: string }> {
  const db = testApp.built.app.db;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const [connection] = await db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.userId, user.id), eq(channelConnections.status, 'connected')));
  if (!connection) throw new Error(`no connected channel for ${email}`);
  return { userId: user.id, channelConnectionId: connection.id };
}

/**
 * Writes a finished 7-day test of hourly views windows on the owner's channel whose views follow
 * the previous title for `lagMinutes` after each switch (0: at once), ended 2 days ago on a video
 * of its own (`videoId`, not one the simulator serves). Returns the test's id.
 */
export async function plantMeasuredLag(
  testApp: TestApp,
  owner: { userId: string; channelConnectionId: string },
  options: { lagMinutes: number; videoId: string },
): Promise<string> {
  const db = testApp.built.app.db;
  const { lagMinutes, videoId } = options;
  const now = testApp.clock.now();
  const start = new Date(Math.floor((now.getTime() - 9 * 24 * HOUR) / HOUR) * HOUR);
  const end = new Date(start.getTime() + 7 * 24 * HOUR);
  const [test] = await db
    .insert(titleTests)
    .values({
      ...owner,
      videoId,
      videoTitle: 'Measured-lag video',
      originalTitle: 'Measured-lag video',
      status: 'completed',
      rotationIntervalMinutes: 60,
      winnerMetric: 'views',
      washoutMinutes: 15,
      startDate: start,
      endDate: end,
      endedAt: end,
      scheduleSeed: `lag-${videoId}`,
      appliedTitle: 'Measured-lag video',
      createdAt: new Date(start.getTime() - HOUR),
    })
    .returning();
  const variants = await db
    .insert(titleVariants)
    .values(
      [0, 1].map((position) => ({ testId: test!.id, position, title: `Measured title ${position + 1}` })),
    )
    .returning();

  // 4 views a minute with hourly noise; Title 2 gets +40%.
  const slots = generateSchedule({ seed: `lag-${videoId}`, titleCount: 2, intervalMinutes: 60, start, end });
  const random = new Random(`lag-traffic-${videoId}`);
  const lift = [1, 1.4];
  const titleAt = (minute: number) => {
    const at = start.getTime() + minute * MINUTE;
    const index = slots.findIndex((slot) => slot.startsAt.getTime() <= at && at < slot.endsAt.getTime());
    const since = (at - slots[index]!.startsAt.getTime()) / MINUTE;
    return since < lagMinutes && index > 0 ? slots[index - 1]!.titleIndex : slots[index]!.titleIndex;
  };
  const counter: number[] = [1000];
  let hourly = 1;
  for (let minute = 0; minute < 7 * 24 * 60; minute++) {
    if (minute % 60 === 0) hourly = Math.exp(0.2 * random.normal());
    counter.push(counter.at(-1)! + 4 * hourly * lift[titleAt(minute)]!);
  }
  const countAt = (at: Date) => Math.round(counter[(at.getTime() - start.getTime()) / MINUTE]!);

  await db.insert(rotations).values(
    slots.map((slot, index) => ({
      testId: test!.id,
      slot: index,
      kind: slot.kind,
      variantId: variants[slot.titleIndex]!.id,
      plannedStart: slot.startsAt,
      plannedEnd: slot.endsAt,
      status: 'applied' as const,
      activatedAt: slot.startsAt,
      endedAt: slot.endsAt,
      viewsAtStart: countAt(slot.startsAt),
      viewsAtEnd: countAt(slot.endsAt),
    })),
  );
  const samples = [];
  for (let at = start.getTime(); at <= end.getTime(); at += 10 * MINUTE)
    samples.push({ videoId, sampledAt: new Date(at), viewCount: countAt(new Date(at)) });
  await db.insert(metricSamples).values(samples);
  return test!.id;
}
