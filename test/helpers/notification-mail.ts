import { handleEmailJob } from '../../src/notifications/notification-jobs';
import { EMAIL_QUEUE } from '../../src/notifications/notification-queue';
import type { TestApp } from './test-app';

/** What the workers' e-mail job does, for every queued e-mail, through the same handler. */
export async function deliverEmails(testApp: TestApp): Promise<number> {
  const { boss } = testApp.built.app;
  let delivered = 0;
  for (;;) {
    const jobs = await boss.fetch<unknown>(EMAIL_QUEUE, { batchSize: 10 });
    if (jobs.length === 0) return delivered;
    for (const job of jobs) {
      await handleEmailJob(testApp.built.app, job.data);
      await boss.complete(EMAIL_QUEUE, job.id);
      delivered += 1;
    }
  }
}
