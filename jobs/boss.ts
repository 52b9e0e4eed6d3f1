import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../src/db/database';

/**
 * pg-boss on the product's own database: PostgreSQL through its own pool, or the embedded
 * PGlite connection shared with drizzle (PGlite is single-connection).
 */
export function createBoss(database: Database, options: { schedule: boolean }): PgBoss {
  if (database.pglite) {
    return new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', schedule: options.schedule });
  }
  return new PgBoss({ connectionString: database.url!, schedule: options.schedule, max: 5 });
}
