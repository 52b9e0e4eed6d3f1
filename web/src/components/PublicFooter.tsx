import { Anchor, Container, Group, Text } from '@mantine/core';
import { AppLink } from './AppLink';
import classes from './PublicFooter.module.css';

export function PublicFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Text c="dimmed" fz="sm">
            © {new Date().getFullYear()} Titlewise. Not affiliated with YouTube or Google.
          </Text>
          <Group component="nav" aria-label="Footer" gap="lg">
            <Anchor renderRoot={(props) => <AppLink to="/privacy" {...props} />} c="dimmed" fz="sm">
              Privacy Policy
            </Anchor>
            <Anchor renderRoot={(props) => <AppLink to="/terms" {...props} />} c="dimmed" fz="sm">
              Terms of Service
            </Anchor>
            <Anchor renderRoot={(props) => <AppLink to="/paywall" {...props} />} c="dimmed" fz="sm">
              Pricing
            </Anchor>
            <Anchor renderRoot={(props) => <AppLink to="/login" {...props} />} c="dimmed" fz="sm">
              Login
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
