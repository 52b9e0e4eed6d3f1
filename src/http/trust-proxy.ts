import type { Config } from '../config';

/**
 * Fastify's trustProxy for TRUST_PROXY. A list goes as is (proxy-addr compiles it). A hop count
 * becomes "the first n peers are proxies": Fastify 5 trusts nobody for a bare number, as it cannot
 * tell the peer is a proxy; the operator who sets a count says it is.
 */
export function fastifyTrustProxy(
  setting: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
