import { desc, eq, inArray } from 'drizzle-orm';
import { titleTests, users } from '../../db/schema';
import {
  scheduleAdvance,
  isRunning,
  applyTestAction,
  removeTestMarkedForDeletion,
  cardsOf,
  type TitleTestRow,
  type TitleTestView,
  type EngineContext,
} from '../title-tests';
import { withTx, type ServiceContext } from '../context/service-context';
import { recordAudit, testAuditState } from '../audit';
import type { UserRow } from '../../db/schema/users';
import type { Tx } from '../db/database';
import { notFound } from '../errors/app-error';
import type { AdminTest } from './admin.schemas';

async function findTest(ctx: ServiceContext, testId: string): Promise<TitleTestRow> {
  const [test] = await ctx.db.select().from(titleTests).where(eq(titleTests.id, testId)).limit(1);
  if (!test) throw notFound('Test');
  return test;
}

export type TestOwner = AdminTest['owner'];

/** The owners of the given users' tests, by user id (one statement). */
export async function ownersOf(ctx: ServiceContext, userIds: string[]): Promise<Map<string, TestOwner>> {
  const ids = [...new Set(userIds)];
  const owners =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: users.id, email: users.email, name: users.name })
          .from(users)
          .where(inArray(users.id, ids));
  return new Map(owners.map((owner) => [owner.id, owner]));
}

/** A test's card as the admin sees it: with its owner and whether its deletion is pending. */
export function adminTestView(view: TitleTestView, test: TitleTestRow, owner: TestOwner): AdminTest {
  return { ...view, owner, deletionPending: test.deletionRequestedAt !== null };
}

/** Tests with their KPIs (the dashboard's figures) and owners. */
export async function adminTestViews(ctx: ServiceContext, tests: TitleTestRow[]): Promise<AdminTest[]> {
  const [ownerOf, cards] = await Promise.all([
    ownersOf(
      ctx,
      tests.map((test) => test.userId),
    ),
    cardsOf(
      ctx,
      tests.map((test) => test.id),
    ),
  ]);
  // A test deleted since the list was read has no card and is left out.
  return tests.flatMap((test) => {
    const card = cards.get(test.id);
    return card ? [adminTestView(card, test, ownerOf.get(test.userId)!)] : [];
  });
}

/** Every user's tests, newest first. */
export async function listTestsForAdmin(ctx: EngineContext): Promise<AdminTest[]> {
  const tests = await ctx.db.select().from(titleTests).orderBy(desc(titleTests.createdAt));
  return adminTestViews(ctx, tests);
}

/** Cancels anyone's running test; its job puts the original title back (as the owner's Cancel does). */
export async function cancelTestAsAdmin(
  ctx: EngineContext,
  actor: UserRow,
  testId: string,
): Promise<{ message: string }> {
  const test = await findTest(ctx, testId);
  await applyTestAction(ctx, test, 'cancel', (tx) =>
    recordAudit(tx, {
      actorUserId: actor.id,
      action: 'test.cancel',
      targetType: 'test',
      targetId: test.id,
      before: testAuditState(test),
      after: { ...testAuditState(test), status: 'cancelled' },
      at: ctx.clock.now(),
    }),
  );
  return { message: 'Test cancelled. The original title is being restored on YouTube.' };
}

/**
 * Deletes anyone's test without stranding a test title on the video: a running test is cancelled
 * first and marked, and its job deletes it once the original title is back; an ended test whose
 * final title is in place goes at once. The audit row commits with the change.
 */
export async function deleteTestAsAdmin(
  ctx: EngineContext,
  actor: UserRow,
  testId: string,
): Promise<{ message: string }> {
  const test = await findTest(ctx, testId);
  const now = ctx.clock.now();
  const audit = (tx: Tx, after: unknown) =>
    recordAudit(tx, {
      actorUserId: actor.id,
      action: 'test.delete',
      targetType: 'test',
      targetId: test.id,
      before: testAuditState(test),
      after,
      at: now,
    });

  if (isRunning(test.status)) {
    await applyTestAction(ctx, test, 'cancel', async (tx) => {
      await tx.update(titleTests).set({ deletionRequestedAt: now }).where(eq(titleTests.id, test.id));
      await audit(tx, { status: 'cancelled', deletionRequested: true });
    });
    return {
      message: 'Test cancelled. It will be deleted as soon as its original title is back on YouTube.',
    };
  }

  const outcome = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(titleTests).where(eq(titleTests.id, test.id)).for('update');
    if (!locked) throw notFound('Test');
    if (locked.appliedTitle !== null) {
      await tx.update(titleTests).set({ deletionRequestedAt: now }).where(eq(titleTests.id, test.id));
      await removeTestMarkedForDeletion(tx, test.id);
      await audit(tx, { deleted: true });
      return 'deleted' as const;
    }
    // The final title is not on YouTube yet: the test's job applies it, then deletes the test.
    await tx.update(titleTests).set({ deletionRequestedAt: now }).where(eq(titleTests.id, test.id));
    await scheduleAdvance(withTx(ctx, tx), test.id, now);
    await audit(tx, { deletionRequested: true });
    return 'pending' as const;
  });
  return {
    message:
      outcome === 'deleted'
        ? 'Test deleted.'
        : 'The test will be deleted as soon as its final title is applied on YouTube.',
  };
}
