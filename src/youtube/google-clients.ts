import { OAuth2Client, type Credentials } from 'google-auth-library';
import { google } from 'googleapis';
import type { Config } from '../config';

/** Scopes requested at sign-in (YOUTUBE.md "OAuth"): update titles, read data, read analytics. */
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
  });
  if (credentials) client.setCredentials(credentials);
  return client;
}

export function youtubeApi(config: Config, auth: OAuth2Client) {
  return google.youtube({ version: 'v3', auth, rootUrl: config.google.endpoints.youtubeRootUrl });
}

export function youtubeAnalyticsApi(config: Config, auth: OAuth2Client) {
  return google.youtubeAnalytics({ version: 'v2', auth, rootUrl: config.google.endpoints.analyticsRootUrl });
}

export function youtubeReportingApi(config: Config, auth: OAuth2Client) {
  return google.youtubereporting({ version: 'v1', auth, rootUrl: config.google.endpoints.reportingRootUrl });
}
