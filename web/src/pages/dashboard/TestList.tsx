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

/** No active test; `onCreate` is absent for a viewer, who cannot create one. */
export function NoActiveTests({ onCreate }: { onCreate?: (() => void) | undefined }) {
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
          {onCreate
            ? 'Pick a recent video, enter two to five titles, and Titlewise will rotate them and measure each one.'
            : 'When the team’s owner or an editor starts a test, it shows here.'}
        </Text>
        {onCreate && (
          <Button leftSection={<PlusIcon width={16} height={16} />} onClick={onCreate}>
            Create Test
          </Button>
        )}
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
