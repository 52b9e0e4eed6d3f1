// The plans a user can be on, as the server records them and the app names them. Pure (type
// imports only), so web/ imports it at runtime.

/** The tiers an account's subscription is recorded in (users.subscription_tier). */
export const subscriptionTiers = ['free', 'pro', 'authority', 'lifetime', 'cancelled'] as const;
export type SubscriptionTier = (typeof subscriptionTiers)[number];

/** The dashboard's search parameter after a completed checkout: it confirms the new plan. */
export const SUBSCRIBED_SEARCH_PARAM = 'subscribed';

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

/** The plans sold through Stripe. */
export const paidPlans = ['pro', 'authority'] as const;
export type PaidPlan = (typeof paidPlans)[number];

/** What each paid plan costs a month, in US dollars: the pricing pages and the simulated checkout show it. */
export const PLAN_MONTHLY_USD: Record<PaidPlan, number> = {
  pro: 29,
  authority: 99,
};

/** How many YouTube channels an account may connect on each tier (each with its own Google grant). */
export const channelLimits: Record<SubscriptionTier, number> = {
  free: 1,
  cancelled: 1,
  pro: 1,
  authority: 10,
  lifetime: 10,
};

/**
 * How many people an account may have on its team (members plus pending invitations); 0 = no
 * team. Members sign in with their own Google account and work on the owner's channels.
 */
export const teamSeatLimits: Record<SubscriptionTier, number> = {
  free: 0,
  cancelled: 0,
  pro: 0,
  authority: 5,
  lifetime: 5,
};

/** How many tests a user may run at once on each tier; null = unlimited (within the quota budget). */
export const activeTestLimits: Record<SubscriptionTier, number | null> = {
  free: 1,
  cancelled: 1,
  pro: 5,
  authority: null,
  lifetime: null,
};

/** How many tests the account may run at once (queued ones included); null = unlimited. */
export function activeTestLimit(user: {
  subscriptionTier: SubscriptionTier;
  isLifetime: boolean;
}): number | null {
  return user.isLifetime ? null : activeTestLimits[user.subscriptionTier];
}

/** The refusal of one more running test than the plan allows ("/paywall" becomes a link in the app). */
export function planLimitMessage(tier: SubscriptionTier, limit: number): string {
  if (tier === 'cancelled') {
    return `Your subscription has ended, so you can run ${limit} test${limit === 1 ? '' : 's'} at a time. Complete or cancel one, or subscribe to Pro for up to ${activeTestLimits.pro} or Authority for unlimited at /paywall.`;
  }
  const plan = tier === 'pro' ? 'Pro' : 'Free';
  const upgrade =
    tier === 'pro'
      ? 'Authority for unlimited tests'
      : `Pro for up to ${activeTestLimits.pro} or Authority for unlimited`;
  return `Your ${plan} plan allows ${limit} running test${limit === 1 ? '' : 's'} at a time. Complete or cancel one, or upgrade to ${upgrade} at /paywall.`;
}

/**
 * What an account's uploaded images may take on each tier: how many and how many megabytes
 * (docs/images.md#storage). Images a test shows count until the account deletes the test; an
 * upload no test uses is removed after UNUSED_UPLOAD_DAYS (src/shared/image-rules.ts).
 */
export const imageStorageLimits: Record<SubscriptionTier, { images: number; megabytes: number }> = {
  free: { images: 30, megabytes: 30 },
  cancelled: { images: 30, megabytes: 30 },
  pro: { images: 300, megabytes: 300 },
  authority: { images: 1_500, megabytes: 1_500 },
  lifetime: { images: 1_500, megabytes: 1_500 },
};

/** A demo visitor's sandbox keeps this much, whatever its tier: enough to try a five-image test. */
export const DEMO_IMAGE_STORAGE = { images: 10, megabytes: 10 } as const;
