import { lt, or, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { rateLimits, sessions } from '../db/schema';
import { purgeUnusedUploads, reencodeLegacyUploads } from '../src/images';
import { defineJob } from '../src/context/job';
import { systemClock } from '../src/platform/clock';
import type { ServiceContext } from '../src/context/service-context';

/**
 * Removes expired or revoked sessions, stale rate-limit windows and unused uploads, and re-encodes
 * a batch of uploads stored as sent before every upload was re-encoded. Idempotent.
 */
export async function purgeExpired(
  ctx: ServiceContext,
): Promise<{ sessions: number; rateLimits: number; uploads: number; legacyReencoded: number }> {
  const now = ctx.clock.now();
  const removedSessions = await ctx.db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  // Rate-limit windows run on the machine's clock (src/api/within-limit.ts), not the product's: a
  // simulated clock moved days ahead must not purge the windows still open.
  const removedWindows = await ctx.db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(systemClock.now().getTime() - 86_400_000)))
    .returning({ key: rateLimits.key });
  const uploads = await purgeUnusedUploads(ctx.db, now);
  const legacy = await reencodeLegacyUploads(ctx);
  return {
    sessions: removedSessions.length,
    rateLimits: removedWindows.length,
    uploads,
    legacyReencoded: legacy.reencoded,
  };
}

/** Daily housekeeping: expired sessions, stale rate-limit windows, uploads no test uses after a week, legacy uploads re-encoded. */
export const purgeExpiredJob = defineJob({
  name: 'maintenance.purge-expired',
  payload: z.object({}),
  schedule: { cron: '17 3 * * *', tz: 'UTC' },
  async handler(ctx): Promise<void> {
    const removed = await purgeExpired(ctx);
    ctx.log.info(
      removed,
      'Purged expired sessions, rate-limit windows and unused uploads; re-encoded legacy uploads',
    );
  },
});
