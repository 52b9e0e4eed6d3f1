import { and, eq, isNull } from 'drizzle-orm';
import { titleTests, users } from '../../db/schema';
import { eraseAccountJob } from './privacy.jobs';
import { revokeAllSessions } from '../auth';
import type { UserRow } from '../../db/schema/users';
import type { Tx } from '../db/database';
import { badRequest, conflict, forbidden } from '../errors/app-error';
import { applyTestAction, isRunning, removeTestMarkedForDeletion, type EngineContext } from '../title-tests';

export const ACCOUNT_DELETION_STARTED =
  'Your account is being deleted. Running tests stop and their original titles go back on YouTube first; then your tests, figures and Google access are removed.';

/**
 * The creator deletes their account. At once: every session ends and every running test is
 * cancelled (the test's job puts its original title back, then deletes the test). The privacy
 * job then revokes the Google grant and erases the rest (erase-account.ts). Refused, changing
 * nothing: a wrong confirmation, the demo account, and a paid subscription still billing.
 */
export async function requestAccountDeletion(
  ctx: EngineContext,
  user: UserRow,
  input: { confirmEmail: string },
): Promise<{ message: string }> {
  if (input.confirmEmail.toLowerCase() !== user.email.toLowerCase())
    throw badRequest('The e-mail address does not match your account. Type it exactly to confirm.');
  if (user.isDemo)
    throw forbidden('The demo account cannot be deleted. It is removed by itself a day after it opened.');
  if (user.stripeSubscriptionId && user.subscriptionStatus === 'active')
    throw conflict(
      'Your subscription is still active. Cancel it under “Manage subscription” first, so you are not charged again, then delete your account.',
    );
  const now = ctx.clock.now();
  const marked = await ctx.db
    .update(users)
    .set({ deletionRequestedAt: now, updatedAt: now })
    .where(and(eq(users.id, user.id), isNull(users.deletionRequestedAt)))
    .returning({ id: users.id });
  await revokeAllSessions(ctx.db, user.id, now);
  if (marked.length === 0) return { message: ACCOUNT_DELETION_STARTED };

  const tests = await ctx.db.select().from(titleTests).where(eq(titleTests.userId, user.id));
  for (const test of tests) {
    const requestDeletion = async (tx: Tx) => {
      await tx.update(titleTests).set({ deletionRequestedAt: now }).where(eq(titleTests.id, test.id));
    };
    if (isRunning(test.status)) {
      await applyTestAction(ctx, test, 'cancel', requestDeletion);
    } else {
      await ctx.db.transaction(async (tx) => {
        await requestDeletion(tx);
        // An ended test whose final title is on YouTube goes now; another waits for its job.
        await removeTestMarkedForDeletion(tx, test.id);
      });
    }
  }
  await eraseAccountJob.send(ctx, { userId: user.id });
  return { message: ACCOUNT_DELETION_STARTED };
}
