import { sql } from 'drizzle-orm';
import { fromDrizzle, type PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { DbOrTx } from '../db/database';
import type { ServiceContext } from '../platform/service-context';

/** Sends one invitation's e-mail (keyed by invitation: queued once, retried on SMTP failure). */
export const INVITATION_EMAIL_QUEUE = 'team.invitation-email';
export const invitationEmailPayloadSchema = z.object({ invitationId: z.uuid() });

export async function createTeamQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(INVITATION_EMAIL_QUEUE, {
    policy: 'stately',
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
  });
}

/** Queues the e-mail of an invitation in the transaction that creates it. */
export async function queueInvitationEmail(
  ctx: ServiceContext,
  db: DbOrTx,
  invitationId: string,
): Promise<void> {
  await ctx.boss.send(
    INVITATION_EMAIL_QUEUE,
    { invitationId },
    {
      singletonKey: invitationId,
      ...(db === ctx.db ? {} : { db: fromDrizzle(db as unknown as Parameters<typeof fromDrizzle>[0], sql) }),
    },
  );
}
