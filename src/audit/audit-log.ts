import { auditLog } from '../../db/schema';
import type { DbOrTx } from '../db/database';

export interface AuditEntry {
  /** Who did it: the admin, or null for the system (a Stripe event). */
  actorUserId: string | null;
  /** What, as verb-noun: user.upgrade, user.downgrade, test.cancel, test.delete, billing.subscription-sync. */
  action: string;
  targetType: 'user' | 'test';
  targetId: string;
  before: unknown;
  after: unknown;
  at: Date;
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
