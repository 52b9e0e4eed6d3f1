// The simulated test stored as the product stores it (rotations, titles, counter samples, daily
// figures), read through the product's own windowObservations: the study measures exactly what
// the product would hand the engine at any moment.

import type { ScheduleSlot } from '../../src/statistics/schedule';
import type { WindowObservation, WinnerMetric } from '../../src/statistics/window-analysis';
import type { RotationRow, VariantRow } from '../../src/title-tests/records/title-test-records';
import { windowObservations } from '../../src/title-tests/figures/window-observations';
import type { CounterSample } from './counter';
import type { DailyFigure } from './daily-figures';

type ProductInput = Parameters<typeof windowObservations>[0];
type SampleRow = ProductInput['samples'][number];
type DailyRow = ProductInput['daily'][number];

export interface StoredTest {
  rotations: RotationRow[];
  variants: VariantRow[];
  samples: SampleRow[];
  daily: { row: DailyRow; availableAt: number }[];
  intervalMinutes: number;
  metric: WinnerMetric;
  /** The test's washout (title_tests.washout_minutes); null: the default rule. */
  washoutMinutes: number | null;
}

const TEST_ID = 'adverse-test';
const VIDEO_ID = 'adverse-video';

export function storeTest(input: {
  slots: readonly ScheduleSlot[];
  titleCount: number;
  /** The counter as the sampling passes read it, and at any instant (for the switch reads). */
  samples: readonly CounterSample[];
  counterAt: (at: number) => number;
  daily: readonly DailyFigure[];
  intervalMinutes: number;
  metric: WinnerMetric;
  washoutMinutes?: number | null;
}): StoredTest {
  const variants = Array.from({ length: input.titleCount }, (_, position) => {
    const row: VariantRow = {
      id: `variant-${position}`,
      testId: TEST_ID,
      position,
      title: `Title ${position + 1}`,
      // The engine reads no image: a thumbnail or package variant is a variant like a title.
      thumbnailImageId: null,
      servedThumbnailSha256: null,
    };
    return row;
  });
  const rotations = input.slots.map((slot) => {
    const row = {
      id: `rotation-${slot.slot}`,
      testId: TEST_ID,
      slot: slot.slot,
      kind: slot.kind,
      block: slot.block,
      variantId: `variant-${slot.titleIndex}`,
      plannedStart: slot.startsAt,
      plannedEnd: slot.endsAt,
      status: 'applied' as const,
      activatedAt: slot.startsAt,
      endedAt: slot.endsAt,
      titleConfirmed: true,
      // Every switch reads the counter too (the rotation's own read).
      viewsAtStart: input.counterAt(slot.startsAt.getTime()),
      viewsAtEnd: input.counterAt(slot.endsAt.getTime()),
    };
    return row satisfies Partial<RotationRow> as RotationRow;
  });
  const samples = input.samples.map((sample, i) => {
    const row = { id: `sample-${i}`, videoId: VIDEO_ID, channelId: null, ...sample };
    return row satisfies Partial<SampleRow> as SampleRow;
  });
  const daily = input.daily.map(({ availableAt, ...figure }, i) => {
    const row = {
      id: `day-${i}`,
      videoId: VIDEO_ID,
      channelId: null,
      ...figure,
    };
    return { row: row satisfies Partial<DailyRow> as DailyRow, availableAt };
  });
  return {
    rotations,
    variants,
    samples,
    daily,
    intervalMinutes: input.intervalMinutes,
    metric: input.metric,
    washoutMinutes: input.washoutMinutes ?? null,
  };
}

/** The windows the product would analyse at `at`: rotations ended, samples taken and days imported by then. */
export function observationsAt(test: StoredTest, at: number): WindowObservation[] {
  const firstLater = test.samples.findIndex((sample) => sample.sampledAt.getTime() > at);
  // winnerMetric: the product passes the test's metric where windowObservations takes it (a
  // variable, not a literal, so this also compiles against a version without that field).
  const input = {
    rotations: test.rotations.filter((rotation) => (rotation.endedAt?.getTime() ?? Infinity) <= at),
    variants: test.variants,
    samples: firstLater < 0 ? test.samples : test.samples.slice(0, firstLater),
    daily: test.daily.filter((day) => day.availableAt <= at).map((day) => day.row),
    intervalMinutes: test.intervalMinutes,
    winnerMetric: test.metric,
    washoutMinutes: test.washoutMinutes,
  };
  return windowObservations(input);
}
