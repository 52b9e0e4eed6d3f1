import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Clock } from '../platform/clock';
import type { Config } from '../config';
import type { TokenCipher } from '../crypto/token-cipher';
import type { Database, Db, Tx } from '../db/database';
import type { ReadCache } from '../db/read-cache';
import type { Metrics } from '../platform/metrics';

/**
 * What every service and job handler is given: the process's dependencies, built once at start-up
 * (src/app-context.ts) and passed down explicitly; nothing refers back to the app that built it,
 * and nothing reaches for globals. It knows no feature: a feature that needs more (the title-test
 * engine's YouTube port, billing's Stripe) declares its own context that extends this one, beside
 * its code, and the entry points assemble one value that holds them all. Who acts is not part of
 * it: an operation's handler receives its caller separately (src/api/declare/operation.ts).
 */
export interface ServiceContext {
  config: Config;
  database: Database;
  db: Db;
  boss: PgBoss;
  cipher: TokenCipher;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The process's Prometheus instruments (src/platform/metrics.ts). */
  metrics: Metrics;
  /** Recent answers of the polled reads and session lookups, kept while nothing changed. */
  readCache: ReadCache;
}

/**
 * `Ctx` inside a transaction: its `db` is the transaction, so what a service writes and the jobs
 * it sends through this context commit together. A function that must run inside one (it takes a
 * lock held until commit) asks for this type.
 */
export type TxContext<Ctx extends ServiceContext = ServiceContext> = Ctx & { db: Tx };

/** `ctx` with the transaction `tx` as its database. */
export function withTx<Ctx extends ServiceContext>(ctx: Ctx, tx: Tx): TxContext<Ctx> {
  return { ...ctx, db: tx };
}
