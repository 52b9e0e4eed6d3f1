import { desc, eq } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import type { AuditEntryView } from './admin.schemas';

/** How many entries the admin console shows, newest first. */
export const AUDIT_PAGE_SIZE = 200;

/** The newest audit entries: who did what to which test, user or channel, and when. */
export async function listAuditLog(ctx: ServiceContext): Promise<AuditEntryView[]> {
  const rows = await ctx.db
    .select({ entry: auditLog, actorEmail: users.email, actorName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE);
  return rows.map(({ entry, actorEmail, actorName }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    actor: entry.actorUserId ? { id: entry.actorUserId, email: actorEmail, name: actorName } : null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
}
