import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { plans, type Plan } from '../lib/pricing-plans';
import { PlanCard } from './PlanCard';

/** Free, Pro and Authority side by side (landing pricing and /paywall); the caller supplies each card's call to action. */
export function PlanGrid({ action }: { action: (plan: Plan) => ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" maw={1200} mx="auto">
      {plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} action={action(plan)} />
      ))}
    </SimpleGrid>
  );
}
