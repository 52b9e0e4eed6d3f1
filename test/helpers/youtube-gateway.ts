import { and, eq, sum } from 'drizzle-orm';
import { channelConnections, quotaLedger, simQuotaUsage, users } from '../../db/schema';
import type { ChannelConnection } from '../../src/channels/channel-connections.service';
import { DEMO_USER_EMAIL } from '../../src/config';
import { pacificDay } from '../../src/time/pacific';
import { HttpClient } from './http-client';
import type { TestApp } from './test-app';

/** Signs in as the demo creator over HTTP; returns the client and the demo channel connection as stored. */
export async function signInDemo(
  testApp: TestApp,
): Promise<{ client: HttpClient; connection: ChannelConnection }> {
  const login = await new HttpClient(testApp.url).post('/api/auth/demo-login');
  if (login.status !== 200) throw new Error(`demo login failed: ${login.status}`);
  const { sessionToken } = (await login.json()) as { sessionToken: string };
  return {
    client: new HttpClient(testApp.url, { authorization: `Bearer ${sessionToken}` }),
    connection: await demoConnection(testApp),
  };
}

export async function demoConnection(testApp: TestApp): Promise<ChannelConnection> {
  const [row] = await testApp.built.app.db
    .select({ connection: channelConnections })
    .from(channelConnections)
    .innerJoin(users, eq(users.id, channelConnections.userId))
    .where(eq(users.email, DEMO_USER_EMAIL));
  if (!row) throw new Error('no demo connection');
  return row.connection;
}

/** Units the product's quota ledger holds for the Pacific day of the app's clock. */
export async function ledgerUnitsToday(testApp: TestApp): Promise<number> {
  const day = pacificDay(testApp.clock.now());
  const [row] = await testApp.built.app.db
    .select({ units: sum(quotaLedger.units) })
    .from(quotaLedger)
    .where(eq(quotaLedger.day, day));
  return Number(row?.units ?? 0);
}

/** Units of the ledger today that spend the deployment's quota: a demo copy's (sandbox) calls left out. */
export async function realLedgerUnitsToday(testApp: TestApp): Promise<number> {
  const day = pacificDay(testApp.clock.now());
  const [row] = await testApp.built.app.db
    .select({ units: sum(quotaLedger.units) })
    .from(quotaLedger)
    .where(and(eq(quotaLedger.day, day), eq(quotaLedger.sandbox, false)));
  return Number(row?.units ?? 0);
}

/** Units the simulator (Google's side) charged on the Pacific day of the app's clock. */
export async function simulatorUnitsToday(testApp: TestApp): Promise<number> {
  const day = pacificDay(testApp.clock.now());
  const [row] = await testApp.built.app.db
    .select({ units: sum(simQuotaUsage.units) })
    .from(simQuotaUsage)
    .where(eq(simQuotaUsage.day, day));
  return Number(row?.units ?? 0);
}

export async function ledgerEntries(testApp: TestApp) {
  return testApp.built.app.db.select().from(quotaLedger).orderBy(quotaLedger.at);
}

/** The simulator's own origin (its control API lives under /control). */
export const simulatorOrigin = (testApp: TestApp) =>
  new URL(testApp.built.app.config.google.endpoints.tokenUrl).origin;

export async function control(
  testApp: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  json?: unknown,
) {
  const response = await fetch(`${simulatorOrigin(testApp)}/control${path}`, {
    method,
    headers: json === undefined ? {} : { 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
