import { sql } from 'drizzle-orm';
import { fromDrizzle, type PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { ServiceContext } from '../platform/service-context';
import type { Tx } from '../db/database';

/**
 * Every title change of a test (rotations, the final title) is one `title-test.advance` job keyed
 * by the test id on a singleton queue: at most one runs per test at a time, so a rotation and a
 * cancel can never race on the live title. The payload carries the id only; the handler re-reads
 * what is due from the database.
 */
export const ADVANCE_QUEUE = 'title-test.advance';
export const TICK_QUEUE = 'title-test.tick';
export const advancePayloadSchema = z.object({ testId: z.uuid() });
export type AdvancePayload = z.infer<typeof advancePayloadSchema>;

export async function createTitleTestQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(ADVANCE_QUEUE, {
    policy: 'singleton',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 300,
  });
  await boss.createQueue(TICK_QUEUE, { policy: 'stately' });
}

/**
 * Enqueues an advance of the test at `at` (product time). Inside a transaction pass `tx`, so the
 * job exists exactly when the write that needs it commits.
 */
export async function scheduleAdvance(app: ServiceContext, testId: string, at: Date, tx?: Tx): Promise<void> {
  // The product clock may run ahead of the database's (simulator, tests): convert to real time.
  const offset = app.clock.now().getTime() - Date.now();
  const startAfter = new Date(Math.max(Date.now(), at.getTime() - offset));
  const payload: AdvancePayload = { testId };
  await app.boss.send(ADVANCE_QUEUE, payload, {
    singletonKey: testId,
    startAfter,
    ...(tx ? { db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) } : {}),
  });
}
