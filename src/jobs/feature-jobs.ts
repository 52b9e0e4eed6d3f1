import type { PgBoss } from 'pg-boss';
import type { ServiceContext } from '../platform/service-context';

/**
 * What a feature exports for the job queue: its queues and its workers. The feature owns its
 * queue names, payload schemas and handlers (e.g. src/title-tests/title-test-jobs.ts); the
 * process only registers what the features export (src/jobs/index.ts), and the simulator's
 * fast-forward and the tests call the same handlers.
 */
export interface FeatureJobs {
  /** Creates the feature's queues. Every process does this, so a web-only node can enqueue. Idempotent. */
  createQueues(boss: PgBoss): Promise<void>;
  /** Starts the feature's workers and recurring schedules (web process with WORKERS=true, `npm run worker`). */
  startWorkers(boss: PgBoss, ctx: ServiceContext): Promise<void>;
}
