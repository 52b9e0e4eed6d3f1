import type { SubscriptionTier } from '../../db/schema/users';
import { activeTestLimits } from '../shared/plans';

export function activeTestLimit(user: {
  subscriptionTier: SubscriptionTier;
  isLifetime: boolean;
}): number | null {
  return user.isLifetime ? null : activeTestLimits[user.subscriptionTier];
}

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
