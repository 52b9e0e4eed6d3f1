import type { FeatureJobs } from '../jobs/feature-jobs';
import type { ServiceContext } from '../platform/service-context';
import { sendInvitationEmail } from './invitation-email';
import { createTeamQueues, INVITATION_EMAIL_QUEUE, invitationEmailPayloadSchema } from './team-queue';

/** One invitation e-mail job: the invitation's link goes out, once. */
export async function handleInvitationEmailJob(ctx: ServiceContext, payload: unknown): Promise<void> {
  await sendInvitationEmail(ctx, invitationEmailPayloadSchema.parse(payload).invitationId);
}

export const teamJobs: FeatureJobs = {
  createQueues: createTeamQueues,
  async startWorkers(boss, ctx) {
    await boss.work(INVITATION_EMAIL_QUEUE, async ([job]) => handleInvitationEmailJob(ctx, job?.data));
  },
};
