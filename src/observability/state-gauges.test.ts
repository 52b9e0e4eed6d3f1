import { describe, expect, it } from 'vitest';
import { createMetrics } from '../platform/metrics';
import type { ServiceContext } from '../context/service-context';
import { registerStateGauges } from './state-gauges';

describe('the scrape-time gauges', () => {
  it('keep the scrape whole when the database fails: each failed read is counted, nothing throws', async () => {
    const failing = () => {
      throw new Error('connection refused');
    };
    const warnings: string[] = [];
    const ctx = {
      db: new Proxy({}, { get: () => failing }),
      log: { warn: (_context: unknown, message: string) => warnings.push(message) },
      config: { youtubeDailyQuota: 10_000 },
      clock: { now: () => new Date() },
    } as unknown as ServiceContext;
    const metrics = createMetrics();
    registerStateGauges(metrics, ctx);
    metrics.httpRequests.inc({ method: 'GET', route: '/api/tests', status_code: '200' });

    const first = await metrics.registry.metrics();
    // The process's own counters are still there.
    expect(first).toContain(
      'titlewise_http_requests_total{method="GET",route="/api/tests",status_code="200"} 1',
    );
    // A failure is counted as the scrape reads: the count shows from the next scrape on.
    const text = await metrics.registry.metrics();
    expect(text).toContain(
      'titlewise_http_requests_total{method="GET",route="/api/tests",status_code="200"} 1',
    );
    for (const gauge of [
      'titlewise_queue_jobs',
      'titlewise_youtube_quota_units',
      'titlewise_tests',
      'titlewise_queued_test_oldest_wait_seconds',
      'titlewise_demo_copies_live',
    ])
      expect(text).toContain(`titlewise_state_read_failures_total{gauge="${gauge}"} 1`);
    expect(warnings).toHaveLength(10);
  });
});
