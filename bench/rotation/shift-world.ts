import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database';

/**
 * Moves every seeded time by `deltaMs`, both sides of the world at once, so the due slot starts
 * exactly when the benchmark decides after seeding (seeding time varies with the machine).
 */
export async function shiftWorld(db: Db, deltaMs: number): Promise<void> {
  const delta = sql`(${deltaMs}::double precision * interval '1 millisecond')`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`update rotations set planned_start = planned_start + ${delta}, planned_end = planned_end + ${delta},
      activated_at = activated_at + ${delta}, ended_at = ended_at + ${delta}`);
    await tx.execute(sql`update title_tests set start_date = start_date + ${delta}, end_date = end_date + ${delta},
      created_at = created_at + ${delta}, updated_at = updated_at + ${delta}`);
    await tx.execute(sql`update sim_title_history set since = since + ${delta}
      where video_id in (select id from sim_videos where account_id like 'sim-bench-%')`);
    await tx.execute(sql`update sim_videos set published_at = published_at + ${delta}, snippet_updated_at = snippet_updated_at + ${delta}
      where account_id like 'sim-bench-%'`);
  });
}
