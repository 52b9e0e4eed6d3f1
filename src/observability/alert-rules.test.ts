import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../platform/project-root';
import type { ServiceContext } from '../context/service-context';
import { Registry } from 'prom-client';
import { createMetrics, processMetrics } from '../platform/metrics';
import { registerStateGauges } from './state-gauges';

// docs/operations/alert-rules.yml names metrics by hand: each must be one the product exports, or
// the alert would watch a series that never exists and never fire.

const HISTOGRAM_SUFFIXES = ['_bucket', '_count', '_sum'];

function exportedNames(): Set<string> {
  const metrics = createMetrics();
  // The gauges read the context only when scraped; registering them needs none.
  registerStateGauges(metrics, {} as ServiceContext);
  // What the operations port serves (src/observability/ops-server.ts).
  const served = Registry.merge([metrics.registry, processMetrics()]);
  const names = new Set<string>();
  // Instances, not values: reading values would scrape the gauges.
  for (const metric of served.getMetricsAsArray() as unknown as { name: string; type: string }[]) {
    names.add(metric.name);
    if (metric.type === 'histogram')
      for (const suffix of HISTOGRAM_SUFFIXES) names.add(`${metric.name}${suffix}`);
  }
  return names;
}

describe('the alert rules', () => {
  const rules = readFileSync(join(projectRoot, 'docs/operations/alert-rules.yml'), 'utf8');
  const expressions = [...rules.matchAll(/^\s+expr: (.+)$/gm)].map((match) => match[1]!);

  it('watch only metrics the product exports', () => {
    expect(expressions.length).toBeGreaterThanOrEqual(5);
    const exported = exportedNames();
    const named = new Set(
      expressions.flatMap((expr) => expr.match(/\b(titlewise|nodejs|process)_\w+/g) ?? []),
    );
    expect(named.size).toBeGreaterThanOrEqual(6);
    for (const name of named) expect(exported, `${name} is not exported`).toContain(name);
  });

  it('cover rotation lateness, the quota forecast, the queue wait and the 5xx rate', () => {
    const all = expressions.join('\n');
    expect(all).toContain('titlewise_rotation_slot_lateness_seconds_bucket');
    expect(all).toContain('titlewise_youtube_quota_units{kind="forecast"}');
    expect(all).toContain('titlewise_queued_test_oldest_wait_seconds');
    expect(all).toContain('titlewise_http_requests_total{status_code=~"5..",route!~"/healthz|/readyz"}');
  });
});
