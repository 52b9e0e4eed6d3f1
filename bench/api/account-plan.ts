import { randomUUID } from 'node:crypto';
import { generateSchedule, type ScheduleSlot } from '../../src/statistics';
import type { WordedVerdict } from '../../src/title-tests/figures/worded-verdict';
import { pacificDay, pacificDayStart } from '../../src/time/pacific';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { storedVerdict } from './stored-verdict';
import { dailyFigures, SAMPLE_EVERY_MS, viewSamples, type DailyFigures, type ViewSample } from './traffic';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
export const TEST_COUNT = 50;
export const RUNNING_TESTS = 7;
/** Every test carries 7 days of hourly rotations: 168 applied windows. */
const HISTORY_HOURS = 168;
/** Running tests were planned for 10 days, so 72 rotations are still ahead of them. */
const RUNNING_TEST_DAYS = 10;
/** YouTube's daily figures arrive 2–3 days late: a running test has none for its last 2 days. */
const DAILY_DELAY_DAYS = 2;
export const SIM_ACCOUNT_ID = 'sim-bench-api';
export const CHANNEL_ID = 'UCbenchapi000000000000';

export interface PlannedTest {
  index: number;
  id: string;
  videoId: string;
  running: boolean;
  titles: string[];
  variantIds: string[];
  scheduleSeed: string;
  slots: ScheduleSlot[];
  /** Slots 0 … applied − 1 are applied; the rest (running tests only) are planned. */
  applied: number;
  startDate: Date;
  endDate: Date;
  endedAt: Date | null;
  samples: ViewSample[];
  daily: DailyFigures[];
  publishedAt: Date;
  /** Completed tests: the verdict the engine stored when the test ended. */
  verdict: WordedVerdict | null;
}

export interface AccountPlan {
  now: Date;
  userId: string;
  connectionId: string;
  tests: PlannedTest[];
}

const SUBJECTS = ['sourdough', 'bike repair', 'home studio', 'budget travel', 'chess openings', 'lathe work'];
const ANGLES = [
  (subject: string) => `I tried ${subject} for 30 days`,
  (subject: string) => `The ${subject} mistake everyone makes`,
  (subject: string) => `${subject}: what nobody tells you`,
  (subject: string) => `Stop doing ${subject} like this`,
  (subject: string) => `${subject} in 10 minutes (beginner guide)`,
];
/** Each title's true effect on views; the original (index 0) is the baseline. */
const LIFTS = [1, 1.12, 0.97, 1.03, 0.9];

function planTest(index: number, now: Date): Omit<PlannedTest, 'verdict'> {
  const running = index < RUNNING_TESTS;
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  let startDate: Date;
  let endDate: Date;
  if (running) {
    // Started 167 hours before the current hour began: 168 slots applied, the current one open.
    startDate = new Date(hour + HOUR_MS - HISTORY_HOURS * HOUR_MS);
    endDate = new Date(startDate.getTime() + RUNNING_TEST_DAYS * DAY_MS);
  } else {
    // Ended at Pacific midnights about a day and a half apart, going back two months, after 7 days
    // from a Pacific midnight: every slot is a full window (no lead-in), 168 of them.
    const daysAgo = 1.5 * (index - RUNNING_TESTS + 1);
    endDate = pacificDayStart(pacificDay(new Date(now.getTime() - daysAgo * DAY_MS)));
    startDate = pacificDayStart(pacificDay(new Date(endDate.getTime() - 7 * DAY_MS + HOUR_MS)));
  }
  const titleCount = 2 + (index % 4);
  const subject = SUBJECTS[index % SUBJECTS.length]!;
  const titles = Array.from(
    { length: titleCount },
    (_, t) => `${ANGLES[(index + t) % ANGLES.length]!(subject)} #${index + 1}`,
  );
  const scheduleSeed = `bench-api-${index}`;
  const slots = generateSchedule({
    seed: scheduleSeed,
    titleCount,
    intervalMinutes: 60,
    start: startDate,
    end: endDate,
  });
  const applied = running ? slots.filter((slot) => slot.startsAt <= now).length : slots.length;
  const sampledUntil = running
    ? new Date(Math.floor(now.getTime() / SAMPLE_EVERY_MS) * SAMPLE_EVERY_MS)
    : endDate;
  const samples = viewSamples(
    {
      viewsPerHour: 60 + ((index * 37) % 400),
      titleLifts: LIFTS.slice(0, titleCount).map((lift, t) => (index % 3 === 0 && t > 0 ? 1 : lift)),
      startingViews: 5_000 + index * 1_313,
      seed: 1_000 + index,
    },
    slots.slice(0, applied),
    new Date(startDate.getTime() - HOUR_MS),
    sampledUntil,
  );
  const lateFrom = pacificDay(new Date(now.getTime() - DAILY_DELAY_DAYS * DAY_MS));
  const daily = dailyFigures(samples, index).filter((row) => !running || row.day < lateFrom);
  return {
    index,
    id: randomUUID(),
    videoId: simulatedVideoId(SIM_ACCOUNT_ID, index),
    running,
    titles,
    variantIds: titles.map(() => randomUUID()),
    scheduleSeed,
    slots,
    applied,
    startDate,
    endDate,
    endedAt: running ? null : new Date(endDate.getTime() + 4_000),
    samples,
    daily,
    publishedAt: new Date(startDate.getTime() - (2 + (index % 5)) * DAY_MS),
  };
}

/**
 * One creator's account as the product would have left it: 50 hourly views tests over 2–5 titles,
 * each with 7 days of applied rotations, 10-minute view samples and YouTube's daily figures; the
 * first 7 still running, the rest completed over the past two months.
 */
export function planAccount(now: Date): AccountPlan {
  return {
    now,
    userId: randomUUID(),
    connectionId: randomUUID(),
    tests: Array.from({ length: TEST_COUNT }, (_, index) => {
      const test = planTest(index, now);
      return { ...test, verdict: test.running ? null : storedVerdict(test) };
    }),
  };
}
