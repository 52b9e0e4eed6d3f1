import { eq } from 'drizzle-orm';
import { notificationPreferences } from '../../db/schema';
import type { DbOrTx } from '../db/database';
import { EMAILED_BY_DEFAULT, notificationKinds, type NotificationKind } from '../shared/notification-kinds';

export type EmailChoices = Record<NotificationKind, boolean>;

/** Which kinds the user gets by e-mail: their choices over the defaults. */
export async function emailChoices(db: DbOrTx, userId: string): Promise<EmailChoices> {
  const [row] = await db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return Object.fromEntries(
    notificationKinds.map((kind) => [kind, row?.email[kind] ?? EMAILED_BY_DEFAULT[kind]]),
  ) as EmailChoices;
}

/** Sets some of the user's e-mail choices; the others keep theirs. Returns the whole set. */
export async function setEmailChoices(
  db: DbOrTx,
  userId: string,
  changes: Partial<EmailChoices>,
  now: Date,
): Promise<EmailChoices> {
  const merged = { ...(await emailChoices(db, userId)), ...changes };
  await db
    .insert(notificationPreferences)
    .values({ userId, email: merged, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { email: merged, updatedAt: now } });
  return merged;
}
