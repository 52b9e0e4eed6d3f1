import { Alert } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { SUBSCRIPTION_TIER_NAMES } from '#shared/plans';
import type { CurrentUser } from '../../auth/auth-client';

/**
 * Back from a completed checkout (/dashboard?subscribed=1): says which plan is now active, or, while
 * Stripe's word has not reached Titlewise yet, that it will be within a minute. Closing it drops
 * the parameter, so a reload does not say it again.
 */
export function SubscribedNotice({ user }: { user: CurrentUser }) {
  const { subscribed } = useSearch({ strict: false });
  const navigate = useNavigate();
  if (!subscribed) return null;
  const paid = user.subscriptionTier === 'pro' || user.subscriptionTier === 'authority';
  return (
    <Alert
      color="teal"
      variant="light"
      mb="lg"
      role="status"
      title={
        paid ? `Thank you: you are on ${SUBSCRIPTION_TIER_NAMES[user.subscriptionTier]} now` : 'Thank you'
      }
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => void navigate({ to: '/dashboard', search: {}, replace: true })}
    >
      {paid
        ? 'Your new plan’s limits apply from now on; the receipt comes from Stripe by e-mail.'
        : 'Your payment went through. Your new plan shows here within a minute, once Stripe has told Titlewise.'}
    </Alert>
  );
}
