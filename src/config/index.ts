import { resolve } from 'node:path';
import { envSchema, type Env } from './env-schema';
import { loadOrCreateSecrets } from './secrets';

export interface GoogleEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  userinfoUrl: string;
  /** rootUrl for googleapis clients (youtube, youtubeAnalytics, youtubereporting), with a trailing slash. */
  youtubeRootUrl: string;
  analyticsRootUrl: string;
  reportingRootUrl: string;
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  publicOrigin: string;
  secureCookies: boolean;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };
  dataDir: string;
  sessionSecret: string;
  tokenEncryptionKey: Buffer;
  sessionTtlDays: number;
  google: {
    /** True when no real Google client is configured: the built-in simulator serves every Google path. */
    simulator: boolean;
    /** Where the built-in simulator listens (its own origin, like Google's): set when simulator is true. */
    simulatorPort: number | null;
    clientId: string;
    clientSecret: string;
    endpoints: GoogleEndpoints;
  };
  founderEmails: string[];
  adminEmails: string[];
  demoLogin: boolean;
  stripe: {
    simulated: boolean;
    secretKey: string | null;
    webhookSecret: string | null;
    priceIds: { pro: string | null; authority: string | null };
    apiBaseUrl: string | null;
  };
  youtubeDailyQuota: number;
  /** How the YouTube gateway waits for and retries Google (5xx and timeouts only). */
  youtubeGateway: { requestTimeoutMs: number; maxAttempts: number; retryBaseDelayMs: number };
  workers: boolean;
  signInRateLimit: number;
  /**
   * Bounds on the /api and /trpc requests this process works on at once, how many may wait for a
   * slot and for how long (at most 5 s); past them a request is answered 503 with Retry-After.
   */
  requestLimits: { maxConcurrent: number; maxQueued: number; maxWaitMs: number };
  logLevel: Env['LOG_LEVEL'];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const DEMO_USER_EMAIL = 'demo@titlewise.app';

function simulatorOrigin(publicUrl: string, port: number): string {
  const url = new URL(publicUrl);
  return `http://${url.hostname}:${port}`;
}

function endpointsFrom(base: string | undefined): GoogleEndpoints {
  if (!base) {
    return {
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      revokeUrl: 'https://oauth2.googleapis.com/revoke',
      userinfoUrl: 'https://www.googleapis.com/oauth2/v3/userinfo',
      youtubeRootUrl: 'https://youtube.googleapis.com/',
      analyticsRootUrl: 'https://youtubeanalytics.googleapis.com/',
      reportingRootUrl: 'https://youtubereporting.googleapis.com/',
    };
  }
  const root = base.endsWith('/') ? base : `${base}/`;
  return {
    authorizeUrl: `${root}o/oauth2/v2/auth`,
    tokenUrl: `${root}token`,
    revokeUrl: `${root}revoke`,
    userinfoUrl: `${root}oauth2/v3/userinfo`,
    youtubeRootUrl: root,
    analyticsRootUrl: root,
    reportingRootUrl: root,
  };
}

/**
 * Parses the environment once, at start-up. Every problem is reported together, so a
 * misconfigured deployment fails fast with the whole list rather than mid-request.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const problems: string[] = [];

  const simulator = !env.GOOGLE_CLIENT_ID;
  if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
    problems.push('GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set');
  }
  const stripeSimulated = !env.STRIPE_SECRET_KEY;
  if (env.STRIPE_SECRET_KEY) {
    for (const key of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PRO', 'STRIPE_PRICE_AUTHORITY'] as const) {
      if (!env[key]) problems.push(`${key}: required when STRIPE_SECRET_KEY is set`);
    }
  }
  const production = env.NODE_ENV === 'production';
  if (production && env.DATABASE_URL) {
    if (!env.SESSION_SECRET) problems.push('SESSION_SECRET: required in production with DATABASE_URL');
    if (!env.TOKEN_ENCRYPTION_KEY)
      problems.push('TOKEN_ENCRYPTION_KEY: required in production with DATABASE_URL');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = resolve(env.DATA_DIR);
  const needsGenerated =
    !env.SESSION_SECRET || !env.TOKEN_ENCRYPTION_KEY || (stripeSimulated && !env.STRIPE_WEBHOOK_SECRET);
  const generated = needsGenerated ? loadOrCreateSecrets(dataDir) : null;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const publicOrigin = new URL(publicUrl).origin;
  // googleapis keeps only the origin of a rootUrl, so the simulator gets an origin of its own.
  const simulatorPort = simulator ? (env.SIMULATOR_PORT ?? env.PORT + 1) : null;
  const simulatorUrl = simulatorPort === null ? undefined : simulatorOrigin(publicUrl, simulatorPort);
  const googleBase = env.GOOGLE_API_BASE_URL ?? simulatorUrl;

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    publicOrigin,
    secureCookies: publicUrl.startsWith('https://'),
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir },
    dataDir,
    sessionSecret: env.SESSION_SECRET ?? generated!.sessionSecret,
    tokenEncryptionKey: Buffer.from(env.TOKEN_ENCRYPTION_KEY ?? generated!.tokenEncryptionKey, 'base64'),
    sessionTtlDays: env.SESSION_TTL_DAYS,
    google: {
      simulator,
      simulatorPort,
      clientId: env.GOOGLE_CLIENT_ID ?? 'titlewise-simulator-client',
      clientSecret: env.GOOGLE_CLIENT_SECRET ?? 'titlewise-simulator-secret',
      endpoints: endpointsFrom(googleBase),
    },
    // In simulator mode the demo account is the founder, so a newcomer sees every tool.
    founderEmails: simulator ? [...env.FOUNDER_EMAILS, DEMO_USER_EMAIL] : env.FOUNDER_EMAILS,
    adminEmails: env.ADMIN_EMAILS,
    demoLogin: env.DEMO_LOGIN ?? simulator,
    stripe: {
      simulated: stripeSimulated,
      secretKey: env.STRIPE_SECRET_KEY ?? null,
      webhookSecret:
        env.STRIPE_WEBHOOK_SECRET ?? (stripeSimulated ? generated!.simulatedWebhookSecret : null),
      // The simulated checkout sells simulated prices; with a Stripe key both price ids are required above.
      priceIds: {
        pro: env.STRIPE_PRICE_PRO ?? (stripeSimulated ? 'price_simulated_pro' : null),
        authority: env.STRIPE_PRICE_AUTHORITY ?? (stripeSimulated ? 'price_simulated_authority' : null),
      },
      apiBaseUrl: env.STRIPE_API_BASE_URL ?? null,
    },
    youtubeDailyQuota: env.YOUTUBE_DAILY_QUOTA,
    youtubeGateway: {
      requestTimeoutMs: env.YOUTUBE_REQUEST_TIMEOUT_MS,
      maxAttempts: env.YOUTUBE_MAX_ATTEMPTS,
      retryBaseDelayMs: env.YOUTUBE_RETRY_BASE_DELAY_MS,
    },
    workers: env.WORKERS,
    signInRateLimit: env.SIGN_IN_RATE_LIMIT,
    requestLimits: {
      maxConcurrent: env.REQUEST_CONCURRENCY,
      maxQueued: env.REQUEST_QUEUE_LIMIT,
      maxWaitMs: env.REQUEST_QUEUE_TIMEOUT_MS,
    },
    logLevel: env.LOG_LEVEL,
  };
}
