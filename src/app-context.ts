import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { BillingProvider } from './billing/billing-provider';
import type { Clock } from './clock';
import type { Config } from './config';
import type { TokenCipher } from './crypto/token-cipher';
import type { Database, Db } from './db/database';
import type { ReadCache } from './db/read-cache';
import type { EngineContext } from './title-tests/engine-context';
import type { SimulatedTime } from './title-tests/simulated-time';

/**
 * What every service and job handler may use. Built once at start-up (src/app.ts) and passed
 * down explicitly; nothing reaches for globals.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  boss: PgBoss;
  cipher: TokenCipher;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Stripe through the real client, or the built-in simulated Stripe when no key is set. */
  billing: BillingProvider;
  /** Recent answers of the polled reads and session lookups, kept while nothing changed. */
  readCache: ReadCache;
  /** With the simulator: moving the deployment's clock and running what falls due; null on real time. */
  simulatedTime: SimulatedTime | null;
  /** The title-test engine: this context plus the YouTube port (set once at start-up). */
  engine: EngineContext;
}
