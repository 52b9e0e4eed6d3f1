import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm';
import * as schema from '../../db/schema';

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

const migrationsFolder = fileURLToPath(new URL('../../db/migrations', import.meta.url));

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
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const pglite = new PGlite(target.dataDir ? `${target.dataDir}/pglite` : undefined);
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
