import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { AppLink } from '../../components/AppLink';
import classes from './Landing.module.css';

export function FinalCtaSection() {
  return (
    <section aria-labelledby="final-cta-heading" className={classes.finalCta}>
      <Container size="md" py={{ base: 56, md: 80 }}>
        <Stack align="center" ta="center" gap="md">
          <Title order={2} id="final-cta-heading" c="white" fz={{ base: 28, md: 36 }}>
            Stop guessing. Test your next title.
          </Title>
          <Text c="violet.0" fz="lg" maw={560}>
            Connect your channel, pick a video, enter a few titles, and let Titlewise run a fair test.
          </Text>
          <Group gap="sm" justify="center">
            <Button
              size="lg"
              color="white"
              c="violet.9"
              renderRoot={(props) => <AppLink to="/paywall" {...props} />}
            >
              Start Pro Plan
            </Button>
            <Button
              size="lg"
              variant="outline"
              color="white"
              renderRoot={(props) => <AppLink to="/login" {...props} />}
            >
              Log in
            </Button>
          </Group>
        </Stack>
      </Container>
    </section>
  );
}
