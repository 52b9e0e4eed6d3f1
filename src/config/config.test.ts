import { describe, expect, it } from 'vitest';
import { configFromJson, configToJson, ConfigError, loadConfig } from './index';

const base = {
  DATA_DIR: '/tmp/titlewise-config-test',
  SESSION_SECRET: 'x'.repeat(32),
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
};

describe('configuration', () => {
  it('travels to a child process as text and back unchanged, the encryption key included', () => {
    const config = loadConfig({ ...base, DATABASE_URL: 'postgres://127.0.0.1/titlewise' });
    const back = configFromJson(configToJson(config));
    expect(back).toEqual(config);
    expect(Buffer.isBuffer(back.tokenEncryptionKey)).toBe(true);
  });

  it('rehearses the demo in a child process on PostgreSQL only, and not in tests unless asked', () => {
    const postgres = { ...base, DATABASE_URL: 'postgres://127.0.0.1/titlewise' };
    expect(loadConfig({ ...postgres, NODE_ENV: 'production' }).demoRehearsalProcess).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).demoRehearsalProcess).toBe(false);
    expect(loadConfig({ ...postgres, NODE_ENV: 'test' }).demoRehearsalProcess).toBe(false);
    expect(
      loadConfig({ ...postgres, NODE_ENV: 'test', DEMO_REHEARSAL_PROCESS: 'true' }).demoRehearsalProcess,
    ).toBe(true);
  });

  it('works with nothing configured: embedded database, simulator, simulated checkout', () => {
    const config = loadConfig(base);
    expect(config.database.kind).toBe('pglite');
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.google.simulator).toBe(true);
    expect(config.google.endpoints.tokenUrl).toBe('http://localhost:3001/token');
    expect(config.stripe.simulated).toBe(true);
    expect(config.demoLogin).toBe(true);
    expect(config.youtubeDailyQuota).toBe(10_000);
    expect(config.requestLimits).toEqual({ maxConcurrent: 20, maxQueued: 200, maxWaitMs: 3000 });
  });

  it('never lets a request wait more than 5 s for a slot', () => {
    expect(() => loadConfig({ ...base, REQUEST_QUEUE_TIMEOUT_MS: '5001' })).toThrow(
      /REQUEST_QUEUE_TIMEOUT_MS/,
    );
    expect(loadConfig({ ...base, REQUEST_QUEUE_TIMEOUT_MS: '5000' }).requestLimits.maxWaitMs).toBe(5000);
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or the proxies, even behind https', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://titlewise.example' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, ::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.example', '1.2.3.4/8/1']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        ...base,
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        FOUNDER_EMAILS: 'not-an-email',
        WORKERS: 'maybe',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL: must be a postgres/);
    expect(problems).toMatch(/FOUNDER_EMAILS/);
    expect(problems).toMatch(/WORKERS: must be true or false/);
  });

  it('requires the partner settings of real Google and Stripe, and secrets in production', () => {
    expect(() => loadConfig({ ...base, GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() =>
      loadConfig({ DATA_DIR: '/tmp/x', NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db' }),
    ).toThrow(/SESSION_SECRET[\s\S]*TOKEN_ENCRYPTION_KEY/);
  });

  it('takes the worker’s crash-test seam under NODE_ENV=test only', () => {
    const seam = { TITLEWISE_TEST_SIGKILL_AFTER_THUMBNAIL_SET: '1' };
    expect(loadConfig({ ...base, NODE_ENV: 'test', ...seam }).sigkillAfterThumbnailSet).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).sigkillAfterThumbnailSet).toBe(false);
    expect(() => loadConfig({ ...base, NODE_ENV: 'development', ...seam })).toThrow(
      /TITLEWISE_TEST_SIGKILL_AFTER_THUMBNAIL_SET: only for crash tests/,
    );
  });

  it('points every Google endpoint at Google when a real client is configured', () => {
    const config = loadConfig({ ...base, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config.google.simulator).toBe(false);
    expect(config.google.endpoints.authorizeUrl).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(config.demoLogin).toBe(false);
    expect(config.founderEmails).toEqual([]);
  });
});
