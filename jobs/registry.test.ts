import { describe, expect, it } from 'vitest';
import { allJobs } from '.';

describe('the job registry', () => {
  it('lists every job once, under the names the database knows, with its schedule', () => {
    // pg-boss keeps queued jobs and schedules under these names: renaming one strands them.
    expect(
      allJobs.map((job) => [job.name, job.schedule ? `${job.schedule.cron} ${job.schedule.tz}` : null]),
    ).toEqual([
      ['title-test.advance', null],
      ['title-test.tick', '* * * * * UTC'],
      ['metrics.sample-views', '*/10 * * * * UTC'],
      ['metrics.daily', '30 1 * * * America/Los_Angeles'],
      ['capacity.admit', '*/10 * * * * UTC'],
      ['notifications.email', null],
      ['team.invitation-email', null],
      ['privacy.erase-account', null],
      ['channels.disconnect', null],
      ['privacy.retention', '41 * * * * UTC'],
      ['admin.capacity-alert', '*/10 * * * * UTC'],
      ['maintenance.purge-expired', '17 3 * * * UTC'],
      ['demo.prepare', '*/5 * * * * UTC'],
      ['demo.cleanup', '17 * * * * UTC'],
    ]);
  });
});
