import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../src/app-context';
import { createDemoQueues, registerDemoJobs } from '../src/demo/demo-jobs';
import { registerNotificationJobs } from '../src/notifications/notification-jobs';
import { createNotificationQueues } from '../src/notifications/notification-queue';
import { registerPrivacyJobs } from '../src/privacy/privacy-jobs';
import { createPrivacyQueues } from '../src/privacy/privacy-queue';
import { createMaintenanceQueues, registerMaintenanceJobs } from './maintenance';
import { createMetricsQueues, registerMetricsJobs } from './metrics-jobs';
import { createTitleTestQueues } from './title-test-queue';
import { registerTitleTestJobs } from './title-test-jobs';

/** Creates every queue. Every process does this, so a web-only node can enqueue. Idempotent. */
export async function createQueues(boss: PgBoss): Promise<void> {
  await createMaintenanceQueues(boss);
  await createTitleTestQueues(boss);
  await createMetricsQueues(boss);
  await createDemoQueues(boss);
  await createPrivacyQueues(boss);
  await createNotificationQueues(boss);
}

/** Starts the workers and recurring schedules. Called by the web process (WORKERS=true) and by `npm run worker`. */
export async function startWorkers(boss: PgBoss, app: AppContext): Promise<void> {
  await registerMaintenanceJobs(boss, app);
  await registerTitleTestJobs(boss, app.engine);
  await registerMetricsJobs(boss, app.engine);
  await registerDemoJobs(boss, app);
  await registerPrivacyJobs(boss, app.engine);
  await registerNotificationJobs(boss, app);
}
