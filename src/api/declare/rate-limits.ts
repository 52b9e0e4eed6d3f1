import type { Config } from '../../config';
import {
  CHECKOUT_PER_WINDOW,
  CHECKOUT_RETURNS_PER_WINDOW,
  CLOCK_MOVES_PER_WINDOW,
  CREATE_TEST_PER_WINDOW,
  EXPORTS_PER_WINDOW,
  IMAGE_UPLOADS_PER_WINDOW,
  LEARNING_POOL_READS_PER_WINDOW,
  RECENT_VIDEOS_PER_WINDOW,
} from '../../shared/usage-limits';
import { REPORT_READS_PER_WINDOW } from '../../shared/report-links';

/**
 * A rate limit of an operation (src/api/declare/operation.ts, `limit`) or of a plain route (its
 * route config, `{ config: { limit } }`). All of them are counted by one limiter
 * (src/api/within-limit.ts) on one table of counters: an operation's REST routes and its tRPC
 * procedure count against one counter, and every call inside a tRPC batch counts.
 */
export interface RateLimit {
  /** Names the counter. */
  name: string;
  /** Whose calls are counted together: the client's address, or the signed-in user's. */
  per: 'address' | 'user';
  /** Calls allowed per RATE_LIMIT_WINDOW_MS. */
  max: (config: Config) => number;
  /** Reads YouTube on the user's behalf: charged to their share of the daily quota (src/youtube/user-reads.ts). */
  readsYouTube?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The rate limit of a plain route (one outside the operations table), counted before its handler. */
    limit?: RateLimit;
  }
}

/** Every rate limit, by name; the operations and the plain routes name theirs. */
export const rateLimits: Readonly<
  Record<
    | 'demoSignIn'
    | 'googleCodeSignIn'
    | 'checkout'
    | 'recentVideos'
    | 'createTest'
    | 'testExport'
    | 'learningPool'
    | 'imageUpload'
    | 'reportRead'
    | 'invitationRead'
    | 'clockMove'
    | 'googleSignInStart'
    | 'channelConnectStart'
    | 'googleCallback'
    | 'checkoutReturn',
    RateLimit
  >
> = {
  demoSignIn: { name: 'demo-sign-in', per: 'address', max: (config) => config.signInRateLimit },
  googleCodeSignIn: { name: 'google-code-sign-in', per: 'address', max: (config) => config.signInRateLimit },
  checkout: { name: 'checkout', per: 'address', max: () => CHECKOUT_PER_WINDOW },
  recentVideos: {
    name: 'recent-videos',
    per: 'user',
    max: () => RECENT_VIDEOS_PER_WINDOW,
    readsYouTube: true,
  },
  createTest: { name: 'create-test', per: 'user', max: () => CREATE_TEST_PER_WINDOW, readsYouTube: true },
  testExport: { name: 'test-export', per: 'user', max: () => EXPORTS_PER_WINDOW },
  // The pool of opted-in channels (What works here): each read pools every opted-in channel's tests.
  learningPool: { name: 'learning-pool', per: 'user', max: () => LEARNING_POOL_READS_PER_WINDOW },
  imageUpload: { name: 'image-upload', per: 'user', max: () => IMAGE_UPLOADS_PER_WINDOW },
  // A shared report is read without a session: counted per address, like the sign-in paths.
  reportRead: { name: 'report-read', per: 'address', max: () => REPORT_READS_PER_WINDOW },
  // An invitation link is opened without a session too (its page shows who invites).
  invitationRead: { name: 'invitation-read', per: 'address', max: () => REPORT_READS_PER_WINDOW },
  clockMove: { name: 'clock-move', per: 'user', max: () => CLOCK_MOVES_PER_WINDOW },
  // The plain routes of Google's consent flow (src/auth/google-oauth.ts): each path its own
  // counter per address, at the sign-in limit.
  googleSignInStart: {
    name: 'google-sign-in-start',
    per: 'address',
    max: (config) => config.signInRateLimit,
  },
  channelConnectStart: {
    name: 'channel-connect-start',
    per: 'address',
    max: (config) => config.signInRateLimit,
  },
  googleCallback: { name: 'google-callback', per: 'address', max: (config) => config.signInRateLimit },
  // Stripe Checkout's return page (src/billing/billing-routes.ts) re-reads the session from Stripe.
  checkoutReturn: { name: 'checkout-return', per: 'address', max: () => CHECKOUT_RETURNS_PER_WINDOW },
};
