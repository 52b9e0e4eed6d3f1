import { TRPCClientError } from '@trpc/client';
import { showError } from '../../lib/toast';

type AdminAction = 'upgrade' | 'downgrade' | 'cancel' | 'delete';

/**
 * Admin alerts (docs/product.md#error-texts): "{prefix}: {server error or Unknown error}" when the
 * server answered with an error, the bare text when the call itself failed (network, no answer).
 */
const texts: Record<AdminAction, { answered: string; failed: string }> = {
  upgrade: { answered: 'Error upgrading user', failed: 'Error upgrading user' },
  downgrade: { answered: 'Error downgrading user', failed: 'Error downgrading user' },
  cancel: { answered: 'Failed to cancel test', failed: 'Error cancelling test' },
  delete: { answered: 'Failed to delete test', failed: 'Error deleting test' },
};

export function adminAlertText(action: AdminAction, error: unknown): string {
  const answered = error instanceof TRPCClientError && error.data !== undefined && error.data !== null;
  if (!answered) return texts[action].failed;
  return `${texts[action].answered}: ${error.message || 'Unknown error'}`;
}

export function showAdminAlert(action: AdminAction, error: unknown): void {
  showError(adminAlertText(action, error));
}
