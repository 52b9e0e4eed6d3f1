import { Anchor, Group, Text } from '@mantine/core';

/**
 * Downloads of the test's figures (GET /api/tests/{id}/export, with the session cookie): each
 * window, YouTube's daily figures, and the whole analysis.
 */
export function ExportLinks({ testId }: { testId: string }) {
  const base = `/api/tests/${testId}/export`;
  return (
    <Group gap="md" component="nav" aria-label="Download this test’s figures">
      <Text fz="sm" fw={600}>
        Download:
      </Text>
      <Anchor href={`${base}?format=csv&table=windows`} download fz="sm">
        Each rotation (CSV)
      </Anchor>
      <Anchor href={`${base}?format=csv&table=daily`} download fz="sm">
        Daily figures (CSV)
      </Anchor>
      <Anchor href={`${base}?format=json`} download fz="sm">
        Full analysis (JSON)
      </Anchor>
    </Group>
  );
}
