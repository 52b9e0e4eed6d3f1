import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { AppLink } from './AppLink';
import { Logo } from './Logo';
import classes from './PublicHeader.module.css';

const PublicMenuDrawer = lazy(() => import('./PublicMenuDrawer'));

const sectionLinks = [
  { label: 'Features', href: '/#features' },
  { label: 'Pricing', href: '/#pricing' },
  { label: 'Success Stories', href: '/#stories' },
];

/** The marketing nav (docs/product.md#landing-page): sections, Privacy Policy, Login and Start Pro Plan. */
export function PublicHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's code loads on the first open and stays, so it can animate closed.
  const [menuWanted, setMenuWanted] = useState(false);
  if (opened && !menuWanted) setMenuWanted(true);
  const links = (
    <>
      {sectionLinks.map((link) => (
        <Anchor key={link.label} href={link.href} className={classes.link} onClick={close}>
          {link.label}
        </Anchor>
      ))}
      <Anchor
        renderRoot={(props) => <AppLink to="/privacy" {...props} />}
        className={classes.link}
        onClick={close}
      >
        Privacy Policy
      </Anchor>
      <Anchor
        renderRoot={(props) => <AppLink to="/login" {...props} />}
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
            <Button renderRoot={(props) => <AppLink to="/paywall" {...props} />}>Start Pro Plan</Button>
          </Group>
          <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label="Open navigation" />
        </Group>
      </Container>
      {menuWanted && (
        <Suspense fallback={null}>
          <PublicMenuDrawer opened={opened} onClose={close}>
            {links}
            <Button renderRoot={(props) => <AppLink to="/paywall" {...props} />} onClick={close}>
              Start Pro Plan
            </Button>
          </PublicMenuDrawer>
        </Suspense>
      )}
    </Box>
  );
}
