import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  channelConnections,
  dailyMetrics,
  metricSamples,
  notifications,
  rotations,
  titleTests,
  titleVariants,
} from '../../db/schema';
import type { Tx } from '../db/database';

// A demo copy's past is rehearsed once (src/demo/demo-rehearsal.ts) and then cloned for each
// visitor: the simulator clones the Google side (uploads and every title they showed), and this
// module clones the product's side — the tests with their titles and schedules, the view samples,
// the daily figures and the notifications — under new ids, onto the clone's user, channel and
// videos. Both sides then stand where the template stood, at the same instant; the clone's own
// clock runs on from there (src/demo/demo-copies.ts).

/** Rows are inserted this many at a time (PostgreSQL's limit is on parameters per statement). */
const BATCH = 500;

export interface CloneTarget {
  userId: string;
  connectionId: string;
  /** The clone's YouTube channel id. */
  channelId: string;
  /** Each template video's id in the clone. */
  videoIds: Record<string, string>;
  /** The clone's tests are held with this value until the clone is handed over. */
  holding: string;
}

async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/** Copies everything the product holds of `templateUserId`'s channel onto `to`, in one transaction. */
export async function cloneTemplateRows(tx: Tx, templateUserId: string, to: CloneTarget): Promise<void> {
  const [source] = await tx
    .select()
    .from(channelConnections)
    .where(eq(channelConnections.userId, templateUserId));
  if (!source) throw new Error('The demo template has no channel.');
  await tx
    .update(channelConnections)
    .set({ reachDataThrough: source.reachDataThrough })
    .where(eq(channelConnections.id, to.connectionId));
  const video = (id: string) => {
    const mapped = to.videoIds[id];
    if (!mapped) throw new Error(`The demo template's video ${id} has no clone.`);
    return mapped;
  };

  const tests = await tx.select().from(titleTests).where(eq(titleTests.userId, templateUserId));
  const testIds = new Map(tests.map((test) => [test.id, randomUUID()]));
  if (tests.length > 0)
    await tx.insert(titleTests).values(
      tests.map((test) => ({
        ...test,
        id: testIds.get(test.id)!,
        userId: to.userId,
        channelConnectionId: to.connectionId,
        videoId: video(test.videoId),
        heldBy: to.holding,
      })),
    );
  const templateTests = [...testIds.keys()];
  if (templateTests.length > 0) {
    const variants = await tx
      .select()
      .from(titleVariants)
      .where(inArray(titleVariants.testId, templateTests));
    const variantIds = new Map(variants.map((variant) => [variant.id, randomUUID()]));
    await insertBatched(variants, (batch) =>
      tx.insert(titleVariants).values(
        batch.map((variant) => ({
          ...variant,
          id: variantIds.get(variant.id)!,
          testId: testIds.get(variant.testId)!,
        })),
      ),
    );
    const schedule = await tx.select().from(rotations).where(inArray(rotations.testId, templateTests));
    await insertBatched(schedule, (batch) =>
      tx.insert(rotations).values(
        batch.map((rotation) => ({
          ...rotation,
          id: randomUUID(),
          testId: testIds.get(rotation.testId)!,
          variantId: variantIds.get(rotation.variantId)!,
        })),
      ),
    );
    const notices = await tx.select().from(notifications).where(eq(notifications.userId, templateUserId));
    await insertBatched(notices, (batch) =>
      tx.insert(notifications).values(
        batch.map((notice) => {
          const testId = notice.testId ? testIds.get(notice.testId)! : null;
          return {
            ...notice,
            id: randomUUID(),
            userId: to.userId,
            testId,
            // Unique per event: the clone's is another event.
            eventKey: `${notice.eventKey}:${to.userId}`,
            // The template's mail went out (or not) already; a clone's past sends none.
            emailStatus: notice.emailStatus === 'pending' ? ('none' as const) : notice.emailStatus,
          };
        }),
      ),
    );
  }

  const videos = Object.keys(to.videoIds);
  const samples = await tx.select().from(metricSamples).where(inArray(metricSamples.videoId, videos));
  await insertBatched(samples, (batch) =>
    tx.insert(metricSamples).values(
      batch.map((sample) => ({
        ...sample,
        id: randomUUID(),
        videoId: video(sample.videoId),
        channelId: to.channelId,
      })),
    ),
  );
  const daily = await tx.select().from(dailyMetrics).where(inArray(dailyMetrics.videoId, videos));
  await insertBatched(daily, (batch) =>
    tx
      .insert(dailyMetrics)
      .values(
        batch.map((row) => ({
          ...row,
          id: randomUUID(),
          videoId: video(row.videoId),
          channelId: to.channelId,
        })),
      ),
  );
}
