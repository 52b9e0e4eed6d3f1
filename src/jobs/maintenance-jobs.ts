import { lt, or, isNotNull } from 'drizzle-orm';
import type { FeatureJobs } from './feature-jobs';
import { rateLimits, sessions } from '../../db/schema';
import type { ServiceContext } from '../platform/service-context';

export const PURGE_QUEUE = 'maintenance.purge-expired';

/** Removes expired or revoked sessions and stale rate-limit windows. Idempotent. */
export async function purgeExpired(app: ServiceContext): Promise<{ sessions: number; rateLimits: number }> {
  const now = app.clock.now();
  const removedSessions = await app.db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const removedWindows = await app.db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)))
    .returning({ key: rateLimits.key });
  return { sessions: removedSessions.length, rateLimits: removedWindows.length };
}

/** Daily housekeeping: expired sessions and stale rate-limit windows. */
export const maintenanceJobs: FeatureJobs = {
  async createQueues(boss) {
    await boss.createQueue(PURGE_QUEUE);
  },
  async startWorkers(boss, ctx) {
    await boss.schedule(PURGE_QUEUE, '17 3 * * *', {}, { tz: 'UTC' });
    await boss.work(PURGE_QUEUE, async () => {
      const removed = await purgeExpired(ctx);
      ctx.log.info(removed, 'Purged expired sessions and rate-limit windows');
    });
  },
};
