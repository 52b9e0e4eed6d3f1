import { Button, Text } from '@mantine/core';
import { AppLink } from '../../components/AppLink';
import { PlanGrid } from '../../components/PlanGrid';
import { MONEY_BACK_DAYS } from '../../lib/pricing-plans';
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
      <PlanGrid
        action={(plan) =>
          plan.id === 'free' ? (
            <Button
              size="md"
              fullWidth
              variant="default"
              renderRoot={(props) => <AppLink to="/login" {...props} />}
            >
              Start free
            </Button>
          ) : (
            <Button
              size="md"
              fullWidth
              variant={plan.mostPopular ? 'filled' : 'outline'}
              renderRoot={(props) => <AppLink to="/paywall" {...props} />}
            >
              {`Choose ${plan.name}`}
            </Button>
          )
        }
      />
      <Text ta="center" c="dimmed" fz="sm" mt="lg">
        Prices in US dollars.
      </Text>
    </Section>
  );
}
