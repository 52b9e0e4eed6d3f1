import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { DatabaseTarget } from '../../src/db/database';

export interface TestDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

/** A fresh database for one test file: a copy of the migrated template, or an in-memory PGlite. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const provided = inject('testDatabase');
  if (provided.kind === 'pglite') {
    return { target: { kind: 'pglite', dataDir: null }, drop: async () => {} };
  }
  const name = `titlewise_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(provided.adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${provided.template}`);
  await admin.end();
  const url = new URL(provided.adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    async drop() {
      const dropper = postgres(provided.adminUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
