import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FaqList, type FaqItem } from '../../components/FaqList';
import { ArrowLeftIcon } from '../../components/icons';
import { Logo } from '../../components/Logo';
import { PlanGrid } from '../../components/PlanGrid';
import { MONEY_BACK_DAYS, type PlanId } from '../../lib/pricing-plans';
import { startCheckout } from './checkout';
import { useCurrentUser } from '../../auth/current-user';

const faq: FaqItem[] = [
  {
    question: 'Can I cancel anytime?',
    answer:
      'Yes. Plans are billed monthly and you can cancel at any time; your plan stays active until the end of the paid month.',
  },
  {
    question: 'How fast will I see results?',
    answer:
      'Each title needs several rotation windows before the numbers mean anything — usually a few days. Titlewise shows progress towards a verdict and never declares a winner the data does not support.',
  },
  {
    question: 'Is my YouTube account safe?',
    answer:
      'Titlewise signs in through Google and changes only the title of a video you put under test. Tokens are encrypted, and you can revoke access from your Google account at any time.',
  },
  {
    question: 'Is there a money-back guarantee?',
    answer: `Yes: a ${MONEY_BACK_DAYS}-day money-back guarantee. If Titlewise is not for you, ask for a refund within ${MONEY_BACK_DAYS} days.`,
  },
];

/**
 * /paywall (docs/product.md#paywall): Free and the two paid plans (Authority most popular), Back to Dashboard,
 * FAQ. Anonymous visitors see it too; choosing a plan without a session signs in first and comes
 * back here.
 */
export default function PaywallPage() {
  const navigate = useNavigate();
  // The signed-in person's plan is marked, not offered again (a visitor without a session: none).
  // A paid plan whose payment lapsed is not current: it can be chosen again.
  const user = useCurrentUser().data;
  const current =
    user && (user.subscriptionTier === 'free' || user.subscriptionStatus === 'active')
      ? user.subscriptionTier
      : null;
  const [pending, setPending] = useState<PlanId | null>(null);
  const choose = async (planId: PlanId) => {
    setPending(planId);
    const outcome = await startCheckout(planId);
    if (outcome === '/login') await navigate({ to: '/login', search: { returnTo: '/paywall' } });
    // While the browser leaves for the checkout page the button keeps spinning.
    if (outcome !== 'redirecting') setPending(null);
  };
  return (
    <Box mih="100vh" bg="gray.0">
      <Container size="lg" py="md" component="header">
        <Group justify="space-between">
          <Logo />
          <Button
            variant="default"
            leftSection={<ArrowLeftIcon width={16} height={16} />}
            renderRoot={(props) => <Link to="/dashboard" {...props} />}
          >
            Back to Dashboard
          </Button>
        </Group>
      </Container>
      <Container size="lg" py={{ base: 32, md: 56 }} component="main">
        <Stack align="center" ta="center" gap="xs" mb={40}>
          <Title order={1} fz={{ base: 30, md: 40 }}>
            Choose your plan
          </Title>
          <Text c="dimmed" fz="lg" maw={560}>
            Run fair title tests on your channel. Billed monthly, cancel anytime, {MONEY_BACK_DAYS}-day
            money-back guarantee.
          </Text>
        </Stack>
        <PlanGrid
          action={(plan) =>
            plan.id === current ? (
              <Button size="md" fullWidth variant="light" color="teal" disabled aria-current="true">
                Your current plan
              </Button>
            ) : plan.id === 'free' ? (
              <Button
                size="md"
                fullWidth
                variant="default"
                renderRoot={(props) => <Link to="/dashboard" {...props} />}
              >
                Start free
              </Button>
            ) : (
              <Button
                size="md"
                fullWidth
                variant={plan.mostPopular ? 'filled' : 'outline'}
                onClick={() => void choose(plan.id as PlanId)}
                loading={pending === plan.id}
                disabled={pending !== null && pending !== plan.id}
              >
                {`Choose ${plan.name}`}
              </Button>
            )
          }
        />
        <Title order={2} fz={26} ta="center" mt={64} mb="lg">
          Frequently asked questions
        </Title>
        <FaqList items={faq} />
      </Container>
    </Box>
  );
}
