import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm';
import * as schema from '../../db/schema';
import { projectRoot } from '../platform/project-root';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction on it: services take this so callers can compose them. */
export type DbOrTx = Db | Tx;

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };

export interface Database {
  kind: DatabaseTarget['kind'];
  db: Db;
  /** Set on the embedded database: pg-boss shares its single connection. */
  pglite: PGlite | null;
  /** Set on PostgreSQL: the connection string pg-boss opens its own pool with. */
  url: string | null;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(projectRoot, 'db/migrations');

/**
 * PostgreSQL settings of the embedded database. PGlite's Postgres lives in WebAssembly memory and
 * touches all of its shared buffers at start: PostgreSQL's default of 128MB was about a quarter of
 * the idle process. 16MB (2,048 pages) saves about 110MB; pages that do not fit are read back from
 * PGlite's files, which the operating system caches.
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB'];

/**
 * Creates an embedded database (initdb) in a short-lived child process. PGlite creates one with
 * initdb and a second, temporary Postgres; done in the server's own process, about 200MB more stays
 * resident for the life of the process (mostly freed memory the allocator keeps).
 */
async function createPgliteDataDir(dir: string, startParams: string[]): Promise<void> {
  const script = [
    "const { PGlite } = await import('@electric-sql/pglite');",
    `const pglite = new PGlite(${JSON.stringify(dir)}, { startParams: ${JSON.stringify(startParams)} });`,
    'await pglite.waitReady;',
    'await pglite.close();',
  ].join('\n');
  // Run from the project root, where '@electric-sql/pglite' resolves.
  await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script], {
    cwd: projectRoot,
  });
}

export interface DatabaseOptions {
  /** Sees every statement drizzle sends (tests count them); none in production. */
  logger?: Logger;
}

export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  const logger = options.logger ?? false;
  // Each kind loads only its own driver: a PostgreSQL process never loads PGlite (its WebAssembly
  // Postgres and drizzle's adapter), and the embedded one never loads postgres.js.
  if (target.kind === 'postgres') {
    const [{ default: postgres }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] =
      await Promise.all([
        import('postgres'),
        import('drizzle-orm/postgres-js'),
        import('drizzle-orm/postgres-js/migrator'),
      ]);
    const client = postgres(target.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema, logger });
    return {
      kind: 'postgres',
      db: db as unknown as Db,
      pglite: null,
      url: target.url,
      migrate: () => migratePostgres(db, { migrationsFolder }),
      close: () => client.end({ timeout: 5 }),
    };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const startParams = [
    ...PGlite.defaultStartParams,
    ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting]),
  ];
  const pgliteDir = target.dataDir ? join(target.dataDir, 'pglite') : undefined;
  if (pgliteDir && !existsSync(join(pgliteDir, 'PG_VERSION'))) {
    mkdirSync(target.dataDir!, { recursive: true });
    await createPgliteDataDir(pgliteDir, startParams);
  }
  const pglite = new PGlite(pgliteDir, { startParams });
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema, logger });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    pglite,
    url: null,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => pglite.close(),
  };
}
