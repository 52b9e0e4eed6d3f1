import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from './job';
import type { ServiceContext } from './service-context';

const handled: string[] = [];
const job = defineJob({
  name: 'test.example',
  payload: z.object({ id: z.string().min(1) }),
  key: (payload) => payload.id,
  async handler(_ctx, { id }) {
    if (id === 'bad') throw new Error('refused');
    handled.push(id);
  },
});

function recordingBoss() {
  const sent: unknown[][] = [];
  const boss = {
    async send(...args: unknown[]) {
      sent.push(args);
      return 'job-id';
    },
  } as unknown as PgBoss;
  return { boss, sent };
}

describe('defineJob', () => {
  it('sends under its name, with the singleton key from the payload and the start time given', async () => {
    const { boss, sent } = recordingBoss();
    const at = new Date('2030-01-01T00:00:00Z');
    await job.send({ boss }, { id: 'a' }, { startAfter: at });
    // No transaction in the context: pg-boss writes the job on its own connection (no db option).
    expect(sent).toEqual([['test.example', { id: 'a' }, { singletonKey: 'a', startAfter: at }]]);
  });

  it('writes the job in the transaction the context carries', async () => {
    const { boss, sent } = recordingBoss();
    const client = new PGlite();
    const db = drizzle(client);
    await job.send({ boss, db: db as never }, { id: 'outside' });
    await db.transaction(async (tx) => job.send({ boss, db: tx as never }, { id: 'inside' }));
    await client.close();
    expect(sent.map(([, payload, options]) => [payload, 'db' in (options as object)])).toEqual([
      [{ id: 'outside' }, false],
      [{ id: 'inside' }, true],
    ]);
  });

  it('checks the payload before the handler runs, and settles each job of a batch on its own', async () => {
    const ctx = {} as ServiceContext;
    await expect(job.run(ctx, { id: '' })).rejects.toThrow();
    const results = await job.runEach(ctx, [
      { id: '1', data: { id: 'ok' } },
      { id: '2', data: { id: 'bad' } },
    ] as never);
    expect(results.map((result) => [result.id, result.status])).toEqual([
      ['1', 'completed'],
      ['2', 'failed'],
    ]);
    expect(handled).toEqual(['ok']);
  });
});
