import { z } from 'zod';
import { defineJob } from '../context/job';
import { alertAdminsNearCapacity } from './capacity-alert';

/** Every 10 minutes (the admission pass's beat): e-mails the admins once a day past 80% of the quota forecast. */
export const capacityAlertJob = defineJob({
  name: 'admin.capacity-alert',
  payload: z.object({}),
  queue: { policy: 'stately' },
  schedule: { cron: '*/10 * * * *', tz: 'UTC' },
  async handler(ctx) {
    const told = await alertAdminsNearCapacity(ctx);
    if (told.length > 0) ctx.log.warn({ told }, 'YouTube quota forecast past 80%: admins e-mailed');
  },
});
