import { emailJob } from '../../src/notifications/notifications.jobs';
import { invitationEmailJob } from '../../src/team/team.jobs';
import type { TestApp } from './test-app';

/** The e-mail jobs: each queued e-mail is run through its definition, as the workers run it. */
const mailJobs = [emailJob, invitationEmailJob];

/** What the workers' e-mail jobs do, for every queued e-mail, through the same handlers. */
export async function deliverEmails(testApp: TestApp): Promise<number> {
  const { boss } = testApp.built.app;
  let delivered = 0;
  for (const job of mailJobs) {
    for (;;) {
      const jobs = await boss.fetch<unknown>(job.name, { batchSize: 10 });
      if (jobs.length === 0) break;
      for (const queued of jobs) {
        await job.run(testApp.built.app, queued.data);
        await boss.complete(job.name, queued.id);
        delivered += 1;
      }
    }
  }
  return delivered;
}
