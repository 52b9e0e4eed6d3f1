import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { registerChannelRoutes } from './channels-routes';
import type { FaultInjector } from './faults';
import { registerIdentityRoutes } from './identity-routes';
import { seedSimulatedAccounts } from './identity-store';

export interface SimulatorOptions {
  db: Db;
  clock: Clock;
  prefix: string;
  clientId: string;
  clientSecret: string;
  faults: FaultInjector;
}

/**
 * The built-in YouTube simulator: Google's real paths (OAuth, userinfo, YouTube Data, Analytics,
 * Reporting) served from this process so the product and its tests run offline through the real
 * client libraries. Registered only when no real Google client is configured.
 */
export async function youtubeSimulator(app: FastifyInstance, options: SimulatorOptions): Promise<void> {
  await seedSimulatedAccounts(options.db);
  await app.register(formbody);
  registerIdentityRoutes(app, options);
  registerChannelRoutes(app, options);
}
