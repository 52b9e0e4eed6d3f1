import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { rotatesTitles, VARIANT_WORDS, type TestKind } from '#shared/test-kinds';
import { WRAP_WORDS } from '../../lib/text-wrap';
import { variantName } from './variant-name';
import { VariantThumbnail } from './VariantThumbnail';

/**
 * Every variant of a thumbnail or package test as it was made (name, title where the kind rotates
 * titles, thumbnail), for the verdict before it has figures for any: the lift list then has no
 * rows, and the creator should still see what is being tested. The images are decorative: each
 * row's text names its variant.
 */
export function VariantList({
  kind,
  titles,
  thumbnails,
}: {
  kind: TestKind;
  titles: readonly string[];
  thumbnails?: readonly (string | null)[];
}) {
  return (
    <Stack
      component="ul"
      gap="xs"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={`The test’s ${VARIANT_WORDS[kind].many}`}
    >
      {titles.map((title, index) => (
        <Paper component="li" key={index} withBorder p="sm" radius="md">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <VariantThumbnail url={thumbnails?.[index]} alt="" />
            <Box style={{ minWidth: 0, flex: 1 }}>
              <Text fz="xs" c="dimmed" fw={600}>
                {variantName(kind, index)}
                {index === 0 ? ' (the original)' : ''}
              </Text>
              {rotatesTitles(kind) && (
                <Text fz="sm" fw={600} style={WRAP_WORDS}>
                  {title}
                </Text>
              )}
            </Box>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
