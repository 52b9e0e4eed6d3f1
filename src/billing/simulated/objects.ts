import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { simStripeObjects } from '../../../db/schema';
import type { DbOrTx } from '../../db/database';

/** Stripe-shaped objects of the simulated Stripe: the fields Titlewise reads, named as Stripe names them. */
export interface SimCustomer {
  id: string;
  object: 'customer';
  email: string;
  name: string;
  metadata: Record<string, string>;
}

export interface SimCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  customer: string;
  subscription: string | null;
  client_reference_id: string;
  price: string;
  plan: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
  /** Unix seconds after which an open checkout can no longer be paid (absent on older rows: lapsed). */
  expires_at?: number;
}

export interface SimSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'past_due' | 'canceled';
  items: { object: 'list'; data: Array<{ price: { id: string } }> };
  metadata: Record<string, string>;
}

export interface SimInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'open';
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
}

export interface SimPortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string;
  url: string;
  /** Unix seconds after which the portal link no longer opens (absent on older rows: lapsed). */
  expires_at?: number;
}

export type SimObject = SimCustomer | SimCheckoutSession | SimSubscription | SimInvoice | SimPortalSession;

export function simulatedId(prefix: string): string {
  return `${prefix}_sim_${randomBytes(12).toString('hex')}`;
}

export async function insertObject<T extends SimObject>(
  db: DbOrTx,
  object: T,
  idempotencyKey?: string,
): Promise<T> {
  await db
    .insert(simStripeObjects)
    .values({ id: object.id, object: object.object, data: object, idempotencyKey: idempotencyKey ?? null });
  return object;
}

export async function findObject<T extends SimObject>(
  db: DbOrTx,
  id: string,
  kind: T['object'],
): Promise<T | null> {
  const [row] = await db.select().from(simStripeObjects).where(eq(simStripeObjects.id, id)).limit(1);
  return row && row.object === kind ? (row.data as T) : null;
}

export async function findByIdempotencyKey<T extends SimObject>(db: DbOrTx, key: string): Promise<T | null> {
  const [row] = await db
    .select()
    .from(simStripeObjects)
    .where(eq(simStripeObjects.idempotencyKey, key))
    .limit(1);
  return row ? (row.data as T) : null;
}

export async function saveObject<T extends SimObject>(db: DbOrTx, object: T): Promise<T> {
  await db.update(simStripeObjects).set({ data: object }).where(eq(simStripeObjects.id, object.id));
  return object;
}

/** Locks an object for a read-modify-write (a double-clicked Subscribe must not subscribe twice). */
export async function lockObject<T extends SimObject>(
  db: DbOrTx,
  id: string,
  kind: T['object'],
): Promise<T | null> {
  const [row] = await db
    .select()
    .from(simStripeObjects)
    .where(eq(simStripeObjects.id, id))
    .for('update')
    .limit(1);
  return row && row.object === kind ? (row.data as T) : null;
}

/** A customer's current subscription: the newest one still granting access, else the newest. */
export async function currentSubscriptionOf(db: DbOrTx, customerId: string): Promise<SimSubscription | null> {
  const rows = await db
    .select()
    .from(simStripeObjects)
    .where(
      and(
        eq(simStripeObjects.object, 'subscription'),
        sql`${simStripeObjects.data}->>'customer' = ${customerId}`,
      ),
    )
    .orderBy(desc(simStripeObjects.createdAt));
  const subscriptions = rows.map((row) => row.data as SimSubscription);
  return subscriptions.find((subscription) => subscription.status !== 'canceled') ?? subscriptions[0] ?? null;
}
