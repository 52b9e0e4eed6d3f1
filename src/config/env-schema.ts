import { isIP } from 'node:net';
import { z } from 'zod';

const emailList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: 'must be a comma-separated list of e-mail addresses' })));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * TRUST_PROXY: off (unset, "false", "0"), a hop count ("1": the peer is the one proxy in front),
 * or a comma-separated list of proxy addresses or CIDRs (and proxy-addr's names loopback,
 * linklocal, uniquelocal). "true" (trust any peer) is refused: a client could then choose its
 * own address.
 */
const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (proxyNames.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
const trustProxy = z.string().transform((value, context): false | number | string[] => {
  const trimmed = value.trim();
  if (trimmed === 'false' || trimmed === '0') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `must be a hop count or a comma-separated list of proxy addresses or CIDRs${
        bad.length > 0 ? ` (not an address: ${bad.join(', ')})` : ''
      }`,
    });
    return z.NEVER;
  }
  return entries;
});

const base64Key = z.string().refine((value) => Buffer.from(value, 'base64').length === 32, {
  message: 'must be 32 bytes, base64-encoded',
});

/** Every environment variable Titlewise reads. `.env.example` documents each one. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as http://localhost:3000' }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// URL' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  SESSION_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  TOKEN_ENCRYPTION_KEY: base64Key.optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_API_BASE_URL: z.url().optional(),
  SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  FOUNDER_EMAILS: emailList,
  ADMIN_EMAILS: emailList,
  DEMO_LOGIN: booleanFlag.optional(),
  DEMO_HISTORY: booleanFlag.optional(),
  DEMO_REHEARSAL_PROCESS: booleanFlag.optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', { message: 'must start with sk_' }).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', { message: 'must start with whsec_' }).optional(),
  STRIPE_PRICE_PRO: z.string().min(1).optional(),
  STRIPE_PRICE_AUTHORITY: z.string().min(1).optional(),
  STRIPE_API_BASE_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  MAIL_CATCHER_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  YOUTUBE_DAILY_QUOTA: z.coerce.number().int().min(100).default(10_000),
  YOUTUBE_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(50).max(300_000).default(20_000),
  YOUTUBE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(4),
  YOUTUBE_RETRY_BASE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  WORKERS: booleanFlag.default(true),
  TRUST_PROXY: trustProxy.optional(),
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  DEMO_COPIES_PER_ADDRESS: z.coerce.number().int().min(1).default(3),
  DEMO_LIVE_COPIES: z.coerce.number().int().min(1).default(500),
  REQUEST_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(20),
  REQUEST_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(200),
  REQUEST_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(0).max(5000).default(3000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(5_000).default(0),
  OPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  OPS_HOST: z.string().min(1).default('127.0.0.1'),
  /** OpenTelemetry's standard variables: the trace exporter (off by default) and the service name. */
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'console', 'none']).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Crash-test seam (NODE_ENV=test only, refused otherwise): the worker SIGKILLs itself right after
   * thumbnails.set answers, before the slot is recorded (test/integration/worker-thumbnail-crash.test.ts).
   */
  TITLEWISE_TEST_SIGKILL_AFTER_THUMBNAIL_SET: booleanFlag.optional(),
});

export type Env = z.infer<typeof envSchema>;
