import { trpc } from '../../api/trpc';
import { showError } from '../../lib/toast';

/**
 * Opens the Customer Portal (Stripe's, or the simulated one on this server): billing.portal answers
 * a one-time link and the browser goes there. A refusal (no subscription yet) shows as a toast.
 */
export function useCustomerPortal(): { open: () => void; pending: boolean } {
  const portal = trpc.billing.portal.useMutation({
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => showError('Could not open the Customer Portal', error.message),
  });
  // Pending until the browser has left: the link is single-use, so it is asked for once.
  return { open: () => portal.mutate(), pending: portal.isPending || portal.isSuccess };
}
