import { eq } from 'drizzle-orm';
import { simVideos, titleTests, titleVariants } from '../../db/schema';
import { analyzeTest } from '../../src/statistics';
import { generateSchedule } from '../../src/statistics/schedule';
import { wordVerdict, type WordedVerdict } from '../../src/title-tests/figures/worded-verdict';
import { titleTruthOn } from '../../src/youtube-simulator/title-habits';
import { trafficBetween, type TitleSpan } from '../../src/youtube-simulator/traffic-model';
import { videoTruth } from '../../src/youtube-simulator/video-traffic';
import type { TestApp } from './test-app';

const DAY_MS = 86_400_000;
const TEST_DAYS = 14;

type SimVideo = typeof simVideos.$inferSelect;

/**
 * The engine's final verdict on a 14-day daily CTR test of two titles run at the launch of an
 * upload like `video` (published the day before `start`): each day's impressions and clicks as
 * the simulator's traffic model and ground truth give them (the channel's title habit, if it has
 * one), in whole numbers as YouTube reports them, read by the product's own analyzeTest.
 */
function verdictOnSimulator(
  video: SimVideo,
  titles: [string, string],
  seed: string,
  start: Date,
): WordedVerdict {
  const end = new Date(start.getTime() + TEST_DAYS * DAY_MS);
  const truth = { ...videoTruth(video), publishedAt: new Date(start.getTime() - DAY_MS) };
  const [original, challenger] = titles.map((title) => titleTruthOn(video, title));
  const slots = generateSchedule({ seed, titleCount: 2, intervalMinutes: 1440, start, end });
  const spans: TitleSpan[] = [
    { from: truth.publishedAt, to: start, title: original! },
    ...slots.map((slot) => ({
      from: slot.startsAt,
      to: slot.endsAt,
      title: slot.titleIndex === 1 ? challenger! : original!,
    })),
  ];
  const windows = slots
    .filter((slot) => slot.kind === 'window')
    .map((slot) => {
      const traffic = trafficBetween(truth, spans, slot.startsAt, slot.endsAt);
      return {
        titleIndex: slot.titleIndex,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        measuredHours: (slot.endsAt.getTime() - slot.startsAt.getTime()) / 3_600_000,
        views: Math.round(traffic.views),
        impressions: Math.round(traffic.impressions),
        clicks: Math.round(traffic.clicks),
      };
    });
  const verdict = analyzeTest({
    windows,
    titleCount: 2,
    metric: 'ctr',
    intervalMinutes: 1440,
    isFinal: true,
    seed,
    scheduleSegments: [{ start, end }],
  });
  return wordVerdict(verdict, 'titles');
}

/** A topic per test, so every test compares titles of its own (a title's own pull is not shared). */
const TOPICS = [
  'Budget Keyboards Compared',
  'Travel Chargers Worth Packing',
  'Desk Mats for Small Desks',
  'Ergonomic Chairs After a Year',
  'USB Microphones for Beginners',
  'Smart Plugs That Just Work',
  'Laptop Stands for the Sofa',
  'Cable Organisers That Stay Put',
  'Webcam Lights for Dark Rooms',
  'Mechanical Pencils for Engineers',
  'Phone Tripods Under Twenty Dollars',
  'Noise Machines for Open Offices',
  'Backpacks for a Laptop and a Lunch',
  'Monitor Arms That Hold Still',
  'Wireless Chargers That Charge',
  'Keyboard Wrist Rests Tested',
];

/**
 * `count` (at most 16) finished CTR tests on the channel of the test `templateId` (its user and
 * shape), one on each of the channel's uploads in turn, run one after the other before the
 * template's start on the simulator's traffic and stored with the engine's final verdict. In each,
 * Title 2 adds a number to the original; every other test also adds brackets, and the first two
 * end in a question mark. What they find is the channel's truth: on Noor's channel a number lifts
 * CTR by 8% and brackets do nothing (src/youtube-simulator/title-habits.ts). The pooling itself
 * is studied in bench/learning.ts (a true +8% is named after 16 tests about 3 times in 4).
 */
export async function seedFinishedTests(testApp: TestApp, templateId: string, count = 8): Promise<void> {
  if (count > TOPICS.length) throw new RangeError(`at most ${TOPICS.length} finished tests`);
  const db = testApp.built.app.db;
  const [template] = await db.select().from(titleTests).where(eq(titleTests.id, templateId));
  if (!template) throw new Error(`no test ${templateId}`);
  const [templateVideo] = await db.select().from(simVideos).where(eq(simVideos.id, template.videoId));
  if (!templateVideo) throw new Error(`no simulated video ${template.videoId}`);
  const uploads = await db.select().from(simVideos).where(eq(simVideos.accountId, templateVideo.accountId));
  uploads.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
  const { id: _id, ...rest } = template;
  for (let i = 0; i < count; i++) {
    const video = uploads[i % uploads.length]!;
    const end = new Date(template.startDate.getTime() - (1 + 15 * i) * DAY_MS);
    const start = new Date(end.getTime() - TEST_DAYS * DAY_MS);
    const original = TOPICS[i]!;
    const challenger = `${i % 2 === 0 ? '(Easy) ' : ''}3 ${original}${i < 2 ? '?' : ''}`;
    const verdict = verdictOnSimulator(video, [original, challenger], `finished-${i}`, start);
    const [row] = await db
      .insert(titleTests)
      .values({
        ...rest,
        videoId: video.id,
        videoTitle: original,
        originalTitle: original,
        startDate: start,
        endDate: end,
        status: 'completed',
        finalFiguresDueAt: null,
        verdict,
      })
      .returning();
    await db.insert(titleVariants).values([
      { testId: row!.id, position: 0, title: original },
      { testId: row!.id, position: 1, title: challenger },
    ]);
  }
}
