import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../platform/clock';
import type { Db } from '../db/database';
import { registerAnalyticsRoutes } from './analytics-routes';
import { registerChannelRoutes } from './channels-routes';
import { registerControlRoutes } from './control-routes';
import type { FaultInjector } from './faults';
import { registerIdentityRoutes } from './identity-routes';
import { seedSimulatedAccounts } from './identity-store';
import { registerPlaylistItemRoutes } from './playlist-items-routes';
import { registerReportingRoutes } from './reporting-routes';
import { registerThumbnailRoutes } from './thumbnails';
import { registerThumbnailSetRoutes } from './thumbnails-set-routes';
import { seedSimulatedVideos } from './video-store';
import { registerVideoRoutes } from './videos-routes';

export interface SimulatorOptions {
  db: Db;
  /** The simulator's "now"; a controllable clock also enables POST /control/clock/advance. */
  clock: Clock;
  prefix: string;
  clientId: string;
  clientSecret: string;
  faults: FaultInjector;
  /**
   * Moves the clock `ms` forward, one move at a time, running the product's missed jobs in time
   * order (the app's simulated time, given when the clock is controllable); without it a clock
   * move only jumps.
   */
  fastForward?: (ms: number) => Promise<{ steps: number; failures: number }>;
}

/**
 * The built-in YouTube simulator: Google's real paths (OAuth, userinfo, YouTube Data, Analytics,
 * Reporting) served from this process so the product and its tests run offline through the real
 * client libraries. Registered only when no real Google client is configured. Its world (videos,
 * title history, quota, reporting jobs) lives in sim_* tables, so restarts keep it.
 */
export async function youtubeSimulator(app: FastifyInstance, options: SimulatorOptions): Promise<void> {
  await seedSimulatedAccounts(options.db);
  await seedSimulatedVideos(options.db, options.clock.now());
  await app.register(formbody);
  registerIdentityRoutes(app, options);
  registerChannelRoutes(app, options);
  registerPlaylistItemRoutes(app, options);
  registerVideoRoutes(app, options);
  registerAnalyticsRoutes(app, options);
  registerReportingRoutes(app, options);
  registerThumbnailRoutes(app, options);
  registerThumbnailSetRoutes(app, options);
  registerControlRoutes(app, options);
}
