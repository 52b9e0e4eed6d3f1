import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { CurrentUser } from '../auth/auth-client';
import { DashboardHeader } from './dashboard-header/DashboardHeader';
import { ArrowLeftIcon } from './icons';

/**
 * A page one step under the dashboard (past tests, what works here): the app's header, a link back
 * to the dashboard, the page's heading and one line on what it holds, then its sections.
 */
export function DashboardSubpage({
  user,
  title,
  summary,
  children,
}: {
  user: CurrentUser;
  title: string;
  summary: string;
  children: ReactNode;
}) {
  return (
    <Box mih="100vh" bg="gray.0">
      <DashboardHeader user={user} />
      <Container size="lg" py={{ base: 'md', md: 'xl' }} component="main">
        <Stack gap="lg">
          <div>
            <Anchor renderRoot={(props) => <Link to="/dashboard" {...props} />} fz="sm">
              <Group gap={4} component="span">
                <ArrowLeftIcon width={14} height={14} />
                Dashboard
              </Group>
            </Anchor>
            <Title order={1} fz={{ base: 24, md: 30 }} mt={4}>
              {title}
            </Title>
            <Text c="dimmed">{summary}</Text>
          </div>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
