import type { TestProject } from 'vitest/node';
import postgres from 'postgres';
import { openDatabase } from '../../src/db/database';
import { createBoss } from '../../jobs/boss';

/**
 * Decides, once per run, where integration tests get their databases: PostgreSQL
 * (TEST_DATABASE_URL, else the local server on 127.0.0.1:5432) with a migrated template that
 * each test file copies, or embedded PGlite when the local server does not answer. A
 * TEST_DATABASE_URL that does not answer is an error, never a quiet fall back to PGlite (some
 * tests only hold on PostgreSQL). Says which it used.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// One template per run, so concurrent runs on one server never touch each other's template.
const TEMPLATE = `titlewise_test_template_${process.pid}`;

async function reachable(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  const pglite = process.env.TEST_DATABASE === 'pglite';
  if (!pglite && process.env.TEST_DATABASE_URL && !(await reachable(adminUrl)))
    throw new Error(
      `[tests] TEST_DATABASE_URL does not answer (${new URL(adminUrl).host}${new URL(adminUrl).pathname}): ` +
        'create that database (as .ci/run does), or unset TEST_DATABASE_URL to use the local server, or set TEST_DATABASE=pglite.',
    );
  if (pglite || !(await reachable(adminUrl))) {
    console.log(
      '[tests] database: embedded PGlite (asked for, or no PostgreSQL answering at 127.0.0.1:5432)',
    );
    project.provide('testDatabase', { kind: 'pglite', adminUrl: '', template: '' });
    return;
  }
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${TEMPLATE} with (force)`);
  await admin.unsafe(`create database ${TEMPLATE}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, TEMPLATE) });
  await database.migrate();
  const boss = createBoss(database, { schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
  await database.close();
  await admin.end();
  console.log(
    `[tests] database: PostgreSQL at ${new URL(adminUrl).host} (template ${TEMPLATE}, one database per test file)`,
  );
  project.provide('testDatabase', { kind: 'postgres', adminUrl, template: TEMPLATE });
  return async () => {
    const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await cleanup.unsafe(`drop database if exists ${TEMPLATE} with (force)`);
    await cleanup.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'postgres' | 'pglite'; adminUrl: string; template: string };
  }
}
