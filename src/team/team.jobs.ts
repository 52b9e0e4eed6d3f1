import { z } from 'zod';
import { defineJob } from '../context/job';
import { sendInvitationEmail } from './invitation-email';

/**
 * Sends one invitation's e-mail: keyed by invitation (queued once), retried on SMTP failure.
 * Queued in the transaction that creates the invitation.
 */
export const invitationEmailJob = defineJob({
  name: 'team.invitation-email',
  payload: z.object({ invitationId: z.uuid() }),
  queue: { policy: 'stately', retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  key: (payload) => payload.invitationId,
  handler: (ctx, payload) => sendInvitationEmail(ctx, payload.invitationId),
});
