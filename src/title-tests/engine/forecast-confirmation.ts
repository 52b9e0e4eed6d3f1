import { and, eq, gte, lte, asc } from 'drizzle-orm';
import { metricSamples } from '../../../db/schema';
import type { EngineContext } from './engine-context';
import { isMeasuredPerDay } from '../../shared/test-shapes';
import { forecastShapeOf, planOf } from '../figures/forecast-plan';
import { channelVideosHistory, videoHistory } from '../figures/video-history';
import { videoNoise } from '../figures/video-noise';
import { storedForecastOf } from '../records/stored-forecast';
import { setTestFields, type TestRecord } from '../records/title-test-records';

// The promise made on the video's own traffic (docs/statistics.md, "Calibration"). A test whose
// plan had to assume the channel's noise reads the video before its first switch — its counter
// through the calibration hours, its daily history as YouTube reports it — and the plan is made
// again on what it read, just before the first title changes. That confirmed plan is what the
// test promises; the card shows it beside the one the dialog showed. A test whose plan already
// rested on the channel's finished tests or the video's history keeps it.

const DAY_MS = 86_400_000;

/**
 * Confirms an assumed plan on the video's traffic, once, before the first window's switch. The
 * daily figures of a test judged per day (or on windows of 8 hours and more) are imported first;
 * should that fail, the plan is confirmed on what is there, or stays assumed, and the test goes on.
 */
export async function confirmForecast(ctx: EngineContext, record: TestRecord): Promise<void> {
  const { test } = record;
  const stored = storedForecastOf(record.test.forecast);
  if (!stored || stored.noiseSource !== 'assumed' || stored.confirmedAt) return;
  const now = ctx.clock.now();
  const needsDays = isMeasuredPerDay(test.winnerMetric) || test.rotationIntervalMinutes >= 480;
  if (needsDays && ctx.collectDaily) {
    try {
      await ctx.collectDaily(test.id);
    } catch (error) {
      ctx.log.warn(
        { err: error, testId: test.id },
        'The video’s daily history could not be read; the plan stays assumed',
      );
    }
  }
  const readings = await ctx.db
    .select({ at: metricSamples.sampledAt, viewCount: metricSamples.viewCount })
    .from(metricSamples)
    .where(
      and(
        eq(metricSamples.videoId, test.videoId),
        gte(metricSamples.sampledAt, test.startDate),
        lte(metricSamples.sampledAt, now),
      ),
    )
    .orderBy(asc(metricSamples.sampledAt));
  const days = await videoHistory(ctx.db, test.videoId, test.startDate);
  const channel = await channelVideosHistory(ctx.db, record.connection.youtubeChannelId, test.startDate);
  const washout = test.washoutMinutes ?? stored.washoutMinutes;
  const video = videoNoise(test, { days, readings, channel }, washout);
  const before = { minimumDetectableLiftPercent: stored.minimumDetectableLiftPercent };
  if (!video) {
    await setTestFields(ctx.db, test.id, {
      forecast: { ...stored, confirmedAt: now.toISOString(), assumedPlan: before },
    });
    return;
  }
  const shape = forecastShapeOf(
    {
      rotationIntervalMinutes: test.rotationIntervalMinutes,
      winnerMetric: test.winnerMetric,
      titleCount: record.variants.length,
      durationDays: (test.endDate.getTime() - test.startDate.getTime()) / DAY_MS,
    },
    test.startDate,
    stored.calibrationHours,
  );
  const viewsPerDay = video.viewsPerDay ?? stored.viewsPerDay;
  const plan = planOf(
    shape,
    {
      noise: {
        viewsPerDay,
        halfLifeDays: video.halfLifeDays ?? undefined,
        clicksPerDay: video.clicksPerDay ?? undefined,
        trafficNoise: video.noise,
        noiseDf: video.df,
        source: 'video',
        washoutMinutes: washout,
      },
      calibrationHours: stored.calibrationHours,
    },
    test.kind,
    { washoutMinutes: washout, lagMinutes: stored.lagMinutes, lagNote: '', viewsPerDay },
  );
  await setTestFields(ctx.db, test.id, {
    forecast: { ...plan, confirmedAt: now.toISOString(), assumedPlan: before },
  });
}
