import { OAuth2Client, type Credentials } from 'google-auth-library';
// One generated module per API rather than the googleapis index, which loads every Google API
// (~120 MB and most of a second at start-up) to use three of them. No @googleapis/* package
// exists for YouTube Reporting, so all three come from the same googleapis release.
import { youtubeAnalytics_v2 } from 'googleapis/build/src/apis/youtubeAnalytics/v2.js';
import { youtubereporting_v1 } from 'googleapis/build/src/apis/youtubereporting/v1.js';
import { youtube_v3 } from 'googleapis/build/src/apis/youtube/v3.js';
import type { Config } from '../config';

/** Scopes requested at sign-in (docs/youtube.md#oauth): update titles, read data, read analytics. */
export const GOOGLE_SCOPES = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/youtube.force-ssl',
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/yt-analytics.readonly',
];

export const googleCallbackPath = '/api/auth/google/callback';

/** An OAuth2 client whose every endpoint comes from configuration (Google's, or the simulator's). */
export function createOAuthClient(config: Config, credentials?: Credentials): OAuth2Client {
  const { endpoints } = config.google;
  const client = new OAuth2Client({
    clientId: config.google.clientId,
    clientSecret: config.google.clientSecret,
    redirectUri: `${config.publicUrl}${googleCallbackPath}`,
    endpoints: {
      oauth2TokenUrl: endpoints.tokenUrl,
      oauth2AuthBaseUrl: endpoints.authorizeUrl,
      oauth2RevokeUrl: endpoints.revokeUrl,
    },
    transporterOptions: { timeout: config.youtubeGateway.requestTimeoutMs },
  });
  if (credentials) client.setCredentials(credentials);
  return client;
}

/**
 * Per-service options: Google's paths under the configured root, a timeout, and no automatic
 * retries — the gateway decides what to retry (never a 429 or a quota error) and records each
 * attempt in the quota ledger.
 */
function serviceOptions(config: Config, auth: OAuth2Client, rootUrl: string) {
  return { auth, rootUrl, retry: false, timeout: config.youtubeGateway.requestTimeoutMs };
}

export function youtubeApi(config: Config, auth: OAuth2Client) {
  return new youtube_v3.Youtube(serviceOptions(config, auth, config.google.endpoints.youtubeRootUrl));
}

export function youtubeAnalyticsApi(config: Config, auth: OAuth2Client) {
  return new youtubeAnalytics_v2.Youtubeanalytics(
    serviceOptions(config, auth, config.google.endpoints.analyticsRootUrl),
  );
}

export function youtubeReportingApi(config: Config, auth: OAuth2Client) {
  return new youtubereporting_v1.Youtubereporting(
    serviceOptions(config, auth, config.google.endpoints.reportingRootUrl),
  );
}
