import { and, count, eq, gt } from 'drizzle-orm';
import { teamInvitations } from '../../db/schema';
import { teamSeatLimit } from '../auth';
import type { UserRow } from '../../db/schema/users';
import type { DbOrTx } from '../db/database';
import { INVITATION_EMAILS_PER_ADDRESS_PER_DAY } from '../shared/team';

const DAY_MS = 86_400_000;

async function invitationsSince(db: DbOrTx, since: Date, where: ReturnType<typeof eq>): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teamInvitations)
    .where(and(where, gt(teamInvitations.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Whether a new invitation (already inserted in `db`'s transaction) may go out by e-mail. Each
 * invitation e-mail carries the owner's name in its subject and goes to an address the owner
 * typed, so both ends are rationed over the last day, withdrawn and replaced invitations
 * included: an owner's invitations are e-mailed up to one per seat of their plan, and an address
 * gets at most INVITATION_EMAILS_PER_ADDRESS_PER_DAY from all owners together. Past either, the
 * invitation still stands and its link is returned for the owner to pass on by hand, so nobody
 * can use the limit to keep an owner from inviting someone, and nobody's inbox fills up.
 */
export async function mayEmailInvitation(
  db: DbOrTx,
  owner: UserRow,
  email: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - DAY_MS);
  const byOwner = await invitationsSince(db, since, eq(teamInvitations.ownerUserId, owner.id));
  if (byOwner > teamSeatLimit(owner)) return false;
  const toAddress = await invitationsSince(db, since, eq(teamInvitations.email, email));
  return toAddress <= INVITATION_EMAILS_PER_ADDRESS_PER_DAY;
}
