import { Card, Skeleton, Text } from '@mantine/core';

interface StatCardProps {
  label: string;
  /** undefined while loading: a placeholder takes its place. */
  value: string | undefined;
  hint: string;
  color?: string;
}

/** One headline figure with its label and a line of context (the dashboard's and the admin overview's cards). */
export function StatCard({ label, value, hint, color }: StatCardProps) {
  return (
    <Card padding="lg" component="section" aria-label={label}>
      <Text fz="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={34} w="50%" mt={6} />
      ) : (
        <Text fz={30} fw={800} lh={1.2} mt={4} c={color}>
          {value}
        </Text>
      )}
      <Text fz="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Card>
  );
}
