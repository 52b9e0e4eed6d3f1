import { Badge, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CheckIcon, PhoneIcon } from '../../components/icons';
import classes from './Landing.module.css';

export function MobileSection() {
  return (
    <section aria-labelledby="mobile-heading" style={{ background: 'var(--mantine-color-white)' }}>
      <SimpleGrid
        cols={{ base: 1, md: 2 }}
        spacing={48}
        maw={1140}
        mx="auto"
        px="md"
        py={{ base: 56, md: 88 }}
      >
        <Stack justify="center" gap="md">
          <Group gap="sm">
            <ThemeIcon variant="light" size="lg" aria-hidden>
              <PhoneIcon />
            </ThemeIcon>
            <Text tt="uppercase" fw={700} fz="xs" c="violet.8">
              On your phone
            </Text>
          </Group>
          <Title order={2} id="mobile-heading" fz={{ base: 28, md: 36 }}>
            Check a running test from anywhere
          </Title>
          <Text c="dimmed" fz="lg">
            The dashboard works on a phone as well as on a desktop. Pause, resume or end a test in two taps,
            and see which title is on your video right now.
          </Text>
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={20} radius="xl" color="teal.9" aria-hidden>
                <CheckIcon width={12} height={12} />
              </ThemeIcon>
            }
          >
            <List.Item>Current title and next rotation at a glance</List.Item>
            <List.Item>CTR, views and watch time per title</List.Item>
            <List.Item>Notifications when something needs your attention</List.Item>
          </List>
        </Stack>
        <div className={classes.phone} aria-hidden>
          <Stack gap="xs">
            <Text fw={700} fz="sm">
              Active Tests
            </Text>
            {['Title 1', 'Title 2', 'Title 3'].map((label, index) => (
              <Paper key={label} withBorder p="xs" radius="md">
                <Group justify="space-between">
                  <Text fz="xs" fw={600}>
                    {label}
                  </Text>
                  <Badge size="xs" color={index === 0 ? 'teal.9' : 'gray.7'}>
                    {index === 0 ? 'live' : 'queued'}
                  </Badge>
                </Group>
              </Paper>
            ))}
            <Text fz="xs" c="dimmed">
              Next: 42m
            </Text>
          </Stack>
        </div>
      </SimpleGrid>
    </section>
  );
}
