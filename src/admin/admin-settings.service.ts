import type { ServiceContext } from '../context/service-context';
import type { AdminSettings } from './admin.schemas';

/**
 * The admin settings tab's security items (docs/product.md#admin-console), each read from how this
 * deployment is really configured (never a fixed "on"): HTTPS from PUBLIC_URL, backups from the
 * database kind, the request guards the server always installs, sign-in rate limiting from
 * SIGN_IN_RATE_LIMIT.
 */
export function getAdminSettings(ctx: ServiceContext): AdminSettings {
  const { config } = ctx;
  const https = config.secureCookies;
  const postgres = config.database.kind === 'postgres';
  return {
    security: [
      {
        key: 'ssl',
        label: 'SSL / HTTPS',
        status: https ? 'active' : 'warning',
        detail: https
          ? `Served over HTTPS (${config.publicOrigin}): Secure cookies and HSTS are on.`
          : `PUBLIC_URL is ${config.publicOrigin}: cookies are not marked Secure and HSTS is off. Put the app behind HTTPS and set PUBLIC_URL to its https:// address.`,
      },
      {
        key: 'backups',
        label: 'Backups',
        status: postgres ? 'external' : 'warning',
        detail: postgres
          ? 'PostgreSQL (DATABASE_URL): backups are taken by your database host; check its schedule there.'
          : `Embedded database in ${config.dataDir}: nothing backs it up automatically. Copy that folder, or set DATABASE_URL to a managed PostgreSQL.`,
      },
      {
        key: 'firewall',
        label: 'Request firewall',
        status: 'active',
        detail:
          'Cross-site state changes are refused (Origin / Sec-Fetch-Site check), a strict Content-Security-Policy is sent and the app cannot be framed.',
      },
      {
        key: 'bot-detection',
        label: 'Bot detection',
        status: 'inactive',
        detail:
          'No bot detection service is configured; sign-in attempts are rate limited per IP address instead.',
      },
      {
        key: 'login-attempts',
        label: 'Login attempt limiting',
        status: 'active',
        detail: `At most ${config.signInRateLimit} sign-in attempts per minute per IP address (SIGN_IN_RATE_LIMIT), counted in the database for every server.`,
      },
    ],
    integrations: {
      youtube: config.google.simulator ? 'simulator' : 'google',
      payments: config.stripe.simulated
        ? 'simulated'
        : config.stripe.secretKey?.startsWith('sk_live_')
          ? 'stripe-live'
          : 'stripe-test',
    },
  };
}
