import { Anchor, Box, Center, Group, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ArrowLeftIcon } from './icons';
import { Logo } from './Logo';

/** A calm full-height page with the logo on top and one card in the middle (login, guards). */
export function CenteredLayout({ children, backLink = true }: { children: ReactNode; backLink?: boolean }) {
  return (
    <Box mih="100vh" bg="gray.0" component="main">
      <Center mih="100vh" px="md" py="xl">
        <Stack align="center" gap="lg" w="100%">
          <Logo />
          {children}
          {backLink && (
            <Anchor renderRoot={(props) => <Link to="/" {...props} />} c="dimmed" fz="sm">
              <Group gap={4} component="span">
                <ArrowLeftIcon width={14} height={14} />
                Back to home
              </Group>
            </Anchor>
          )}
        </Stack>
      </Center>
    </Box>
  );
}
