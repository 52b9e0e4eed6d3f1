import type { ChannelConnection } from '../channels';
import { addDays, pacificDay } from '../time/pacific';
import type { AccuracyStatus } from './analytics.schemas';
import { RECONNECT_INSTRUCTIONS } from '../shared/reconnect';
import { formatDay } from '../shared/moments';

const ANALYTICS_SCOPE = 'https://www.googleapis.com/auth/yt-analytics.readonly';
/** Reach files normally trail by 2–3 days; later than this, something stopped them. */
const STALE_AFTER_DAYS = 5;
const RECONNECT_URL = '/api/auth/google';

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const viewsLine = 'Views are measured: public view counts, read in near real time.';
const estimatesLine =
  'Per-title CTR and view duration for windows shorter than a day are Titlewise’s own estimates from YouTube’s daily figures.';

/**
 * What the channel's data can support, from what the connection really has: the Analytics
 * scope, the reach reporting job, and how recent the reach data is. Pure, so every case is tested.
 */
export function describeAccuracy(
  connection: ChannelConnection | null,
  now: Date,
  /** A demo visitor's simulated channel: its reach data catches up by itself (a fast-forward moves its days). */
  demo = false,
): AccuracyStatus {
  if (!connection) {
    return {
      enabled: false,
      accuracy: 'No YouTube channel is connected, so nothing can be measured yet.',
      instructions: 'Sign in with Google and allow access to your YouTube channel.',
      enableUrl: RECONNECT_URL,
    };
  }
  if (connection.status === 'disconnected') {
    return {
      enabled: false,
      accuracy:
        'Titlewise lost access to your YouTube channel: no figures are being updated and running tests are paused.',
      instructions: `${RECONNECT_INSTRUCTIONS}.\nYour tests keep their data and can be resumed afterwards.`,
      enableUrl: RECONNECT_URL,
    };
  }
  if (!connection.scopes.includes(ANALYTICS_SCOPE)) {
    return {
      enabled: false,
      accuracy: `${viewsLine} Impressions, CTR and average view duration are unavailable: Titlewise has no access to YouTube Analytics.`,
      instructions:
        'Sign in with Google again and allow “See YouTube Analytics reports for your YouTube content”.\nUntil then, tests can only compare titles by views.',
      enableUrl: RECONNECT_URL,
    };
  }
  const pending = `${viewsLine} Impressions and CTR are pending: YouTube delivers its first daily reach report about 48 hours after it is requested, then each day 2–3 days behind. Average view duration comes from YouTube Analytics, also 2–3 days behind.`;
  if (!connection.reportingJobId) {
    return {
      enabled: false,
      accuracy: pending,
      instructions:
        'Nothing to do: Titlewise requests the reach report for your channel automatically.\nCTR figures appear once YouTube delivers it.',
      enableUrl: null,
    };
  }
  if (!connection.reachDataThrough) {
    return {
      enabled: false,
      accuracy: pending,
      instructions:
        'Nothing to do: the reach report is requested and YouTube is preparing it (about 48 hours).\nCTR figures appear once it arrives.',
      enableUrl: null,
    };
  }
  const lastDay = pacificDay(new Date(connection.reachDataThrough.getTime() - 1));
  const behind = daysBetween(lastDay, pacificDay(now));
  const behindText = behind <= 0 ? 'up to date' : `${behind} day${behind === 1 ? '' : 's'} behind`;
  if (behind > STALE_AFTER_DAYS && demo) {
    return {
      enabled: false,
      accuracy: `${viewsLine} Impressions and CTR are catching up: the demo channel’s reach data ends on ${formatDay(lastDay)} (${behindText}).`,
      instructions:
        'Nothing to do: this is the demo’s simulated channel, and its figures catch up by themselves.',
      enableUrl: null,
    };
  }
  if (behind > STALE_AFTER_DAYS) {
    return {
      enabled: false,
      accuracy: `${viewsLine} Impressions and CTR stopped arriving: YouTube’s reach data ends on ${formatDay(lastDay)} (${behindText}).`,
      instructions:
        'Titlewise keeps asking YouTube for new reach reports; if this lasts, sign in with Google again.\nUntil then, recent CTR figures are estimates.',
      enableUrl: RECONNECT_URL,
    };
  }
  return {
    enabled: true,
    accuracy: `${viewsLine} Impressions and CTR are measured by YouTube per day, through ${formatDay(lastDay)} (${behindText}); average view duration comes from YouTube Analytics, 2–3 days behind. ${estimatesLine}`,
    instructions: `Full accuracy is on.\nDaily figures for ${formatDay(addDays(lastDay, 1))} onwards arrive as YouTube publishes them.`,
    enableUrl: null,
  };
}
