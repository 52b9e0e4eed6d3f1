import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { hoursToFirstWindow } from '../helpers/planned-windows';
import { sampleOf } from '../helpers/prometheus-text';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { runFor } from '../helpers/title-test-driver';

// Issue 39: Prometheus metrics on the operations port (never the public one), and health and
// readiness on both, as an orchestrator and a scraper would call them.

describe('operations endpoints', () => {
  let testApp: TestApp;
  let opsUrl: string;
  let creator: HttpClient;
  const scrape = async () => {
    const response = await fetch(`${opsUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  beforeAll(async () => {
    testApp = await startTestApp({ OPS_PORT: '0' });
    opsUrl = `http://127.0.0.1:${await testApp.built.listenOps()}`;
    // A creator signed in with Google (the simulator's): their tests count in the Free plan's share.
    creator = await googleCreator(testApp, 'sim-alex');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('answers /healthz and /readyz on the web port and the operations port, and /metrics only on the latter', async () => {
    for (const base of [testApp.url, opsUrl]) {
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        ready: true,
        checks: { database: true, migrations: true, jobQueue: true, accepting: true },
      });
    }
    const publicMetrics = await fetch(`${testApp.url}/metrics`);
    expect(await publicMetrics.text()).not.toContain('titlewise_');
    const text = await scrape();
    // The runtime's own figures: memory and event-loop lag.
    expect(sampleOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleOf(text, 'nodejs_eventloop_lag_seconds')).not.toBeNull();
  });

  it('counts requests by route template, YouTube calls, slot lateness, quota and tests as a test runs', async () => {
    const before = await scrape();
    expect(sampleOf(before, 'titlewise_tests', { state: 'running' })).toBe(0);
    expect(sampleOf(before, 'titlewise_rotation_slot_lateness_seconds_count')).toBe(0);

    const created = await creator.post('/api/tests', {
      videoId: simulatedVideoId('sim-alex', 0),
      titles: ['Metrics title A', 'Metrics title B'],
      winnerMetric: 'views',
      rotationIntervalMinutes: 120,
      durationDays: 7,
      acknowledgeWeakPlan: true,
    });
    const test = (await created.json()) as { id: string; error?: string };
    expect(created.status, test.error).toBe(201);
    expect((await creator.get(`/api/tests/${test.id}/analytics`)).status).toBe(200);

    const admitted = await scrape();
    // Route templates, never ids: the read of one test counts under /api/tests/:id/analytics.
    expect(
      sampleOf(admitted, 'titlewise_http_requests_total', {
        method: 'POST',
        route: '/api/tests',
        status_code: '201',
      }),
    ).toBe(1);
    expect(
      sampleOf(admitted, 'titlewise_http_requests_total', {
        method: 'GET',
        route: '/api/tests/:id/analytics',
        status_code: '200',
      }),
    ).toBe(1);
    expect(admitted).not.toContain(test.id);
    expect(sampleOf(admitted, 'titlewise_tests', { plan: 'free', state: 'running' })).toBe(1);
    expect(sampleOf(admitted, 'titlewise_tests', { plan: 'pro', state: 'running' })).toBe(0);
    expect(sampleOf(admitted, 'titlewise_youtube_quota_units', { kind: 'reserved' })).toBeGreaterThan(0);
    expect(sampleOf(admitted, 'titlewise_youtube_quota_units', { kind: 'limit' })).toBe(
      testApp.built.app.config.youtubeDailyQuota,
    );
    // The test's first job waits in the queue for its start.
    expect(
      sampleOf(admitted, 'titlewise_queue_jobs', { queue: 'title-test.advance', state: 'created' }),
    ).toBeGreaterThanOrEqual(1);

    // The clock moves through the first windows: the switches go out and are timed.
    await runFor(testApp, (await hoursToFirstWindow(testApp, test.id)) + 6);
    const rotated = await scrape();
    const switches = sampleOf(rotated, 'titlewise_rotation_slot_lateness_seconds_count')!;
    expect(switches).toBeGreaterThanOrEqual(3);
    // Each slot went live within the tick's reach of its planned start.
    expect(sampleOf(rotated, 'titlewise_rotation_slot_lateness_seconds_bucket', { le: '120' })).toBe(
      switches,
    );
    // A title change is a write; a slot whose title is already live (the draw may repeat one) is not.
    const writes = sampleOf(rotated, 'titlewise_youtube_calls_total', {
      method: 'videos.update',
      outcome: 'ok',
    })!;
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(writes).toBeLessThanOrEqual(switches);
    expect(
      sampleOf(rotated, 'titlewise_youtube_call_duration_seconds_count', { method: 'videos.update' }),
    ).toBe(writes);
    const used = sampleOf(rotated, 'titlewise_youtube_quota_units', { kind: 'used' })!;
    // Today's (Pacific day) ledger: the clock crossed midnight, so part of the spending was yesterday's.
    expect(used).toBeGreaterThan(0);
    expect(sampleOf(rotated, 'titlewise_youtube_quota_units', { kind: 'forecast' })).toBeGreaterThanOrEqual(
      used,
    );
    expect(sampleOf(rotated, 'titlewise_demo_copies_live')).toBe(0);
  });

  // That close() sets the flag first is checked on the real bundle by shutdown.test.ts.
  it('answers 503 with the failing check while the node is stopping, and stays alive', async () => {
    const { lifecycle } = testApp.built;
    lifecycle.stopping = true;
    try {
      const ready = await fetch(`${opsUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ready: false, checks: { accepting: false } });
      expect((await fetch(`${opsUrl}/healthz`)).status).toBe(200);
    } finally {
      lifecycle.stopping = false;
    }
  });
});
