import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  /** CPU the server process spent per answered request during the measured run. */
  serverCpuMsPerRequest: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  /** Connection errors and timeouts (no response at all). */
  errors: number;
}

export interface LoadShape {
  seconds: number;
  connections: number;
  warmupSeconds: number;
}

/**
 * autocannon against one URL: a short warm-up that is thrown away, then the measured run with
 * the same connections; `serverCpu` reads the server's CPU seconds around the measured run.
 */
export async function loadPath(
  url: string,
  headers: Record<string, string>,
  shape: LoadShape,
  serverCpu: () => number,
): Promise<LoadResult> {
  await autocannon({ url, headers, connections: shape.connections, duration: shape.warmupSeconds });
  const cpuBefore = serverCpu();
  const result = await autocannon({ url, headers, connections: shape.connections, duration: shape.seconds });
  const cpu = serverCpu() - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    serverCpuMsPerRequest: result.requests.total > 0 ? (cpu * 1000) / result.requests.total : Number.NaN,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
