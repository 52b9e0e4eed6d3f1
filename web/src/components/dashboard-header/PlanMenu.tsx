import { Badge, Button, Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { isSubscribedTier, planName } from '#shared/plans';
import type { CurrentUser } from '../../auth/auth-client';
import { ChevronDownIcon } from '../icons';
import { useCustomerPortal } from './use-customer-portal';

/**
 * The header's plan (Free / Pro / Authority): a menu button whose entry is "Manage subscription"
 * (the Customer Portal) for a subscriber, or the plans page for everyone else. A lifetime plan
 * has nothing to manage, so it is a plain badge.
 */
export function PlanMenu({ user }: { user: CurrentUser }) {
  const { open, pending } = useCustomerPortal();
  const tier = user.isLifetime ? 'lifetime' : user.subscriptionTier;
  const name = planName(tier);
  if (tier === 'lifetime') {
    return (
      <Badge size="lg" color="violet.9" aria-label={`Plan: ${name}`}>
        {name}
      </Badge>
    );
  }
  const subscribed = isSubscribedTier(tier);
  return (
    // The entry itself takes focus on open (data-autofocus), as a menu opened by keyboard should;
    // Mantine's own placeholder would sit inside role="menu" as a non-item (axe: critical).
    <Menu position="bottom-end" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          size="compact-sm"
          h={30}
          variant={tier === 'authority' ? 'filled' : 'default'}
          color={tier === 'authority' ? 'violet.9' : undefined}
          rightSection={<ChevronDownIcon width={14} height={14} aria-hidden />}
          aria-label={`Plan: ${name}`}
          loading={pending}
        >
          {name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{`${name} plan`}</Menu.Label>
        {subscribed ? (
          <Menu.Item onClick={open} data-autofocus>
            Manage subscription
          </Menu.Item>
        ) : (
          <Menu.Item renderRoot={(props) => <Link to="/paywall" {...props} />} data-autofocus>
            See plans
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
