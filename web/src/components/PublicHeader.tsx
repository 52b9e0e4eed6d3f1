import { Anchor, Box, Burger, Button, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { Logo } from './Logo';
import classes from './PublicHeader.module.css';

const sectionLinks = [
  { label: 'Features', href: '/#features' },
  { label: 'Pricing', href: '/#pricing' },
  { label: 'Success Stories', href: '/#stories' },
];

/** The marketing nav (SPEC §2 "/"): sections, Privacy Policy, Login and Start Pro Plan. */
export function PublicHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const links = (
    <>
      {sectionLinks.map((link) => (
        <Anchor key={link.label} href={link.href} className={classes.link} onClick={close}>
          {link.label}
        </Anchor>
      ))}
      <Anchor
        renderRoot={(props) => <Link to="/privacy" {...props} />}
        className={classes.link}
        onClick={close}
      >
        Privacy Policy
      </Anchor>
      <Anchor
        renderRoot={(props) => <Link to="/login" {...props} />}
        className={classes.link}
        onClick={close}
      >
        Login
      </Anchor>
    </>
  );
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <Logo />
          <Group component="nav" aria-label="Main" gap="lg" visibleFrom="md">
            {links}
            <Button renderRoot={(props) => <Link to="/paywall" {...props} />}>Start Pro Plan</Button>
          </Group>
          <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label="Open navigation" />
        </Group>
      </Container>
      <Drawer
        opened={opened}
        onClose={close}
        title="Menu"
        hiddenFrom="md"
        position="right"
        size="xs"
        closeButtonProps={{ 'aria-label': 'Close navigation' }}
      >
        <Stack component="nav" aria-label="Mobile" gap="md">
          {links}
          <Button renderRoot={(props) => <Link to="/paywall" {...props} />} onClick={close}>
            Start Pro Plan
          </Button>
        </Stack>
      </Drawer>
    </Box>
  );
}
