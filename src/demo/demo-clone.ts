import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { channelConnections, notifications, rotations, titleTests, titleVariants } from '../../db/schema';
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

  // The measurements, the bulk of the rows, are copied inside the database.
  const videoMap = JSON.stringify(to.videoIds);
  await tx.execute(sql`
    insert into metric_samples (video_id, channel_id, sampled_at, view_count, like_count, comment_count)
    select map.value, ${to.channelId}, s.sampled_at, s.view_count, s.like_count, s.comment_count
    from metric_samples s join jsonb_each_text(${videoMap}::jsonb) map on map.key = s.video_id`);
  await tx.execute(sql`
    insert into daily_metrics (video_id, channel_id, day, views, average_view_duration_sec,
      estimated_minutes_watched, impressions, impressions_ctr, fetched_at)
    select map.value, ${to.channelId}, d.day, d.views, d.average_view_duration_sec,
      d.estimated_minutes_watched, d.impressions, d.impressions_ctr, d.fetched_at
    from daily_metrics d join jsonb_each_text(${videoMap}::jsonb) map on map.key = d.video_id`);
}
