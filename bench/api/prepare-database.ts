import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { AccountPlan } from './account-plan';
import { seedAccount } from './seed';

export interface PathReading {
  path: string;
  /** SQL statements the app's drizzle client ran for the first request and for a repeat. */
  firstStatements: number;
  statements: number;
  /** The JSON the app answered (the repeat), which the bare server serves. */
  body: string;
}

export interface PreparedDatabase {
  token: string;
  readings: PathReading[];
}

/**
 * Migrates and seeds a database in this process, with the real app built on it (no listening,
 * no workers) and a drizzle logger counting statements; then injects each path twice with the
 * creator's bearer token. The app is closed afterwards, so the embedded database's directory is
 * free for the server process.
 */
export async function prepareDatabase(
  env: Record<string, string>,
  plan: AccountPlan,
  paths: string[],
): Promise<PreparedDatabase> {
  let statements = 0;
  const built = await buildApp({
    config: loadConfig(env),
    workers: false,
    logger: false,
    databaseLogger: { logQuery: () => (statements += 1) },
  });
  try {
    const token = await seedAccount(built.app, plan);
    const readings: PathReading[] = [];
    for (const path of paths) {
      const counted = async () => {
        const before = statements;
        const response = await built.fastify.inject({
          method: 'GET',
          url: path,
          headers: { authorization: `Bearer ${token}` },
        });
        if (response.statusCode !== 200)
          throw new Error(`GET ${path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        return { count: statements - before, body: response.body };
      };
      const first = await counted();
      const repeat = await counted();
      readings.push({ path, firstStatements: first.count, statements: repeat.count, body: repeat.body });
    }
    return { token, readings };
  } finally {
    await built.close();
  }
}
