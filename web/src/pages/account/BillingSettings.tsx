import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DOWNGRADE_CHANNELS_NOTE } from '#shared/extra-channels';
import {
  PLAN_MONTHLY_USD,
  activeTestLimits,
  channelLimits,
  isSubscribedTier,
  planName,
  teamSeatLimits,
  type SubscriptionTier,
} from '#shared/plans';
import { trpc } from '../../api/trpc';
import type { CurrentUser } from '../../auth/auth-client';
import { AppLink } from '../../components/AppLink';

type Standing = { badge: { label: string; color: string } | null; text: string };

/** What the server knows of the plan's standing, in words (a past-due subscription is "inactive"). */
function standingOf(user: CurrentUser, tier: SubscriptionTier): Standing {
  if (tier === 'lifetime') return { badge: null, text: 'Paid once: nothing renews and nothing is billed.' };
  if (tier === 'cancelled')
    return {
      badge: { label: 'Subscription ended', color: 'gray' },
      text: 'Your subscription has ended, so the Free plan’s limits apply.',
    };
  if (tier === 'free') return { badge: null, text: 'Nothing is billed.' };
  if (!user.hasBillingAccount)
    return {
      badge: { label: 'Active', color: 'teal' },
      text: 'Titlewise gave your account this plan: nothing is billed and there is no billing to manage.',
    };
  if (user.subscriptionStatus === 'inactive')
    return {
      badge: { label: 'Payment past due', color: 'red' },
      text: 'The last payment did not go through. Stripe tries again for a while and your plan’s limits stay meanwhile; update your card under Manage billing.',
    };
  return {
    badge: { label: 'Active', color: 'teal' },
    text: 'Renews every month through Stripe until you cancel.',
  };
}

function limitRows(tier: SubscriptionTier): Array<[string, string]> {
  const tests = activeTestLimits[tier];
  const channels = channelLimits[tier];
  const seats = teamSeatLimits[tier];
  return [
    ['Running tests at a time', tests === null ? 'Unlimited' : String(tests)],
    ['YouTube channels', channels === 1 ? '1' : `Up to ${channels}`],
    ['Team', seats === 0 ? 'No team' : `Up to ${seats} people`],
  ];
}

/**
 * The account's plan: its name, standing, price and limits (all from src/shared/plans.ts), and
 * the way to change it: "Manage billing" (the Customer Portal) for a subscriber, the plans page
 * for everyone else. A team member's plan is their owner's, so it says who handles billing.
 */
export function BillingSettings({ user }: { user: CurrentUser }) {
  const tier: SubscriptionTier = user.isLifetime ? 'lifetime' : user.subscriptionTier;
  const shownTier: SubscriptionTier = tier === 'cancelled' ? 'free' : tier;
  const name = planName(tier);
  const subscribed = isSubscribedTier(tier) && user.hasBillingAccount;
  const portal = trpc.billing.portal.useMutation({ onSuccess: ({ url }) => window.location.assign(url) });
  // The channels, for the note when more are connected than the plan includes (owners only).
  const channels = trpc.channels.list.useQuery(undefined, { enabled: user.team === null });
  const standing = standingOf(user, tier);

  const manageButton = (label: string, variant: 'filled' | 'default') => (
    <Button
      variant={variant}
      w="fit-content"
      onClick={() => portal.mutate()}
      // Pending until the browser has left: the portal link is single-use.
      loading={portal.isPending || portal.isSuccess}
    >
      {label}
    </Button>
  );
  const portalError = portal.isError && (
    <Text c="red.8" fz="sm" role="alert">
      Billing could not be opened: {portal.error.message}
    </Text>
  );

  if (user.team) {
    return (
      <Card withBorder padding="lg" component="section" aria-labelledby="account-billing">
        <Title order={2} fz="lg" id="account-billing" mb="xs">
          Billing
        </Title>
        <Stack gap="sm">
          <Text>
            Billing is handled by {user.team.ownerName} ({user.team.ownerEmail}): you work on their channels
            under their plan.
          </Text>
          {subscribed && (
            <>
              <Text fz="sm" c="dimmed">
                Your own {name} subscription is still billed to you.
              </Text>
              {manageButton('Manage your own billing', 'default')}
              {portalError}
            </>
          )}
        </Stack>
      </Card>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-billing">
      <Title order={2} fz="lg" id="account-billing" mb="xs">
        Billing
      </Title>
      <Stack gap="sm">
        <div>
          <Group gap="xs" align="center">
            <Text fw={700} fz="lg">
              {name} plan
            </Text>
            {standing.badge && (
              <Badge color={standing.badge.color} variant="light">
                {standing.badge.label}
              </Badge>
            )}
          </Group>
          <Text fz="sm">
            {isSubscribedTier(tier) ? `$${PLAN_MONTHLY_USD[tier]} a month. ${standing.text}` : standing.text}
          </Text>
        </div>

        <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing="xs" m={0}>
          {limitRows(shownTier).map(([label, value]) => (
            <div key={label}>
              <Text component="dt" fz="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" fw={600} m={0}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>

        {channels.isPending ? (
          <Loader size="xs" aria-label="Loading your channels" />
        ) : channels.isError ? (
          <Text c="red.8" fz="sm" role="alert">
            Your channels could not be checked against the plan: {channels.error.message}
          </Text>
        ) : (
          channels.data?.extraChannels && (
            // The full note (which channel takes new tests, and the ways out) is the channel section's.
            <Alert color="yellow" variant="light" p="sm">
              More channels are connected than the {name} plan includes, so new tests start only on{' '}
              {channels.data.limit === 1 ? 'the channel' : 'the channels'} connected first.{' '}
              <Anchor href="#account-channels" inherit underline="always">
                See YouTube channels
              </Anchor>
            </Alert>
          )
        )}

        {subscribed ? (
          <>
            <Text fz="sm" c="dimmed">
              Manage billing opens Stripe’s billing page: change or cancel the plan, update your card and see
              invoices.
              {tier === 'authority' && ` ${DOWNGRADE_CHANNELS_NOTE}`}
            </Text>
            {manageButton('Manage billing', 'filled')}
          </>
        ) : (
          tier !== 'lifetime' &&
          !isSubscribedTier(tier) && (
            <Group gap="sm">
              <Button renderRoot={(props) => <AppLink to="/paywall" {...props} />} w="fit-content">
                {tier === 'cancelled' ? 'Subscribe again' : 'See the plans'}
              </Button>
              {user.hasBillingAccount && manageButton('Past invoices', 'default')}
            </Group>
          )
        )}
        {portalError}
        {user.isDemo && (
          <Text c="dimmed" fz="sm">
            This is the demo account: its plan goes with it when it is removed, a day after it opened.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
