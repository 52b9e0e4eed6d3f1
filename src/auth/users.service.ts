import { eq } from 'drizzle-orm';
import { findMembership, membershipView } from './membership';
import type { Membership } from '../api/declare/operation';
import { users } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import type { Config } from '../config';
import { chosenChannel } from '../channels';
import type { DbOrTx } from '../db/database';
import { conflict, notFound } from '../errors/app-error';
import type { PublicUser } from './auth.schemas';
import { isAdmin, isFounder } from './roles';
import type { UserRow } from '../../db/schema/users';

function usernameFrom(email: string): string {
  return (
    email
      .split('@')[0]!
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 40) || 'creator'
  );
}

/** Creates the user on first sign-in, or refreshes their name; matched by Google subject, then e-mail. */
export async function upsertGoogleUser(
  ctx: ServiceContext,
  db: DbOrTx,
  profile: { sub: string; email: string; name: string; isDemo?: boolean },
): Promise<UserRow> {
  const email = profile.email.toLowerCase();
  const [bySubject] = await db.select().from(users).where(eq(users.googleSubject, profile.sub)).limit(1);
  const [byEmail] = bySubject
    ? [bySubject]
    : await db.select().from(users).where(eq(users.email, email)).limit(1);
  const now = ctx.clock.now();
  if (byEmail?.deletionRequestedAt)
    throw conflict(
      'This account is being deleted. Once that is finished (within a few days at most), you can sign up again.',
    );
  if (byEmail) {
    const [updated] = await db
      .update(users)
      .set({ name: profile.name, email, googleSubject: profile.sub, updatedAt: now })
      .where(eq(users.id, byEmail.id))
      .returning();
    return updated!;
  }
  const [created] = await db
    .insert(users)
    .values({
      email,
      name: profile.name,
      username: usernameFrom(email),
      googleSubject: profile.sub,
      isDemo: profile.isDemo ?? false,
      isAdmin: ctx.config.adminEmails.includes(email),
    })
    .returning();
  return created!;
}

/** A user as every view shows them (the user's own header, the admin console): who, which plan, admin or not. */
export type UserAccount = Pick<
  PublicUser,
  | 'id'
  | 'email'
  | 'name'
  | 'username'
  | 'subscriptionTier'
  | 'subscriptionStatus'
  | 'isLifetime'
  | 'isAdmin'
  | 'createdAt'
>;

export function toUserAccount(config: Config, user: UserRow): UserAccount {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    username: user.username,
    subscriptionTier: user.subscriptionTier,
    subscriptionStatus: user.subscriptionStatus,
    isLifetime: user.isLifetime,
    isAdmin: isAdmin(config, user),
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * The user as the client sees them. `membership` is the team the session lookup already read
 * (src/auth/session.service.ts); a caller without a session at hand (just signed in) leaves it
 * out and it is read here.
 */
export async function toPublicUser(
  ctx: ServiceContext,
  user: UserRow,
  membership?: Membership | null,
): Promise<PublicUser> {
  const [connection, team] = await Promise.all([
    chosenChannel(ctx.db, user, undefined),
    membership === undefined ? findMembership(ctx.db, user.id) : membership,
  ]);
  return {
    ...toUserAccount(ctx.config, user),
    isFounder: isFounder(ctx.config, user),
    isDemo: user.isDemo,
    hasBillingAccount: user.stripeCustomerId !== null,
    youtubeChannelTitle: connection?.title ?? null,
    channelStatus: connection?.status ?? null,
    team: membershipView(team),
    timeZone: user.timeZone,
  };
}

/** Remembers the browser's time zone for what the server writes this person (src/shared/moments.ts). */
export async function setTimeZone(
  ctx: ServiceContext,
  user: UserRow,
  timeZone: string,
): Promise<{ timeZone: string }> {
  if (user.timeZone !== timeZone)
    await ctx.db.update(users).set({ timeZone, updatedAt: new Date() }).where(eq(users.id, user.id));
  return { timeZone };
}

/** The zone the server writes a user's messages in: their browser's, or null (Pacific). */
export async function messageTimeZoneOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.timeZone ?? null;
}

export async function getUser(db: DbOrTx, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User');
  return user;
}
