import { Button, SimpleGrid, Text } from '@mantine/core';
import { AppLink } from '../../components/AppLink';
import { PlanCard } from '../../components/PlanCard';
import { MONEY_BACK_DAYS, plans } from '../../lib/plans';
import { Section } from './Section';

export function PricingSection() {
  return (
    <Section
      id="pricing"
      eyebrow="Pricing"
      title="Simple monthly plans"
      intro={`Billed monthly, cancel anytime, ${MONEY_BACK_DAYS}-day money-back guarantee.`}
      background="gray"
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={880} mx="auto">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={
              <Button
                size="md"
                fullWidth
                variant={plan.mostPopular ? 'filled' : 'outline'}
                renderRoot={(props) => <AppLink to="/paywall" {...props} />}
              >
                {`Choose ${plan.name}`}
              </Button>
            }
          />
        ))}
      </SimpleGrid>
      <Text ta="center" c="dimmed" fz="sm" mt="lg">
        Prices in US dollars.
      </Text>
    </Section>
  );
}
