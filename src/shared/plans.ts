// The plans a user can be on, as the server records them and the app names them. Pure (type
// imports only), so web/ imports it at runtime.
import type { SubscriptionTier } from '../../db/schema/users';

/** Each recorded tier's name (the admin console lists them all). */
export const SUBSCRIPTION_TIER_NAMES: Record<SubscriptionTier, string> = {
  free: 'Free',
  pro: 'Pro',
  authority: 'Authority',
  lifetime: 'Lifetime',
  cancelled: 'Cancelled',
};

/** The plan a creator is on, as their own header shows it: an ended subscription is back on Free. */
export function planName(tier: SubscriptionTier): string {
  return SUBSCRIPTION_TIER_NAMES[tier === 'cancelled' ? 'free' : tier];
}

/**
 * A tier bought through Stripe (active, or past due while Stripe retries the payment): such a
 * user changes or cancels it in the Customer Portal rather than buying a second subscription.
 */
export function isSubscribedTier(tier: SubscriptionTier): tier is 'pro' | 'authority' {
  return tier === 'pro' || tier === 'authority';
}
