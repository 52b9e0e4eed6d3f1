import type { PgBoss } from 'pg-boss';
import { capacityAlertJob } from '../src/admin';
import { demoCleanupJob, demoPrepareJob } from '../src/demo';
import { emailJob } from '../src/notifications';
import { createJobQueue, startJobWorker, type JobDefinition } from '../src/context/job';
import type { ServiceContext } from '../src/context/service-context';
import { disconnectJob, eraseAccountJob, retentionJob } from '../src/privacy';
import { invitationEmailJob } from '../src/team';
import { admissionJob, advanceJob, dailyMetricsJob, sampleViewsJob, tickJob } from '../src/title-tests';
import { purgeExpiredJob } from './maintenance';

/**
 * Every job the product runs, and how often. Each is declared once, with defineJob
 * (src/platform/job.ts), beside the feature code its handler calls; a new job is added here and
 * nowhere else. jobs/registry.test.ts holds the same table of names and schedules, checked.
 */
export const allJobs: readonly JobDefinition<object>[] = [
  // The title-test engine
  advanceJob, //        title-test.advance     when a test's next step is due (one per test at a time)
  tickJob, //           title-test.tick        every minute: overdue steps
  sampleViewsJob, //    metrics.sample-views   every 10 minutes: public view counters
  dailyMetricsJob, //   metrics.daily          01:30 Pacific: YouTube's daily figures, then due decisions
  admissionJob, //      capacity.admit         every 10 minutes, and when a test ends: queued tests that fit
  // Notifications and teams
  emailJob, //          notifications.email    one per notification e-mailed
  invitationEmailJob, // team.invitation-email  one per invitation e-mailed
  // Privacy
  eraseAccountJob, //   privacy.erase-account  one per account deletion (again a minute later while titles go back)
  disconnectJob, //     channels.disconnect    one per channel disconnection (likewise)
  retentionJob, //      privacy.retention      hourly at :41: ageing grants, old data, stuck deletions
  // Operations
  capacityAlertJob, //  admin.capacity-alert   every 10 minutes: admins told once a day past 80% of the quota
  purgeExpiredJob, //   maintenance.purge-expired  03:17 UTC: expired sessions, stale rate-limit windows, unused uploads, legacy uploads re-encoded
  // The demo (with DEMO_HISTORY only)
  demoPrepareJob, //    demo.prepare           every 5 minutes, at start, after a claim: a template fit to clone
  demoCleanupJob, //    demo.cleanup           hourly at :17: demo copies whose day is over
];

/** Creates every queue. Every process does this, so a web-only node can enqueue. Idempotent. */
export async function createQueues(boss: PgBoss): Promise<void> {
  for (const job of allJobs) await createJobQueue(boss, job);
}

/** Starts the workers and recurring schedules. Called by the web process (WORKERS=true) and by `npm run worker`. */
export async function startWorkers(boss: PgBoss, ctx: ServiceContext): Promise<void> {
  for (const job of allJobs) await startJobWorker(boss, ctx, job);
}
