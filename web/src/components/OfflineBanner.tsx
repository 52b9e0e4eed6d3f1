import { Alert } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { OFFLINE_MESSAGE } from '#shared/network-error';

/** Says, while the browser is offline, that changes cannot reach Titlewise (issue 26, item 2). */
export function OfflineBanner() {
  const { online } = useNetwork();
  return (
    <div role="status" aria-live="polite" style={{ position: 'sticky', top: 0, zIndex: 300 }}>
      {!online && (
        <Alert color="orange" radius={0} py="xs" title={null} data-testid="offline-banner">
          {OFFLINE_MESSAGE}
        </Alert>
      )}
    </div>
  );
}
