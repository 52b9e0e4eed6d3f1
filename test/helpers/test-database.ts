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
  // Two files copying the template at the same instant can collide; try again briefly.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.unsafe(`create database ${name} template ${provided.template}`);
      break;
    } catch (error) {
      if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  // A test database need not survive a crash of PostgreSQL itself: commits return without waiting
  // for the disk (a crashed client process, as the crash suite kills, still loses nothing committed).
  await admin.unsafe(`alter database ${name} set synchronous_commit = off`);
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
