import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import type { TestForecast } from '../../../api/test-types';
import { capitalize, formatDays, formatInterval } from '../../../lib/format';
import type { ShapeChoice } from './ForecastSummary';
import {
  comparisonCaption,
  isFormShape,
  quotaWords,
  startsWords,
  shapeButtonLabel,
  verdictInWords,
} from './shape-comparison';

interface ShapeComparisonProps {
  plan: TestForecast;
  /** The form's interval and length now: its own row gets no Use button. */
  current: { rotationIntervalMinutes: number; durationDays: number | null };
  /** True while the plan shown is for an earlier version of the form: faded, its buttons off. */
  busy: boolean;
  /** Applies a row's interval and length, as the plan's suggestion does. */
  onUseShape: (shape: ShapeChoice) => void;
}

/**
 * Every interval the metric allows, each at the shortest length that finds the same difference
 * as the form's plan: how soon its verdict likely comes, the YouTube quota it spends and when it
 * could start on the account's capacity. A shorter interval gives more windows a day but spends
 * more quota, and may wait longer for room; the table lets the creator weigh that, with the
 * soonest answer marked. Six columns do not fit a phone: the table scrolls sideways in a
 * container that takes focus, so the keyboard can scroll it too (as the landing page's table).
 * Its name is a line above the scroller rather than a <caption>, which would scroll out of sight
 * with the columns on a phone.
 */
export function ShapeComparison({ plan, current, busy, onUseShape }: ShapeComparisonProps) {
  const captionId = useId();
  return (
    <Stack gap={4} aria-busy={busy} style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
      <Text id={captionId} fz="sm" fw={600}>
        {comparisonCaption(plan)}
      </Text>
      <Table.ScrollContainer
        type="native"
        minWidth={620}
        tabIndex={0}
        role="region"
        aria-labelledby={captionId}
      >
        <Table aria-labelledby={captionId} fz="sm" verticalSpacing={6} withTableBorder highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Windows</Table.Th>
              <Table.Th scope="col">Length</Table.Th>
              <Table.Th scope="col">Verdict likely in</Table.Th>
              <Table.Th scope="col">YouTube quota</Table.Th>
              <Table.Th scope="col">Starts</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Choose</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.alternatives.map((shape) => (
              <Table.Tr key={shape.rotationIntervalMinutes}>
                <Table.Th scope="row" fw={500}>
                  {/* The badge goes under the interval when the column is narrow, never between its words. */}
                  <Group gap={4} wrap="wrap">
                    <span style={{ whiteSpace: 'nowrap' }}>
                      {capitalize(formatInterval(shape.rotationIntervalMinutes))}
                    </span>
                    {shape.recommended && (
                      <Badge color="teal" variant="light" size="sm" style={{ flexShrink: 0 }}>
                        Soonest
                      </Badge>
                    )}
                  </Group>
                </Table.Th>
                <Table.Td>{formatDays(shape.durationDays)}</Table.Td>
                <Table.Td>{verdictInWords(shape.daysToVerdict)}</Table.Td>
                <Table.Td>{quotaWords(shape.quotaUnits)}</Table.Td>
                <Table.Td c={shape.waitDays === null ? 'red.8' : undefined}>
                  {startsWords(shape.waitDays)}
                </Table.Td>
                <Table.Td>
                  {isFormShape(shape, current) ? (
                    <Text fz="xs" c="dimmed">
                      Your choice
                    </Text>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={shapeButtonLabel(shape)}
                      disabled={busy}
                      onClick={() =>
                        onUseShape({
                          rotationIntervalMinutes: shape.rotationIntervalMinutes,
                          durationDays: shape.durationDays,
                        })
                      }
                    >
                      Use
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
