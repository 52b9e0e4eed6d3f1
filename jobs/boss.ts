import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../src/db/database';

/**
 * pg-boss on the product's own database: PostgreSQL through its own pool, or the embedded
 * PGlite connection shared with drizzle (PGlite is single-connection).
 */
export function createBoss(database: Database, options: { schedule: boolean }): PgBoss {
  // With tracing on (src/observability/tracing.ts), a job carries the trace context it was sent in,
  // so the worker's run continues the request's trace; without it pg-boss's spans are no-ops.
  const openTelemetry = { propagateContext: true };
  if (database.pglite) {
    return new PgBoss({
      db: fromPglite(database.pglite),
      backend: 'pglite',
      schedule: options.schedule,
      openTelemetry,
    });
  }
  return new PgBoss({ connectionString: database.url!, schedule: options.schedule, max: 5, openTelemetry });
}
