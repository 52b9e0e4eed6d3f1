import { Badge, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Plan } from '../lib/pricing-plans';
import { CheckIcon } from './icons';

/** A plan's card (landing pricing and /paywall); the caller supplies the call to action. */
export function PlanCard({ plan, action }: { plan: Plan; action: ReactNode }) {
  const headingId = `plan-${plan.id}-name`;
  return (
    <Card
      padding="xl"
      shadow={plan.mostPopular ? 'lg' : 'xs'}
      style={plan.mostPopular ? { borderColor: 'var(--mantine-color-violet-6)', borderWidth: 2 } : undefined}
      aria-labelledby={headingId}
      component="article"
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="center">
          <Title order={3} id={headingId} fz="xl">
            {plan.name}
          </Title>
          {plan.mostPopular && <Badge variant="filled">Most Popular</Badge>}
        </Group>
        <Text c="dimmed">{plan.tagline}</Text>
        <Group gap={4} align="baseline">
          <Text fz={44} fw={800} lh={1}>
            ${plan.priceUsd}
          </Text>
          <Text c="dimmed">
            {plan.priceUsd === 0 ? '/month, no payment needed' : '/month, billed monthly'}
          </Text>
        </Group>
        <List
          spacing="xs"
          style={{ flexGrow: 1 }}
          icon={
            <ThemeIcon size={20} radius="xl" color="teal.9" aria-hidden>
              <CheckIcon width={12} height={12} />
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {action}
      </Stack>
    </Card>
  );
}
