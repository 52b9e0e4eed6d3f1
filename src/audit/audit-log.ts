import { auditLog, type titleTests } from '../../db/schema';
import type { DbOrTx } from '../db/database';

export interface AuditEntry {
  /** Who did it: the creator or their team member, the admin, or null for the system (a Stripe event). */
  actorUserId: string | null;
  /**
   * What, as noun.verb: test.create, test.pause, test.resume, test.complete, test.cancel,
   * test.delete, user.upgrade, user.downgrade, team.join, team.role, team.remove, team.leave,
   * billing.subscription-sync, account.erased, learning.pool-opt-in.
   */
  action: string;
  targetType: 'user' | 'test' | 'channel';
  targetId: string;
  before: unknown;
  after: unknown;
  at: Date;
}

/** What an audit row keeps of a test: enough to read the entry after the test is gone, and its owner. */
export function testAuditState(
  test: Pick<typeof titleTests.$inferSelect, 'status' | 'videoId' | 'videoTitle' | 'userId'>,
) {
  return { status: test.status, videoId: test.videoId, videoTitle: test.videoTitle, ownerId: test.userId };
}

/** Writes one audit row. Callers pass their transaction, so the row exists exactly when the change does. */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: entry.at,
  });
}
