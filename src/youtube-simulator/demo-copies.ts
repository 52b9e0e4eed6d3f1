import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { simAccounts } from '../../db/schema';
import type { Db } from '../db/database';
import { DEMO_ACCOUNT_ID, type SimulatedAccount } from './accounts';
import { videoCatalog } from './video-catalog';
import { insertCatalogVideo, simulatedVideoId } from './video-store';

/**
 * A fresh Google account owning a copy of the demo channel, for one demo visitor. Its uploads are
 * the demo channel's catalog, published relative to `at` (the account's own clock when given),
 * and every copy's video of a catalog entry has the same ground truth (the seed names the entry,
 * not the copy), so every visitor's demo plays out alike.
 */
export async function createDemoCopyAccount(
  db: Db,
  options: { deploymentNow: Date; at: Date | null },
): Promise<SimulatedAccount> {
  const key = randomBytes(6).toString('hex');
  const suffix = `Copy${key}000`;
  const account: SimulatedAccount = {
    id: `sim-demo-${key}`,
    email: `demo+${key}@titlewise.app`,
    name: 'Demo Creator',
    channelId: `UCsim${suffix}`,
    channelTitle: 'Titlewise Demo Kitchen',
    uploadsPlaylistId: `UUsim${suffix}`,
  };
  const now = options.at ?? options.deploymentNow;
  await db.transaction(async (tx) => {
    await tx.insert(simAccounts).values({ ...account, clockAt: options.at, demoCopy: true });
    for (const [index, entry] of (videoCatalog[DEMO_ACCOUNT_ID] ?? []).entries()) {
      const id = simulatedVideoId(account.id, index);
      await insertCatalogVideo(tx, account.id, entry, { id, seed: `demo-copy/${index}`, now });
    }
  });
  return account;
}

/** Moves a copy to its own instant, or (null) back onto the deployment's clock. */
export async function setAccountClock(db: Db, accountId: string, at: Date | null): Promise<boolean> {
  const updated = await db
    .update(simAccounts)
    .set({ clockAt: at })
    .where(eq(simAccounts.id, accountId))
    .returning({ id: simAccounts.id });
  return updated.length > 0;
}

/** Removes a demo copy with everything Google held for it (videos, tokens, reports). */
export async function deleteDemoCopyAccount(db: Db, accountId: string): Promise<boolean> {
  const deleted = await db
    .delete(simAccounts)
    .where(and(eq(simAccounts.id, accountId), eq(simAccounts.demoCopy, true)))
    .returning({ id: simAccounts.id });
  return deleted.length > 0;
}
