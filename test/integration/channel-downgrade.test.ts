import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { titleTests, users } from '../../db/schema';
import type { ChannelList } from '../../src/channels/channels.schemas';
import { extraChannelsMessage } from '../../src/shared/extra-channels';
import { channelLimits } from '../../src/shared/plans';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleBrowser, throughConsent } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { runFor } from '../helpers/title-test-driver';

// A plan that goes down below the channels connected (Authority → Pro): nothing is disconnected,
// running tests keep running, new tests start only on the channel connected first, and the
// channel list says so in the same words as the refusal (docs/decisions/0029).

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
const channels = async () => json<ChannelList>(await alex.get('/api/channels'));
const setTier = (tier: 'pro' | 'authority') =>
  db()
    .update(users)
    .set({ subscriptionTier: tier, subscriptionStatus: 'active' })
    .where(eq(users.id, alexId));
const create = (videoId: string, channelId: string) =>
  alex.post('/api/tests', {
    videoId,
    channelId,
    titles: ['Downgrade test A', 'Downgrade test B'],
    rotationIntervalMinutes: 240,
    winnerMetric: 'views',
    acknowledgeWeakPlan: true,
  });
const testsOf = (channelId: string) =>
  db().select().from(titleTests).where(eq(titleTests.channelConnectionId, channelId));

describe('more channels connected than the plan includes', () => {
  it('on Authority, every connected channel takes new tests and nothing is said', async () => {
    await setTier('authority');
    const landed = await throughConsent(testApp, alex, '/api/channels/connect', 'sim-sam');
    expect(landed.searchParams.get('channel')).toBeTruthy();
    const list = await channels();
    expect(list.extraChannels).toBeNull();
    expect(list.channels.map((channel) => [channel.title, channel.takesNewTests])).toEqual([
      ['Rivera Builds', true],
      ['Sam Cooks Fast', true],
    ]);
    const sam = list.channels[1]!;
    expect((await create(simulatedVideoId('sim-sam', 1), sam.id)).status).toBe(201);
  });

  it('after a move to Pro, keeps both connected and the running test running, and says which channel takes new tests', async () => {
    await setTier('pro');
    const list = await channels();
    expect(list.limit).toBe(channelLimits.pro);
    const message = extraChannelsMessage({ plan: 'Pro', limit: 1, connected: 2, open: ['Rivera Builds'] });
    expect(list.extraChannels).toBe(message);
    expect(message).toMatch(/Tests already running keep running; new tests start only on Rivera Builds\./);
    expect(
      list.channels.map((channel) => [channel.status, channel.takesNewTests, channel.runningTests]),
    ).toEqual([
      ['connected', true, 0],
      ['connected', false, 1],
    ]);

    const [rivera, sam] = list.channels;
    const refused = await create(simulatedVideoId('sim-sam', 2), sam!.id);
    expect(refused.status).toBe(403);
    expect((await json<{ error: string }>(refused)).error).toBe(message);
    expect(await testsOf(sam!.id)).toHaveLength(1);

    expect((await create(simulatedVideoId('sim-alex', 1), rivera!.id)).status).toBe(201);
    await runFor(testApp, 2);
    const [running] = await testsOf(sam!.id);
    expect(['scheduled', 'active']).toContain(running!.status);
  });

  it('once the first channel is disconnected, the other takes new tests and the note goes', async () => {
    const [rivera, sam] = (await channels()).channels;
    expect((await alex.post(`/api/channels/${rivera!.id}/disconnect`)).status).toBe(202);
    const list = await channels();
    expect(list.extraChannels).toBeNull();
    expect(list.channels.find((channel) => channel.id === sam!.id)!.takesNewTests).toBe(true);
    expect((await create(simulatedVideoId('sim-sam', 2), sam!.id)).status).toBe(201);
  });

  it('says whether the Customer Portal has a subscription to show', async () => {
    expect(await json<{ hasBillingAccount: boolean }>(await alex.get('/api/auth/me'))).toMatchObject({
      hasBillingAccount: false,
    });
    await db().update(users).set({ stripeCustomerId: 'cus_sim_downgrade' }).where(eq(users.id, alexId));
    expect(await json<{ hasBillingAccount: boolean }>(await alex.get('/api/auth/me'))).toMatchObject({
      hasBillingAccount: true,
    });
  });
});
