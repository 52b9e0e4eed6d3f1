import type { PgBoss } from 'pg-boss';
import { adminJobs } from '../admin/capacity-alert';
import { demoJobs } from '../demo/demo-jobs';
import { notificationJobs } from '../notifications/notification-jobs';
import { disconnectJobs } from '../privacy/disconnect-channel';
import { privacyJobs } from '../privacy/privacy-jobs';
import type { ServiceContext } from '../platform/service-context';
import { teamJobs } from '../team/team-jobs';
import { titleTestJobs } from '../title-tests/title-test-jobs';
import type { FeatureJobs } from './feature-jobs';
import { maintenanceJobs } from './maintenance-jobs';

/** Every feature with queues. A new feature's jobs are added here and nowhere else. */
const features: readonly FeatureJobs[] = [
  maintenanceJobs,
  titleTestJobs,
  demoJobs,
  privacyJobs,
  disconnectJobs,
  notificationJobs,
  teamJobs,
  adminJobs,
];

/** Creates every queue. Every process does this, so a web-only node can enqueue. Idempotent. */
export async function createQueues(boss: PgBoss): Promise<void> {
  for (const feature of features) await feature.createQueues(boss);
}

/** Starts the workers and recurring schedules. Called by the web process (WORKERS=true) and by `npm run worker`. */
export async function startWorkers(boss: PgBoss, ctx: ServiceContext): Promise<void> {
  for (const feature of features) await feature.startWorkers(boss, ctx);
}
