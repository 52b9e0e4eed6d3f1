import { eq } from 'drizzle-orm';
import { titleTests, titleVariants } from '../../db/schema';
import { analyzeTest } from '../../src/statistics';
import { Random } from '../../src/statistics/random';
import { generateSchedule } from '../../src/statistics/schedule';
import type { TestVerdict } from '../../src/statistics/verdict';
import type { TestApp } from './test-app';

const DAY_MS = 86_400_000;

/**
 * The engine's final verdict on a 14-day daily CTR test of two titles in which Title 2 draws
 * `lift` more clicks: YouTube's daily figures (20,000 impressions a day, 5% CTR, a day-to-day
 * wobble of about 5%), read by the product's own analyzeTest.
 */
export function engineVerdict(seed: string, lift: number, start: Date): TestVerdict {
  const end = new Date(start.getTime() + 14 * DAY_MS);
  const random = new Random(seed);
  const slots = generateSchedule({ seed, titleCount: 2, intervalMinutes: 1440, start, end });
  const windows = slots
    .filter((slot) => slot.kind === 'window')
    .map((slot) => {
      const impressions = 20_000;
      const ctr = 0.05 * (slot.titleIndex === 1 ? 1 + lift : 1) * Math.exp(0.05 * random.normal());
      const clicks = Math.round(impressions * ctr);
      return {
        titleIndex: slot.titleIndex,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        measuredHours: 24,
        views: clicks,
        impressions,
        clicks,
      };
    });
  return analyzeTest({
    windows,
    titleCount: 2,
    metric: 'ctr',
    intervalMinutes: 1440,
    isFinal: true,
    seed,
    scheduleSegments: [{ start, end }],
  });
}

/**
 * Eight finished CTR tests, copied from the test `templateId` (its user, channel and shape) and
 * stored with the engine's own verdict: in each, Title 2 adds a number and draws +8% more clicks;
 * every other test also adds brackets (which do nothing), and the first two end in a question
 * mark. What "What works here" reads; the pooling itself is studied in bench/learning.ts.
 */
export async function seedFinishedTests(testApp: TestApp, templateId: string): Promise<void> {
  const db = testApp.built.app.db;
  const [template] = await db.select().from(titleTests).where(eq(titleTests.id, templateId));
  if (!template) throw new Error(`no test ${templateId}`);
  const { id: _id, ...rest } = template;
  // Fixed seeds and dates: the pooled interval is a statistical claim that misses its truth in
  // about one draw in twenty, so a seed taken from the test's random id would fail now and then.
  const start = new Date(Date.UTC(2026, 0, 5));
  for (let i = 0; i < 8; i++) {
    const verdict = engineVerdict(`finished-${i}`, 0.08, start);
    const [row] = await db
      .insert(titleTests)
      .values({ ...rest, status: 'completed', finalFiguresDueAt: null, verdict })
      .returning();
    const challenger = `${i % 2 === 0 ? '(Easy) ' : ''}3 Moons Jupiter Could Swallow${i < 2 ? '?' : ''}`;
    await db.insert(titleVariants).values([
      { testId: row!.id, position: 0, title: 'Moons Jupiter Could Swallow' },
      { testId: row!.id, position: 1, title: challenger },
    ]);
  }
}
