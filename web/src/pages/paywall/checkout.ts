import type { PlanId } from '../../lib/pricing-plans';
import { showError } from '../../lib/toast';

export type CheckoutOutcome = 'redirecting' | '/login' | 'failed';

async function errorText(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/create-subscription with the plan (the session cookie says who), then send the browser
 * to the checkout URL the server answers (Stripe Checkout, or the built-in simulated one).
 * Not signed in (401) → /login; a non-ok answer or an exception → its alert (docs/product.md#error-texts).
 */
export async function startCheckout(plan: PlanId): Promise<CheckoutOutcome> {
  try {
    const response = await fetch('/api/create-subscription', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan }),
    });
    if (response.status === 401) return '/login';
    if (!response.ok) {
      showError('Failed to create subscription. Please try again.', await errorText(response));
      return 'failed';
    }
    const { checkoutUrl } = (await response.json()) as { checkoutUrl?: unknown };
    if (typeof checkoutUrl !== 'string') throw new Error('No checkout URL in the answer');
    window.location.assign(checkoutUrl);
    return 'redirecting';
  } catch {
    showError('An error occurred. Please try again.');
    return 'failed';
  }
}
