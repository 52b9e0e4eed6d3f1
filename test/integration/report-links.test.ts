import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportLinks, titleTests } from '../../db/schema';
import { REDACTED, redactUrl } from '../../src/http/request-log';
import {
  NO_LIVE_REPORT_LINK,
  REPORT_LINK_REVOKED,
  REPORT_LINK_UNKNOWN,
  REPORT_READS_PER_WINDOW,
  reportPagePath,
} from '../../src/shared/report-links';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleCreator } from '../helpers/creators';
import { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { firstWindowStart } from '../helpers/planned-windows';
import { fastForwardTo } from '../helpers/title-test-driver';

// Shared read-only report links (docs/product.md#shared-report-links), over real HTTP: the owner
// creates, sees and revokes a link; anyone holding it reads the report without signing in; the
// report says nothing about its owner; a revoked link says so; refusals change nothing.

let testApp: TestApp;
let alex: HttpClient;
let sam: HttpClient;
let anonymous: HttpClient;
let testId = '';
let alexId = '';

interface ShareLinks {
  current: { url: string; createdAt: string } | null;
  revoked: Array<{ createdAt: string; revokedAt: string }>;
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const report = (token: string) => anonymous.get(`/api/reports?token=${encodeURIComponent(token)}`);
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;
const links = () => testApp.built.app.db.select().from(reportLinks).where(eq(reportLinks.testId, testId));
const testRow = async () =>
  (await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, testId)))[0]!;
const share = async (client: HttpClient) => client.post(`/api/tests/${testId}/share-link`);
const revoke = (client: HttpClient) => client.request('DELETE', `/api/tests/${testId}/share-link`);

beforeAll(async () => {
  testApp = await startTestApp();
  alex = await googleCreator(testApp, 'sim-alex');
  sam = await googleCreator(testApp, 'sim-sam');
  anonymous = new HttpClient(testApp.url);
  alexId = ((await (await alex.get('/api/auth/me')).json()) as { id: string }).id;
  const created = await alex.post('/api/tests', {
    videoId: simulatedVideoId('sim-alex', 1),
    titles: ['Share me as I am', 'Share me, improved'],
    // 2-hour windows: the shortest a channel whose lag is not yet measured may use.
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
  });
  expect(created.status, await created.clone().text()).toBe(201);
  testId = ((await created.json()) as { id: string }).id;
  // Two days of windows after the lead-in that reads the video's counter: enough windows beyond
  // the video's day levels for lifts to show.
  const windowsFrom = await firstWindowStart(testApp, testId);
  await fastForwardTo(testApp, new Date(windowsFrom.getTime() + 48 * 3_600_000));
}, 600_000);
afterAll(async () => {
  await testApp.close();
});

describe('report links', () => {
  let firstToken = '';

  it('gives the owner a link that opens the report for anyone, storing only the token’s hash', async () => {
    expect(
      ((await (await alex.get(`/api/tests/${testId}/share-link`)).json()) as ShareLinks).current,
    ).toBeNull();
    const created = await share(alex);
    expect(created.status).toBe(201);
    const link = (await created.json()) as { url: string; createdAt: string; replacedPrevious: boolean };
    expect(link.replacedPrevious).toBe(false);
    expect(link.url).toMatch(new RegExp(`^${testApp.url}/report\\?token=[A-Za-z0-9_-]{43}$`));
    firstToken = tokenOf(link.url);

    // The owner sees the same address again later.
    const listed = (await (await alex.get(`/api/tests/${testId}/share-link`)).json()) as ShareLinks;
    expect(listed).toEqual({ current: { url: link.url, createdAt: link.createdAt }, revoked: [] });

    // Only the SHA-256 of the token is stored.
    const [row] = await links();
    expect(row!.tokenHash).toBe(createHash('sha256').update(firstToken).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(firstToken);

    // Anyone with the link, signed out, reads what the owner's analytics panel shows.
    const response = await report(firstToken);
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text) as {
      videoTitle: string;
      titles: string[];
      verdict: unknown;
      summary: { totalViews: number; rotationsCount: number };
      sharedAt: string;
    };
    const analytics = (await (await alex.get(`/api/tests/${testId}/analytics`)).json()) as {
      verdict: { titles: unknown[] };
      totalViews: number;
      rotationsCount: number;
    };
    expect(body.titles).toEqual(['Share me as I am', 'Share me, improved']);
    expect(body.verdict).toEqual(analytics.verdict);
    expect(analytics.verdict.titles.length).toBe(2);
    expect(body.summary).toMatchObject({
      totalViews: analytics.totalViews,
      rotationsCount: analytics.rotationsCount,
    });
    expect(body.summary.totalViews).toBeGreaterThan(0);
    expect(body.sharedAt).toBe(link.createdAt);
    // Nothing about the owner, the test's id or any token.
    expect(text).not.toContain(alexId);
    expect(text).not.toContain('alex.rivera@example.com');
    expect(text).not.toContain(testId);
    expect(text).not.toContain(firstToken);
    expect(text).not.toMatch(/email|userId|sessionToken/i);
  });

  it('keeps the token out of request logs: the page and the read carry it as `token`', () => {
    expect(redactUrl(reportPagePath(firstToken))).toBe(`/report?token=${REDACTED}`);
    expect(redactUrl(`/api/reports?token=${firstToken}`)).toBe(`/api/reports?token=${REDACTED}`);
  });

  it('refuses other users and anonymous callers, and a refusal changes nothing', async () => {
    const before = await links();
    for (const response of [
      await sam.get(`/api/tests/${testId}/share-link`),
      await share(sam),
      await revoke(sam),
    ]) {
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toBe('Test not found.');
    }
    for (const response of [
      await anonymous.get(`/api/tests/${testId}/share-link`),
      await share(anonymous),
      await revoke(anonymous),
    ]) {
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toBeTruthy();
    }
    expect(await links()).toEqual(before);
  });

  it('answers bad input with a clear 4xx', async () => {
    const missing = await anonymous.get('/api/reports');
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toMatch(/token/);
    const unknown = await report('not-a-real-token');
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe(REPORT_LINK_UNKNOWN);
    const badId = await alex.post('/api/tests/not-a-uuid/share-link');
    expect(badId.status).toBe(400);
    expect(await errorOf(badId)).toMatch(/Unknown test id/);
  });

  it('a new link revokes the old one; revoking answers "revoked" and changes nothing else', async () => {
    const testBefore = await testRow();
    // What the panel shows apart from the live clock.
    const panel = async () => {
      const {
        clockAt: _,
        nextRotationIn: __,
        ...rest
      } = (await (await alex.get(`/api/tests/${testId}/analytics`)).json()) as Record<string, unknown>;
      return rest;
    };
    const analyticsBefore = await panel();
    const replaced = await share(alex);
    expect(replaced.status).toBe(201);
    const second = (await replaced.json()) as { url: string; replacedPrevious: boolean };
    expect(second.replacedPrevious).toBe(true);
    const secondToken = tokenOf(second.url);
    expect(secondToken).not.toBe(firstToken);
    const old = await report(firstToken);
    expect(old.status).toBe(404);
    expect(await errorOf(old)).toBe(REPORT_LINK_REVOKED);
    expect((await report(secondToken)).status).toBe(200);

    const revoked = await revoke(alex);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ success: true });
    const gone = await report(secondToken);
    expect(gone.status).toBe(404);
    expect(await errorOf(gone)).toBe(REPORT_LINK_REVOKED);
    const listed = (await (await alex.get(`/api/tests/${testId}/share-link`)).json()) as ShareLinks;
    expect(listed.current).toBeNull();
    expect(listed.revoked).toHaveLength(2);

    // Revoking again: nothing live to revoke, and nothing changes.
    const rows = await links();
    const again = await revoke(alex);
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toBe(NO_LIVE_REPORT_LINK);
    expect(await links()).toEqual(rows);

    // The test itself is untouched.
    expect(await testRow()).toEqual(testBefore);
    expect(await panel()).toEqual(analyticsBefore);
  });

  it('offers the owner’s operations over tRPC too', async () => {
    const trpc = (path: string, input: unknown, method: 'GET' | 'POST') =>
      method === 'GET'
        ? alex.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)
        : alex.post(`/trpc/${path}`, { json: input });
    const created = await trpc('reports.createShareLink', { id: testId }, 'POST');
    expect(created.status).toBe(200);
    const url = ((await created.json()) as { result: { data: { json: { url: string } } } }).result.data.json
      .url;
    const listed = await trpc('reports.shareLink', { id: testId }, 'GET');
    expect(
      ((await listed.json()) as { result: { data: { json: ShareLinks } } }).result.data.json.current?.url,
    ).toBe(url);
    expect((await report(tokenOf(url))).status).toBe(200);
    expect((await trpc('reports.revokeShareLink', { id: testId }, 'POST')).status).toBe(200);
    expect(await errorOf(await report(tokenOf(url)))).toBe(REPORT_LINK_REVOKED);
  });

  it('limits report reads per address', async () => {
    const created = (await (await share(alex)).json()) as { url: string };
    const token = tokenOf(created.url);
    const statuses: number[] = [];
    for (let index = 0; index <= REPORT_READS_PER_WINDOW; index += 1)
      statuses.push((await report(token)).status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(REPORT_READS_PER_WINDOW);
    const limited = await report(token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(await errorOf(limited)).toMatch(/Too many requests/);
  });
});
