import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { projectRoot } from '../platform/project-root';
import type { Db } from './database';
import { rowsOf } from './rows';

/** How many migrations this build carries (db/migrations/meta/_journal.json), read once. */
let shipped: number | null = null;
function shippedMigrations(): number {
  shipped ??= (
    JSON.parse(readFileSync(join(projectRoot, 'db/migrations/meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;
  return shipped;
}

/**
 * Migrations this build carries that the database has not applied (drizzle's own record,
 * drizzle.__drizzle_migrations): 0 when the schema is the one the code expects. A database
 * migrated by a newer build answers 0 too (it has more, not fewer).
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const [row] = rowsOf<{ applied: number }>(
    await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`),
  );
  return Math.max(0, shippedMigrations() - Number(row?.applied ?? 0));
}
