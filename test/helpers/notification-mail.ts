import { handleEmailJob } from '../../src/notifications/notification-jobs';
import { EMAIL_QUEUE } from '../../src/notifications/notification-queue';
import { handleInvitationEmailJob } from '../../src/team/team-jobs';
import { INVITATION_EMAIL_QUEUE } from '../../src/team/team-queue';
import type { TestApp } from './test-app';

/** The e-mail queues and the handler the workers run for each. */
const mailQueues = [
  { queue: EMAIL_QUEUE, handle: handleEmailJob },
  { queue: INVITATION_EMAIL_QUEUE, handle: handleInvitationEmailJob },
];

/** What the workers' e-mail jobs do, for every queued e-mail, through the same handlers. */
export async function deliverEmails(testApp: TestApp): Promise<number> {
  const { boss } = testApp.built.app;
  let delivered = 0;
  for (const { queue, handle } of mailQueues) {
    for (;;) {
      const jobs = await boss.fetch<unknown>(queue, { batchSize: 10 });
      if (jobs.length === 0) break;
      for (const job of jobs) {
        await handle(testApp.built.app, job.data);
        await boss.complete(queue, job.id);
        delivered += 1;
      }
    }
  }
  return delivered;
}
