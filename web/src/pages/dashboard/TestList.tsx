import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PlusIcon, ShuffleIcon } from '../../components/icons';
import { TestCard } from './card/TestCard';
import type { TitleTest } from '../../api/test-types';

interface TestListProps {
  title: string;
  tests: TitleTest[];
  isFounder: boolean;
  onCreate?: () => void;
}

export function NoActiveTests({ onCreate }: { onCreate: () => void }) {
  return (
    <Paper withBorder p="xl" radius="lg" ta="center">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <ShuffleIcon width={26} height={26} />
        </ThemeIcon>
        <Title order={3} fz="lg">
          No Active Tests
        </Title>
        <Text c="dimmed" maw={420}>
          Pick a recent video, enter two to five titles, and Titlewise will rotate them and measure each one.
        </Text>
        <Button leftSection={<PlusIcon width={16} height={16} />} onClick={onCreate}>
          Create Test
        </Button>
      </Stack>
    </Paper>
  );
}

/** A titled list of test cards. */
export function TestList({ title, tests, isFounder }: TestListProps) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      {tests.map((test) => (
        <TestCard key={test.id} test={test} isFounder={isFounder} />
      ))}
    </Stack>
  );
}
