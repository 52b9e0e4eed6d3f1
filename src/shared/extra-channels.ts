// What happens to connected channels when a plan includes fewer than are connected (after a move
// from Authority to Pro, or a subscription ending): the rule and its words, said once. The server
// enforces it at test creation (src/title-tests/create-test.service.ts) and the Account page says
// it (docs/decisions/0029). Pure, so web/ imports it at runtime.
import { channelLimits } from './plans';

/**
 * The rule, in general terms: what the Billing section says before a downgrade. Nothing is
 * disconnected by itself; only new tests are limited.
 */
export const DOWNGRADE_CHANNELS_NOTE =
  'On a plan with fewer channels, your channels stay connected and tests already running keep running; new tests start only on the channels connected first, up to the plan’s limit.';

/**
 * Which of the account's usable channels (connected, not being disconnected) take new tests: the
 * ones connected first, up to the plan's limit. `usable` is oldest first.
 */
export function channelsTakingNewTests<T>(usable: readonly T[], limit: number): T[] {
  return usable.slice(0, limit);
}

const titlesInWords = (titles: readonly string[]): string =>
  titles.length <= 1
    ? (titles[0] ?? 'none')
    : `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}`;

/**
 * Said when more channels are connected than the plan includes: on the Account page, and as the
 * refusal of a new test on one of the other channels. "/paywall" becomes a link in the app.
 */
export function extraChannelsMessage(args: {
  /** The plan's name in words (planName in ./plans). */
  plan: string;
  limit: number;
  connected: number;
  /** The channels that take new tests, in order. */
  open: readonly string[];
}): string {
  const { plan, limit, connected, open } = args;
  const includes = limit === 1 ? '1 YouTube channel' : `${limit} YouTube channels`;
  return (
    `Your ${plan} plan includes ${includes}; ${connected} are connected. ` +
    `Tests already running keep running; new tests start only on ${titlesInWords(open)}. ` +
    (limit < channelLimits.authority
      ? `Disconnect a channel on the Account page, or upgrade to Authority for up to ${channelLimits.authority} at /paywall.`
      : 'Disconnect a channel on the Account page to choose which ones take new tests.')
  );
}
