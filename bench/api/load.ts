import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
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
 * the same connections.
 */
export async function loadPath(
  url: string,
  headers: Record<string, string>,
  shape: LoadShape,
): Promise<LoadResult> {
  await autocannon({ url, headers, connections: shape.connections, duration: shape.warmupSeconds });
  const result = await autocannon({ url, headers, connections: shape.connections, duration: shape.seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
