import { Anchor, Container, Group, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ArrowLeftIcon } from '../../components/icons';
import { Logo } from '../../components/Logo';

interface LegalLayoutProps {
  title: string;
  /** E.g. "Last updated June 18, 2025". */
  dateLine: string;
  children: ReactNode;
}

/** Static legal page with a back-to-home link (/privacy and /terms). */
export function LegalLayout({ title, dateLine, children }: LegalLayoutProps) {
  const backLink = (
    <Anchor renderRoot={(props) => <Link to="/" {...props} />} fz="sm">
      <Group gap={4} component="span">
        <ArrowLeftIcon width={14} height={14} />
        Back to home
      </Group>
    </Anchor>
  );
  return (
    <Container size="md" py={{ base: 'lg', md: 48 }} component="main">
      <Stack gap="lg">
        <Group justify="space-between">
          <Logo />
          {backLink}
        </Group>
        <Paper withBorder p={{ base: 'lg', md: 48 }} radius="lg">
          <Title order={1} fz={{ base: 28, md: 36 }}>
            {title}
          </Title>
          <Text c="dimmed" mt={4} mb="xl">
            {dateLine}
          </Text>
          <Typography>{children}</Typography>
        </Paper>
        {backLink}
      </Stack>
    </Container>
  );
}
