import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelConnections, rateLimits, simTokens, titleTests, users } from '../../db/schema';
import type { ChannelList } from '../../src/channels/channels.schemas';
import { DISCONNECTED_REASON, finishDisconnectWhenReady } from '../../src/privacy/disconnect-channel';
import { channelLimits } from '../../src/shared/plans';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleBrowser, googleCreator, throughConsent } from '../helpers/creators';
import { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { firstWindowStart } from '../helpers/planned-windows';
import { fastForwardTo, liveVideo, runDueWork, runFor } from '../helpers/title-test-driver';

// Several channels per account (Authority), each with its own Google grant: connecting within
// the plan's limit, working on the chosen channel, and disconnecting one safely.

let testApp: TestApp;
let alex: HttpClient;
let alexId: string;

beforeAll(async () => {
  testApp = await startTestApp();
  alex = await googleBrowser(testApp, 'sim-alex');
  alexId = ((await (await alex.get('/api/auth/me')).json()) as { id: string }).id;
});
afterAll(async () => {
  await testApp.close();
});

const db = () => testApp.built.app.db;
const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;
const channels = async (client: HttpClient) => json<ChannelList>(await client.get('/api/channels'));
const setTier = (tier: 'free' | 'authority') =>
  db().update(users).set({ subscriptionTier: tier }).where(eq(users.id, alexId));

async function refreshTokensOf(accountId: string) {
  return db()
    .select()
    .from(simTokens)
    .where(and(eq(simTokens.accountId, accountId), eq(simTokens.kind, 'refresh')));
}

describe('connecting channels', () => {
  it('keeps a Free account to one channel, and says how to get more', async () => {
    const before = await channels(alex);
    expect(before.limit).toBe(channelLimits.free);
    expect(before.channels.map((channel) => channel.title)).toEqual(['Rivera Builds']);

    const landed = await throughConsent(testApp, alex, '/api/channels/connect', 'sim-sam');
    expect(landed.pathname).toBe('/account');
    expect(landed.searchParams.get('channelError')).toMatch(/one YouTube channel.*Authority/);
    expect((await channels(alex)).channels).toHaveLength(1);
  });

  it('connects a second Google account’s channel to an Authority account, each grant on its own', async () => {
    await setTier('authority');
    const landed = await throughConsent(testApp, alex, '/api/channels/connect', 'sim-sam');
    expect(landed.pathname).toBe('/account');
    const samChannelId = landed.searchParams.get('channel');
    expect(samChannelId).toBeTruthy();

    const list = await channels(alex);
    expect(list.limit).toBe(channelLimits.authority);
    expect(list.channels.map((channel) => [channel.title, channel.status])).toEqual([
      ['Rivera Builds', 'connected'],
      ['Sam Cooks Fast', 'connected'],
    ]);
    // Still Alex signed in; the new channel belongs to Alex's account, with Sam's grant.
    expect((await json<{ email: string }>(await alex.get('/api/auth/me'))).email).toBe(
      'alex.rivera@example.com',
    );
    const rows = await db().select().from(channelConnections).where(eq(channelConnections.userId, alexId));
    expect(rows).toHaveLength(2);
    const [samToken] = await refreshTokensOf('sim-sam');
    const [alexToken] = await refreshTokensOf('sim-alex');
    const stored = rows.map((row) => row.refreshTokenEncrypted);
    expect(new Set(stored).size).toBe(2);
    for (const token of [samToken!.token, alexToken!.token]) expect(stored.join()).not.toContain(token);
  });

  it('links nothing when the session changed during the consent', async () => {
    const browser = await googleBrowser(testApp, 'sim-priya');
    const landed = await throughConsent(testApp, browser, '/api/channels/connect', 'sim-sam', async () => {
      await (await browser.post('/api/auth/logout')).text();
    });
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('error')).toBe('session_changed');
    const rows = await db().select().from(channelConnections);
    expect(rows.filter((row) => row.title === 'Sam Cooks Fast').map((row) => row.userId)).toEqual([alexId]);
  });

  it('sends a visitor without a session to sign in first', async () => {
    const start = await new HttpClient(testApp.url).get('/api/channels/connect');
    expect(start.status).toBe(302);
    expect(new URL(start.headers.get('location')!, testApp.url).searchParams.get('error')).toBe(
      'not_signed_in',
    );
  });
});

describe('working on the chosen channel', () => {
  it('lists, creates and counts per channel, and all together without a channel', async () => {
    const {
      channels: [rivera, sam],
    } = await channels(alex);
    const samVideos = await json<Array<{ id: string }>>(
      await alex.get(`/api/videos/recent?channelId=${sam!.id}`),
    );
    expect(samVideos.map((video) => video.id)).toContain(simulatedVideoId('sim-sam', 1));
    const riveraVideos = await json<Array<{ id: string }>>(
      await alex.get(`/api/videos/recent?channelId=${rivera!.id}`),
    );
    expect(riveraVideos.map((video) => video.id)).toContain(simulatedVideoId('sim-alex', 1));
    // Reads on either channel spend the account's one share of the daily quota: ten channels
    // read no more than one.
    const shares = await db()
      .select({ key: rateLimits.key, count: rateLimits.count })
      .from(rateLimits)
      .where(like(rateLimits.key, 'youtube-reads:%:user:%'));
    expect(shares.map((share) => share.key.split(':user:')[1])).toEqual([alexId]);
    expect(shares[0]!.count).toBeGreaterThanOrEqual(6);

    const create = (videoId: string, channelId: string) =>
      alex.post('/api/tests', {
        videoId,
        channelId,
        titles: ['Channel test A', 'Channel test B'],
        // 4-hourly: two of them fit one Authority account's share of the default quota.
        rotationIntervalMinutes: 240,
        winnerMetric: 'views',
      });
    // A video of another channel than the one named: not found there, and nothing stored.
    const wrong = await create(simulatedVideoId('sim-sam', 1), rivera!.id);
    expect(wrong.status).toBe(404);
    expect(await db().select().from(titleTests).where(eq(titleTests.userId, alexId))).toHaveLength(0);

    expect((await create(simulatedVideoId('sim-sam', 1), sam!.id)).status).toBe(201);
    expect((await create(simulatedVideoId('sim-alex', 1), rivera!.id)).status).toBe(201);
    const onSam = await json<Array<{ videoId: string }>>(await alex.get(`/api/tests?channelId=${sam!.id}`));
    expect(onSam.map((test) => test.videoId)).toEqual([simulatedVideoId('sim-sam', 1)]);
    expect(await json<unknown[]>(await alex.get('/api/tests'))).toHaveLength(2);
    const statsOfSam = await json<{ activeTests: number }>(
      await alex.get(`/api/dashboard/stats?channelId=${sam!.id}`),
    );
    const statsOfAll = await json<{ activeTests: number }>(await alex.get('/api/dashboard/stats'));
    await runFor(testApp, 1);
    expect(statsOfAll.activeTests).toBeGreaterThanOrEqual(statsOfSam.activeTests);
  });

  it('answers 404 for another account’s channel', async () => {
    const priya = await googleCreator(testApp, 'sim-priya');
    const {
      channels: [rivera],
    } = await channels(alex);
    for (const path of [`/api/tests?channelId=${rivera!.id}`, `/api/videos/recent?channelId=${rivera!.id}`]) {
      const answer = await priya.get(path);
      expect(answer.status).toBe(404);
      expect((await json<{ error: string }>(answer)).error).toBe('Channel not found.');
    }
    expect((await priya.post(`/api/channels/${rivera!.id}/disconnect`)).status).toBe(404);
    expect((await channels(alex)).channels.every((channel) => channel.status === 'connected')).toBe(true);
  });
});

describe('losing access to one channel', () => {
  it('pauses only that channel’s tests, says how to reconnect, and reconnects through Connect', async () => {
    const {
      channels: [rivera, sam],
    } = await channels(alex);
    await runFor(testApp, 1);
    await db().update(simTokens).set({ revoked: true }).where(eq(simTokens.accountId, 'sim-sam'));
    // The access token expires after an hour and its refresh is refused at the channel's next title
    // change: its first window's switch, after the lead-in that reads the video's counter for about
    // a day (view counters are read for all channels on any one grant, so they don't see it).
    const testOn = async (channelId: string) =>
      (await db().select().from(titleTests).where(eq(titleTests.channelConnectionId, channelId)))[0]!;
    const switching = await firstWindowStart(testApp, (await testOn(sam!.id)).id);
    await fastForwardTo(testApp, new Date(switching.getTime() - 60_000));
    for (let hour = 0; hour < 6 && (await testOn(sam!.id)).status !== 'paused'; hour++)
      await runFor(testApp, 1);
    const paused = await testOn(sam!.id);
    expect(paused.status).toBe('paused');
    expect(paused.statusReason).toMatch(/Connect another channel on the Account page/);
    expect((await testOn(rivera!.id)).status).toBe('active');
    const list = await channels(alex);
    expect(list.channels.map((channel) => channel.status)).toEqual(['connected', 'disconnected']);

    // Google accepts Sam's account again once the creator consents again.
    await db().update(simTokens).set({ revoked: false }).where(eq(simTokens.accountId, 'sim-sam'));
    const landed = await throughConsent(testApp, alex, '/api/channels/connect', 'sim-sam');
    expect(landed.searchParams.get('channel')).toBe(sam!.id);
    expect((await channels(alex)).channels.map((channel) => channel.status)).toEqual([
      'connected',
      'connected',
    ]);
    expect((await alex.post(`/api/tests/${paused.id}/resume`)).status).toBe(200);
    await runFor(testApp, 1);
  }, 600_000);
});

describe('disconnecting a channel', () => {
  it('puts the original title back first, then revokes only that channel’s grant', async () => {
    const {
      channels: [rivera, sam],
    } = await channels(alex);
    const [test] = await db().select().from(titleTests).where(eq(titleTests.channelConnectionId, sam!.id));
    const before = await liveVideo(testApp, test!.videoId);
    expect(before.title).not.toBe(test!.originalTitle);

    const answer = await alex.post(`/api/channels/${sam!.id}/disconnect`);
    expect(answer.status).toBe(202);
    const { channel, message } = await json<{ channel: { status: string }; message: string }>(answer);
    expect(channel.status).toBe('disconnecting');
    expect(message).toMatch(/original titles go back/);
    // A new test on a channel being disconnected is refused.
    const refused = await alex.post('/api/tests', {
      videoId: simulatedVideoId('sim-sam', 2),
      channelId: sam!.id,
      titles: ['Late A', 'Late B'],
      rotationIntervalMinutes: 120,
      winnerMetric: 'views',
    });
    expect(refused.status).toBe(409);

    // The grant waits for the original title.
    expect(await finishDisconnectWhenReady(testApp.built.app, sam!.id)).toBe('waiting');
    await runDueWork(testApp);
    const after = await liveVideo(testApp, test!.videoId);
    expect(after.title).toBe(test!.originalTitle);
    expect(after.description).toBe(before.description);
    expect(await finishDisconnectWhenReady(testApp.built.app, sam!.id)).toBe('done');

    const list = await channels(alex);
    expect(list.channels.map((entry) => [entry.title, entry.status])).toEqual([
      ['Rivera Builds', 'connected'],
      ['Sam Cooks Fast', 'disconnected'],
    ]);
    expect(list.channels[1]!.statusReason).toBe(DISCONNECTED_REASON);
    expect((await refreshTokensOf('sim-sam')).every((token) => token.revoked)).toBe(true);
    expect((await refreshTokensOf('sim-alex')).some((token) => !token.revoked)).toBe(true);
    // The other channel's test runs on.
    const [riveraTest] = await db()
      .select()
      .from(titleTests)
      .where(eq(titleTests.channelConnectionId, rivera!.id));
    expect(riveraTest!.status).toBe('active');
    // Asking again changes nothing.
    expect((await alex.post(`/api/channels/${sam!.id}/disconnect`)).status).toBe(202);
  });
});
