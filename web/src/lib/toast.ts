import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** Toast constants (docs/product.md#client-behaviour). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

/** One toast at a time: a new one replaces the current one instead of queueing behind it. */
function replaceCurrent(): void {
  notifications.cleanQueue();
  notifications.clean();
}

/** A success / default toast. */
export function showSuccess(title: string, message?: ReactNode): string {
  replaceCurrent();
  return notifications.show({
    title,
    message: message ?? null,
    color: 'teal',
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
  });
}

/** A destructive toast (variant "destructive", docs/product.md#entities). */
export function showError(title: string, message?: ReactNode): string {
  replaceCurrent();
  return notifications.show({
    title,
    message: message ?? null,
    color: 'red',
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
    'data-variant': 'destructive',
  });
}
