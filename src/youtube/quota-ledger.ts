import { sql } from 'drizzle-orm';
import { quotaLedger, users } from '../../db/schema';
import type { DbOrTx } from '../db/database';
import { pacificDay } from '../time/pacific';

/**
 * YouTube Data API v3 unit costs (docs/youtube.md#quota). Analytics and Reporting have their own
 * quotas: 0 here.
 */
export const quotaCosts = {
  'channels.list': 1,
  'playlistItems.list': 1,
  'videos.list': 1,
  'videos.update': 50,
  'videos.batchGetStats': 1,
  'thumbnails.set': 50,
  'youtubeAnalytics.reports.query': 0,
  'youtubereporting.jobs.create': 0,
  'youtubereporting.jobs.list': 0,
  'youtubereporting.reports.list': 0,
  'youtubereporting.media.download': 0,
  'oauth2.userinfo': 0,
} as const;
export type QuotaMethod = keyof typeof quotaCosts;

export async function recordQuotaUse(
  db: DbOrTx,
  entry: {
    method: QuotaMethod;
    at: Date;
    channelConnectionId?: string | null;
    outcome?: string;
    /** Units actually charged when they differ from the method's cost (a call refused for quota costs none). */
    units?: number;
    /** A read made on a user's request (their share), rather than a job's call. */
    purpose?: 'engine' | 'user-read';
    /** The account whose grant made the call: a demo copy's calls are marked sandbox. */
    ownerUserId?: string | null;
  },
): Promise<void> {
  await db.insert(quotaLedger).values({
    day: pacificDay(entry.at),
    method: entry.method,
    units: entry.units ?? quotaCosts[entry.method],
    channelConnectionId: entry.channelConnectionId ?? null,
    outcome: entry.outcome ?? 'ok',
    purpose: entry.purpose ?? 'engine',
    sandbox: entry.ownerUserId
      ? sql`coalesce((select ${users.isDemo} from ${users} where ${users.id} = ${entry.ownerUserId}), false)`
      : false,
    at: entry.at,
  });
}
