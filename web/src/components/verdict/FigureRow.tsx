import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TestKind } from '#shared/test-kinds';
import { WRAP_WORDS } from '../../lib/text-wrap';
import { variantName } from '../variants/variant-name';
import { VariantThumbnail } from '../variants/VariantThumbnail';

export interface Figure {
  label: string;
  value: ReactNode;
}

interface FigureRowProps {
  titleIndex: number;
  title: string;
  figures: Figure[];
  /** "Winner" when the verdict names this title. */
  mark?: string | null;
  /** "Thumbnail 2" rather than "Title 2" in a thumbnail test. */
  kind?: TestKind;
  /** The variant's thumbnail (thumbnail and package tests). */
  thumbnail?: string | null;
}

/** One title's figures as a labelled list: "Title 2", its text, then label/value pairs. */
export function FigureRow({ titleIndex, title, figures, mark, kind = 'titles', thumbnail }: FigureRowProps) {
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      style={mark ? { borderColor: 'var(--mantine-color-teal-7)', borderWidth: 2 } : undefined}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
        <VariantThumbnail url={thumbnail} alt={variantName('thumbnails', titleIndex)} width={80} />
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Text fz="xs" c="dimmed" fw={600}>
            {variantName(kind, titleIndex)}
            {titleIndex === 0 ? ' (baseline)' : ''}
          </Text>
          <Text fz="sm" fw={600} style={WRAP_WORDS}>
            {title}
          </Text>
        </Box>
        {mark && (
          <Badge color="teal" variant="light" size="sm" style={{ flexShrink: 0 }}>
            {mark}
          </Badge>
        )}
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, xs: figures.length }} spacing={6} mt={6} mb={0}>
        {figures.map((figure) => (
          <div key={figure.label}>
            <Text component="dt" fz="xs" c="dimmed">
              {figure.label}
            </Text>
            <Text component="dd" fz="sm" fw={700} m={0}>
              {figure.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** The titles' rows as one list, named for screen readers ("Adjusted figures per title"). */
export function FigureList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}
