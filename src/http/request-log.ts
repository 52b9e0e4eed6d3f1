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
 * A request URL fit for the log: on auth paths every query value is replaced by "[redacted]";
 * elsewhere the values of secret-named parameters are. Parts whose name is not a plain word go
 * whole, as do bare words on auth paths.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const path = url.slice(0, queryAt);
  const onAuthPath = authPath.test(decoded(path).toLowerCase().replace(/\/+/g, '/'));
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

/** Fastify's own request serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
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
 * sign-in token, OAuth code or state (issue 13, item 1). Tests may send lines to `destination`.
 */
export function requestLogOptions(
  config: Config,
  options: { logger?: boolean; destination?: LogDestination },
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: serializeRequest },
            ...(options.destination ? { stream: options.destination } : {}),
          },
    logController: new RedactingLogController({ disableRequestLogging: config.env === 'test' }),
  };
}
