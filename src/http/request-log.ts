import { LogController, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Where log lines go when not to stdout (tests read them). */
export interface LogDestination {
  write(line: string): void;
}

export const REDACTED = '[redacted]';

/**
 * Paths whose query strings carry sign-in secrets: the SPA's /auth/callback (a session token),
 * Google's callback under /api/auth (OAuth `code` and `state`), and tRPC batches that call an
 * auth procedure.
 */
const authPath = /^\/(?:api\/)?auth(?:[/.?#]|$)|^\/trpc\/(?:[^/,]*,)*auth\./;

/** Parameters that are secrets wherever they appear. */
const secretParams = new Set([
  'token',
  'code',
  'state',
  'access_token',
  'refresh_token',
  'id_token',
  'session_token',
  'sessiontoken',
  'client_secret',
  'password',
]);

const plainName = /^[A-Za-z0-9_.-]{1,40}$/;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A request URL fit for the log: on auth paths, and wherever `credentialInQuery` says so (a route
 * that needs no session takes its proof in the URL), every query value is replaced by
 * "[redacted]"; elsewhere the values of secret-named parameters are. Parts whose name is not a
 * plain word go whole, as do bare words on such paths.
 */
export function redactUrl(url: string, credentialInQuery = false): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const path = url.slice(0, queryAt);
  const onAuthPath = credentialInQuery || authPath.test(decoded(path).toLowerCase().replace(/\/+/g, '/'));
  const parts = url
    .slice(queryAt + 1)
    .split('&')
    .map((part) => {
      if (part === '') return part;
      const equalsAt = part.indexOf('=');
      const name = equalsAt === -1 ? part : part.slice(0, equalsAt);
      // A name that is not a plain word, or a bare word on an auth path, may be the secret itself.
      if (!plainName.test(decoded(name)) || (equalsAt === -1 && onAuthPath)) return REDACTED;
      if (equalsAt === -1) return part;
      return onAuthPath || secretParams.has(decoded(name).toLowerCase()) ? `${name}=${REDACTED}` : part;
    });
  return `${path}?${parts.join('&')}`;
}

/** Whether a request's URL carries its credential (its whole query is then redacted). */
export type CredentialInQuery = (request: FastifyRequest) => boolean;

/** Fastify's own request serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest, credentialInQuery: CredentialInQuery) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url, credentialInQuery(request)),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fastify's request logging, with the one line that prints the raw URL redacted too. */
class RedactingLogController extends LogController {
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method}:${redactUrl(request.raw.url ?? '')} not found`);
  }
}

/**
 * The logger options of the server: request lines ("incoming request", errors) never carry a
 * sign-in token, OAuth code or state, nor the proof a link without a session carries. Tests may send lines to `destination`.
 */
export function requestLogOptions(
  config: Config,
  options: { logger?: boolean; destination?: LogDestination; credentialInQuery?: CredentialInQuery },
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const credentialInQuery = options.credentialInQuery ?? (() => false);
  return {
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: (request: FastifyRequest) => serializeRequest(request, credentialInQuery) },
            ...(options.destination ? { stream: options.destination } : {}),
          },
    logController: new RedactingLogController({ disableRequestLogging: config.env === 'test' }),
  };
}
