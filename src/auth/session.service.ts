import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions, teamMembers, users } from '../../db/schema';
import type { UserRow } from '../../db/schema/users';
import type { DbOrTx } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { liveMembership, teamOwnerJoin, teamOwners } from './membership';
import type { Membership } from '../api/declare/operation';

export const SESSION_COOKIE = 'session-token';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session: a 256-bit random token returned once; only its SHA-256 is stored. */
export async function createSession(
  db: DbOrTx,
  input: { userId: string; ttlDays: number; now: Date; userAgent?: string | undefined },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + input.ttlDays * 86_400_000);
  await db.insert(sessions).values({
    userId: input.userId,
    tokenHash: hashToken(token),
    expiresAt,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  });
  return { token, expiresAt };
}

/**
 * The user behind a token, with the team they work in, or nothing if the token is unknown, expired
 * or revoked. Every signed-in request runs this one statement: built once per database handle
 * (src/db/prepared.ts).
 */
const sessionUserQuery = preparedStatement((db) =>
  db
    .select({
      user: users,
      expiresAt: sessions.expiresAt,
      owner: teamOwners,
      role: teamMembers.role,
      since: teamMembers.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(teamMembers, eq(teamMembers.memberUserId, users.id))
    .leftJoin(teamOwners, teamOwnerJoin)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_user'),
);

export interface LiveSession {
  user: UserRow;
  expiresAt: Date;
  /** The team the user works in (src/auth/membership.ts), read with the session. */
  membership: Membership | null;
}

/** The live (unrevoked, unexpired) session a token opens, with its user. */
/** Whether a string has the shape of a session token (anything else opens no session). */
export function isTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{20,100}$/.test(token);
}

export async function findSession(db: DbOrTx, token: string, now: Date): Promise<LiveSession | null> {
  if (!isTokenShaped(token)) return null;
  const [row] = await sessionUserQuery(db).execute({ tokenHash: hashToken(token), now: now.toISOString() });
  return row ? { user: row.user, expiresAt: row.expiresAt, membership: liveMembership(row) } : null;
}

export async function revokeSession(db: DbOrTx, token: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
