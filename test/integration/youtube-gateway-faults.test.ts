import { videoCatalog } from '../../src/youtube-simulator/video-catalog';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { simTokens } from '../../db/schema';
import { nextPacificMidnight } from '../../src/time/pacific';
import {
  AuthorizationLostError,
  QuotaExhaustedError,
  TransientError,
  listRecentUploads,
  readSnippet,
  setTitle,
} from '../../src/youtube/gateway';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  control,
  demoConnection,
  ledgerEntries,
  ledgerUnitsToday,
  signInDemo,
  simulatorUnitsToday,
} from '../helpers/youtube-gateway';

let testApp: TestApp;
const videoId = simulatedVideoId('sim-demo', 0);
const faults = () => testApp.simulator!.faults;
const app = () => testApp.built.app;
const HOUR = 3_600_000;

async function newLedgerEntries<T>(action: () => Promise<T>) {
  const before = (await ledgerEntries(testApp)).length;
  const result = await action().catch((error: unknown) => error);
  return { result, entries: (await ledgerEntries(testApp)).slice(before) };
}

beforeAll(async () => {
  // Short timeouts and no real backoff, so retried failures take milliseconds.
  testApp = await startTestApp({
    YOUTUBE_REQUEST_TIMEOUT_MS: '400',
    YOUTUBE_MAX_ATTEMPTS: '3',
    YOUTUBE_RETRY_BASE_DELAY_MS: '1',
  });
});
afterEach(() => {
  expect(faults().pending()).toEqual([]);
});
afterAll(async () => {
  await testApp.close();
});

describe('tokens', () => {
  it('refreshes an expired access token before calling and stores the new one encrypted', async () => {
    const { connection } = await signInDemo(testApp);
    const oldAccess = app().cipher.decrypt(connection.accessTokenEncrypted!);
    testApp.clock.advance(2 * HOUR);

    await readSnippet(app(), connection, videoId);
    const refreshed = await demoConnection(testApp);
    const newAccess = app().cipher.decrypt(refreshed.accessTokenEncrypted!);
    expect(newAccess).not.toBe(oldAccess);
    expect(newAccess).toMatch(/^ya29\.sim-/);
    expect(refreshed.accessTokenEncrypted).not.toContain(newAccess);
    expect(refreshed.refreshTokenEncrypted).toBe(connection.refreshTokenEncrypted);
    const expiresIn = refreshed.accessTokenExpiresAt!.getTime() - testApp.clock.now().getTime();
    expect(expiresIn).toBeGreaterThan(0.9 * HOUR);
    expect(expiresIn).toBeLessThanOrEqual(HOUR);
    const [issued] = await app().db.select().from(simTokens).where(eq(simTokens.token, newAccess));
    expect(issued?.kind).toBe('access');
  });

  it('refreshes once when YouTube refuses an access token before its expiry', async () => {
    const { connection } = await signInDemo(testApp);
    const access = app().cipher.decrypt(connection.accessTokenEncrypted!);
    await app().db.update(simTokens).set({ revoked: true }).where(eq(simTokens.token, access));

    const { result, entries } = await newLedgerEntries(() => readSnippet(app(), connection, videoId));
    expect(result).toMatchObject({ videoId });
    expect(entries.map((entry) => [entry.outcome, entry.units])).toEqual([
      ['unauthenticated', 0],
      ['ok', 1],
    ]);
    expect((await demoConnection(testApp)).accessTokenEncrypted).not.toBe(connection.accessTokenEncrypted);
  });

  it('gets through a token endpoint answering 5xx (google-auth-library retries the refresh itself)', async () => {
    const { connection } = await signInDemo(testApp);
    testApp.clock.advance(2 * HOUR);
    faults().inject('token', 'backendError', 2);
    const { result, entries } = await newLedgerEntries(() => readSnippet(app(), connection, videoId));
    expect(result).toMatchObject({ videoId });
    expect(entries.map((entry) => entry.outcome)).toEqual(['ok']);
  });

  it('marks the connection disconnected on invalid_grant and makes no further calls', async () => {
    const { client, connection } = await signInDemo(testApp);
    testApp.clock.advance(2 * HOUR);
    faults().inject('token', 'invalid_grant');

    await expect(listRecentUploads(app(), connection)).rejects.toBeInstanceOf(AuthorizationLostError);
    const lost = await demoConnection(testApp);
    expect(lost.status).toBe('disconnected');
    expect(lost.statusReason).toMatch(/sign in again/i);

    const simulatorUnits = await simulatorUnitsToday(testApp);
    await expect(readSnippet(app(), lost, videoId)).rejects.toBeInstanceOf(AuthorizationLostError);
    expect(await simulatorUnitsToday(testApp)).toBe(simulatorUnits);

    const recent = await client.get('/api/videos/recent');
    expect(recent.status).toBe(403);
    expect(((await recent.json()) as { error: string }).error).toMatch(/Sign in with Google again/);
    const me = (await (await client.get('/api/auth/me')).json()) as { channelStatus: string };
    expect(me.channelStatus).toBe('disconnected');

    // Signing in again reconnects the channel.
    const { connection: again } = await signInDemo(testApp);
    expect(again.status).toBe('connected');
    await expect(readSnippet(app(), again, videoId)).resolves.toMatchObject({ videoId });
  });

  it('treats a 401 that survives a fresh token as lost authorization', async () => {
    const { connection } = await signInDemo(testApp);
    faults().inject('data', 'invalid_grant', 2);
    const { result, entries } = await newLedgerEntries(() => readSnippet(app(), connection, videoId));
    expect(result).toBeInstanceOf(AuthorizationLostError);
    expect(entries.map((entry) => entry.outcome)).toEqual(['unauthenticated', 'unauthenticated']);
    expect((await demoConnection(testApp)).status).toBe('disconnected');
    await signInDemo(testApp);
  });
});

describe('transient failures', () => {
  it('retries 5xx answers with backoff and succeeds, each attempt costing its units', async () => {
    const { connection } = await signInDemo(testApp);
    faults().inject('data', 'backendError', 2);
    const { result, entries } = await newLedgerEntries(() => readSnippet(app(), connection, videoId));
    expect(result).toMatchObject({ videoId });
    expect(entries.map((entry) => [entry.outcome, entry.units])).toEqual([
      ['transient', 1],
      ['transient', 1],
      ['ok', 1],
    ]);
  });

  it('surfaces a TransientError after the last attempt, as 503 over REST', async () => {
    const { client, connection } = await signInDemo(testApp);
    faults().inject('data', 'backendError', 3);
    const { result, entries } = await newLedgerEntries(() => readSnippet(app(), connection, videoId));
    expect(result).toBeInstanceOf(TransientError);
    expect((result as TransientError).attempts).toBe(3);
    expect(entries).toHaveLength(3);

    faults().inject('data', 'backendError', 3);
    const recent = await client.get('/api/videos/recent');
    expect(recent.status).toBe(503);
    expect(((await recent.json()) as { error: string }).error).toMatch(/not answering/);
  });

  it('gives up on a request that does not answer in time, and retries it', async () => {
    const { connection } = await signInDemo(testApp);
    faults().inject('data', 'timeout');
    const once = await newLedgerEntries(() => readSnippet(app(), connection, videoId));
    expect(once.result).toMatchObject({ videoId });
    expect(once.entries.map((entry) => entry.outcome)).toEqual(['transient', 'ok']);

    faults().inject('data', 'timeout', 3);
    const always = await newLedgerEntries(() => readSnippet(app(), connection, videoId));
    expect(always.result).toBeInstanceOf(TransientError);
  });

  it('waits for a slow answer within the timeout without retrying', async () => {
    const { connection } = await signInDemo(testApp);
    faults().inject('data', 'slow', 1, { delayMs: 100 });
    const { result, entries } = await newLedgerEntries(() => readSnippet(app(), connection, videoId));
    expect(result).toMatchObject({ videoId });
    expect(entries.map((entry) => entry.outcome)).toEqual(['ok']);
  });
});

describe('quota', () => {
  it('answers 429 rateLimitExceeded as exhausted quota, without retrying', async () => {
    const { connection } = await signInDemo(testApp);
    faults().inject('data', 'rateLimitExceeded');
    const { result, entries } = await newLedgerEntries(() => readSnippet(app(), connection, videoId));
    expect(result).toBeInstanceOf(QuotaExhaustedError);
    expect((result as QuotaExhaustedError).reason).toBe('rateLimitExceeded');
    expect(entries.map((entry) => [entry.outcome, entry.units])).toEqual([['quota', 0]]);
  });

  it('stops at the daily quota with a typed error, the ledger matching Google’s count, until Pacific midnight', async () => {
    const { client, connection } = await signInDemo(testApp);
    const used = await simulatorUnitsToday(testApp);
    expect(await ledgerUnitsToday(testApp)).toBe(used);
    expect((await control(testApp, 'POST', '/quota', { dailyQuota: used + 5 })).status).toBe(200);

    await listRecentUploads(app(), connection);
    const refused = await setTitle(app(), connection, videoId, 'A title that will have to wait').catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(QuotaExhaustedError);
    expect((refused as QuotaExhaustedError).reason).toBe('quotaExceeded');
    expect((refused as QuotaExhaustedError).resetsAt).toEqual(nextPacificMidnight(testApp.clock.now()));
    expect(await simulatorUnitsToday(testApp)).toBe(used + 4);
    expect(await ledgerUnitsToday(testApp)).toBe(used + 4);

    const recent = await client.get('/api/videos/recent');
    expect(recent.status).toBe(429);
    expect(((await recent.json()) as { error: string }).error).toMatch(/quota is used up/);
    expect(await ledgerUnitsToday(testApp)).toBe(await simulatorUnitsToday(testApp));

    testApp.clock.set(new Date(nextPacificMidnight(testApp.clock.now()).getTime() + 60_000));
    expect(await simulatorUnitsToday(testApp)).toBe(0);
    const fresh = await signInDemo(testApp);
    await expect(listRecentUploads(app(), fresh.connection)).resolves.toHaveLength(
      videoCatalog['sim-demo']!.length,
    );
    // Sign-in reads the channel (channels.list, 1 unit), then the uploads cost 3.
    expect(await ledgerUnitsToday(testApp)).toBe(4);
    expect(await simulatorUnitsToday(testApp)).toBe(4);
    await control(testApp, 'POST', '/quota', { dailyQuota: 10_000 });
  });
});
