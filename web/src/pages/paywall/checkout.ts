import type { PlanId } from '../../lib/plans';
import { getStoredSessionToken } from '../../auth/session-token';
import { showError, showSuccess } from '../../components/toast';

/**
 * Starts a subscription for a plan (SPEC §7 create-subscription). The billing procedure
 * (`billing.createSubscription`) belongs to the billing issue; until it exists, choosing a plan
 * says honestly that checkout is not open yet. Returns where to send the visitor, if anywhere.
 */
export function startCheckout(plan: PlanId): '/login' | null {
  if (!getStoredSessionToken()) return '/login';
  const name = plan === 'pro' ? 'Pro' : 'Authority';
  showSuccess(
    `${name} plan`,
    'Checkout is not open yet. You can keep using your current plan in the meantime.',
  );
  return null;
}

export function checkoutFailed(): void {
  showError('Failed to create subscription. Please try again.');
}
