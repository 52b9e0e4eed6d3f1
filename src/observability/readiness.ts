import { sql } from 'drizzle-orm';
import { pendingMigrations } from '../db/migration-status';
import type { Db } from '../db/database';
import { withinTimeout } from './within-timeout';

// Health and readiness (docs/operations.md#health): `/healthz` says the process lives and answers;
// `/readyz` says it may be given work. An orchestrator restarts a node whose /healthz fails and
// stops routing to one whose /readyz fails; a stopping node turns not-ready before anything closes.

/** A readiness probe answers within this long, or counts the check as failed. */
const CHECK_TIMEOUT_MS = 2_000;

/** What a node's readiness depends on, as the process tracks it. */
export interface Lifecycle {
  /** pg-boss has started (its schema installed, its supervisor running). */
  jobQueueStarted: boolean;
  /** A stop has begun (SIGTERM): the node takes no new work. */
  stopping: boolean;
}

export interface Readiness {
  ready: boolean;
  checks: {
    /** `select 1` answered. */
    database: boolean;
    /** Every migration this build carries is applied. */
    migrations: boolean;
    jobQueue: boolean;
    /** Not shutting down. */
    accepting: boolean;
  };
}

/** Runs every readiness check (a stopping node answers at once, without touching the database). */
export async function readinessOf(db: Db, lifecycle: Lifecycle): Promise<Readiness> {
  const accepting = !lifecycle.stopping;
  let database = false;
  let migrations = false;
  if (accepting) {
    try {
      await withinTimeout(db.execute(sql`select 1`), CHECK_TIMEOUT_MS);
      database = true;
      migrations = (await withinTimeout(pendingMigrations(db), CHECK_TIMEOUT_MS)) === 0;
    } catch {
      // Reported as a failed check: the probe's answer says which.
    }
  }
  const checks = { database, migrations, jobQueue: lifecycle.jobQueueStarted && accepting, accepting };
  return { ready: Object.values(checks).every(Boolean), checks };
}
