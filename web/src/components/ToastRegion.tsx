import { Notifications } from '@mantine/notifications';
import { useWindowEvent } from '@mantine/hooks';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../lib/toast';

const REGION_SELECTOR = '[data-toast-region]';

/**
 * The one toast region: at most one toast visible (a new one replaces it), 5 s each, dismissable by
 * the close button or a swipe; F8 moves focus to the region (docs/product.md#client-behaviour).
 */
export function ToastRegion() {
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'F8') return;
    const region = document.querySelector<HTMLElement>(REGION_SELECTOR);
    if (!region) return;
    event.preventDefault();
    region.focus();
  });
  // One labelled region around every position's container (Mantine renders one per position),
  // so screen readers meet a single "Notifications" landmark and F8 has one place to go.
  return (
    <div role="region" aria-label="Notifications (F8)" tabIndex={-1} data-toast-region>
      <Notifications
        limit={TOAST_LIMIT}
        autoClose={TOAST_DURATION_MS}
        position="bottom-right"
        containerWidth={420}
        zIndex={1000}
        withinPortal={false}
      />
    </div>
  );
}
