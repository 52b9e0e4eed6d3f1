import { Center, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled box for one chart, or its empty-state text when there is nothing to draw. */
export function ChartPanel({
  title,
  empty,
  emptyText,
  children,
}: {
  title: string;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="figure" m={0}>
      <Title order={4} fz="sm" mb="sm" component="figcaption">
        {title}
      </Title>
      {empty ? (
        <Center h={200}>
          <Text c="dimmed" fz="sm" ta="center" maw={380} px="sm">
            {emptyText}
          </Text>
        </Center>
      ) : (
        children
      )}
    </Paper>
  );
}
