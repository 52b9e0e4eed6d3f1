import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// The process's Prometheus instruments (docs/operations.md#metrics), on the context beside the
// log: any feature records into them. The gauges read at scrape time live in
// src/observability/state-gauges.ts. Names follow Prometheus's conventions (a `titlewise_` prefix,
// base units, `_total` on counters); no label carries a user, channel or test id, so every series
// is bounded by the code: routes, queues, methods, outcomes.

/** Seconds: from a fast read to the request queue's 3-second wait and beyond. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: from a quick job to one near the 10-minute sampling period. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 600];
/** Seconds after its planned start that a slot went live: on time, a tick late, an hour late. */
const LATENESS_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200];
/** Seconds: one YouTube call, up to its 20-second timeout and the retries after it. */
const CALL_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 60];

export interface Metrics {
  /** Every instrument below, and the gauges read at scrape time (state-gauges.ts). */
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status_code'>;
  httpRequestDuration: Histogram<'method' | 'route'>;
  jobs: Counter<'queue' | 'outcome'>;
  jobDuration: Histogram<'queue'>;
  /** A rotation slot's lateness: when it went live minus its planned start. */
  slotLateness: Histogram;
  youtubeCalls: Counter<'method' | 'outcome'>;
  youtubeCallDuration: Histogram<'method'>;
}

/** A fresh set of instruments on a registry of this process's own (one per built app). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'titlewise_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status code.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    }),
    httpRequestDuration: new Histogram({
      name: 'titlewise_http_request_duration_seconds',
      help: 'Time from receiving an HTTP request to its answer, by method and route template.',
      labelNames: ['method', 'route'],
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    jobs: new Counter({
      name: 'titlewise_jobs_total',
      help: 'Jobs this process ran, by queue and outcome (completed or failed).',
      labelNames: ['queue', 'outcome'],
      registers,
    }),
    jobDuration: new Histogram({
      name: 'titlewise_job_duration_seconds',
      help: 'Time a job took in this process, by queue.',
      labelNames: ['queue'],
      buckets: JOB_BUCKETS,
      registers,
    }),
    slotLateness: new Histogram({
      name: 'titlewise_rotation_slot_lateness_seconds',
      help: 'How long after its planned start a rotation slot went live on YouTube (product clock).',
      buckets: LATENESS_BUCKETS,
      registers,
    }),
    youtubeCalls: new Counter({
      name: 'titlewise_youtube_calls_total',
      help: 'YouTube API attempts, by method and outcome (ok or the failure kind).',
      labelNames: ['method', 'outcome'],
      registers,
    }),
    youtubeCallDuration: new Histogram({
      name: 'titlewise_youtube_call_duration_seconds',
      help: 'Time one YouTube API attempt took, by method.',
      labelNames: ['method'],
      buckets: CALL_BUCKETS,
      registers,
    }),
  };
}

let processRegistry: Registry | null = null;

/**
 * The runtime's own figures (process_resident_memory_bytes, nodejs_eventloop_lag_seconds, heap,
 * GC), one registry per process (their event-loop monitor and GC observer are never stopped, so
 * they are started once), and only in a process that serves /metrics.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Seconds since `started` (a performance.now() reading). */
export function secondsSince(started: number): number {
  return (performance.now() - started) / 1000;
}
