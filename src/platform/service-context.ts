import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { BillingProvider } from '../billing/billing-provider';
import type { Clock } from './clock';
import type { Config } from '../config';
import type { TokenCipher } from '../crypto/token-cipher';
import type { Database, Db, Tx } from '../db/database';
import type { ReadCache } from '../db/read-cache';
import type { Metrics } from './metrics';
import type { EngineHooks } from '../title-tests/engine/engine-hooks';
import type { TitleTestYouTube } from '../title-tests/engine/youtube-port';
import type { SandboxTime } from '../title-tests/simulation/simulated-time';
import type { UserRow } from '../auth/session.service';

/**
 * The process's dependencies: what the YouTube gateway, the billing provider and the simulator
 * tools need, built first at start-up (src/app.ts, src/worker.ts).
 */
export interface Dependencies {
  config: Config;
  database: Database;
  db: Db;
  boss: PgBoss;
  cipher: TokenCipher;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The process's Prometheus instruments (src/observability/metrics.ts). */
  metrics: Metrics;
  /** Recent answers of the polled reads and session lookups, kept while nothing changed. */
  readCache: ReadCache;
}

/**
 * What every service and job handler is given: the dependencies plus the ports built on them
 * (billing, YouTube). One value per process, passed down explicitly; nothing refers back to the
 * app that built it, and nothing reaches for globals. A tool that runs the engine differently
 * (its own clock, crash hooks, a holding) passes a copy with those fields changed. Who acts is
 * not part of it: an operation's handler receives its caller separately (src/api/operation.ts).
 */
export interface ServiceContext extends Dependencies {
  /** Stripe through the real client, or the built-in simulated Stripe when no key is set. */
  billing: BillingProvider;
  /** The title-test engine's YouTube port (src/title-tests/engine/youtube-port.ts). */
  youtube: TitleTestYouTube;
  /** Pulls YouTube Analytics and reach data for a test's video into daily_metrics; returns rows stored. */
  collectDaily?(testId: string): Promise<number>;
  /** Test-only seams at the dangerous moments of a rotation. */
  hooks?: EngineHooks;
  /**
   * Set when a tool runs the engine on a clock of its own (the demo's history): this context then
   * acts only on the tests held with this value, and the workers leave those alone
   * (src/title-tests/records/held-tests.ts). Unset for the workers, the web and the founder's tools.
   */
  holding?: string;
  /**
   * The time of `user`'s own sandbox, when they have one (a demo visitor's copy, src/demo): a
   * fast-forward then moves only that. Null (or unset) for everyone else.
   */
  sandboxTime?(ctx: ServiceContext, user: UserRow): Promise<SandboxTime | null>;
}

/**
 * The context inside a transaction: its `db` is the transaction, so what a service writes and the
 * jobs it sends through this context commit together. A function that must run inside one (it
 * takes a lock held until commit) asks for this type.
 */
export type TxContext = ServiceContext & { db: Tx };

/** `ctx` with the transaction `tx` as its database. */
export function withTx(ctx: ServiceContext, tx: Tx): TxContext {
  return { ...ctx, db: tx };
}
