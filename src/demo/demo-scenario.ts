import type { CreateTestInput } from '../title-tests';

// What a demo visitor's channel has been through before they arrive: tests created at these
// moments (hours before the visitor's arrival) on the demo channel's uploads, then run by the
// real engine against the simulator's ground truth. Only the titles are chosen here; every
// figure and verdict comes out of the run. The titles were picked for their ground truth (the
// simulator's, for the demo copies' video seeds): demo-scenario.test.ts keeps them honest.

const HOUR = 3_600_000;

export interface ScenarioTest {
  /** Index of the upload in the demo channel's catalog (newest first). */
  videoIndex: number;
  /** Hours before the visitor's arrival when the creator starts the test. */
  startsHoursBefore: number;
  input: Omit<CreateTestInput, 'videoId' | 'endDate' | 'startDate'> & {
    titles: string[];
    durationHours: number;
  };
  /** The creator presses Complete this many hours after the start (before the planned end). */
  completesAfterHours?: number;
}

export const DEMO_SCENARIO: ScenarioTest[] = [
  // One test at a time, as the Free plan allows. The channel's first test: it reads the video for a
  // day or two before its first switch, on 2-hour windows (its lag is not measured yet). Planned for a
  // week, it ends days before its planned end and before the visitor arrives: a clear winner, put
  // live as soon as a daily look names it.
  {
    videoIndex: 0,
    startsHoursBefore: 250,
    input: {
      titles: [
        'Crispy Smashed Potatoes Every Time (3 Tricks Restaurants Use)',
        'Why Your Smashed Potatoes Go Soggy (and How to Fix It)',
      ],
      winnerMetric: 'views',
      rotationIntervalMinutes: 120,
      durationHours: 168,
    },
  },
  // Two titles that draw alike on a quiet, older upload; planned for four days, the creator
  // completes the test after a day and a half. Decided before its planned end, a winner must clear the bar of a look at that point
  // (docs/statistics.md), so the verdict is "inconclusive" and the original title stays. The first
  // test measured the channel's noise on this shape, so it starts switching at once.
  {
    videoIndex: 4,
    startsHoursBefore: 80,
    input: {
      titles: ['The Only Sourdough Discard Recipe You Need', 'One Sourdough Discard Recipe Worth Your Time'],
      winnerMetric: 'views',
      rotationIntervalMinutes: 120,
      durationHours: 96,
    },
    completesAfterHours: 36,
  },
  // Running when the visitor arrives: a day and a half in, two and a half days to go.
  {
    videoIndex: 1,
    startsHoursBefore: 36,
    input: {
      titles: [
        'One-Pan Lemon Garlic Chicken Thighs | 30-Minute Dinner',
        'One-Pan Chicken Thighs That Taste Like a Restaurant',
        'Lemon Garlic Chicken: My Go-To 30-Minute Dinner',
      ],
      winnerMetric: 'views',
      rotationIntervalMinutes: 120,
      durationHours: 96,
    },
  },
];

/** How far back the scenario begins. */
export const SCENARIO_SPAN_MS = Math.max(...DEMO_SCENARIO.map((test) => test.startsHoursBefore)) * HOUR;
