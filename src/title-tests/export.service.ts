import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { dailyMetrics, titleTests, titleVariants } from '../../db/schema';
import { imageFilePath } from '../shared/image-rules';
import type { ServiceContext } from '../context/service-context';
import type { UserRow } from '../../db/schema/users';
import { notFound } from '../errors/app-error';
import { csvDocument, Download } from '../http/download';
import { pacificDay, pacificDayStart } from '../time/pacific';
import type { TestAnalyticsWithVerdict } from './records/title-tests.schemas';
import { getTestAnalytics } from './views.service';

export type ExportFormat = 'csv' | 'json';
export type ExportTable = 'windows' | 'daily';

type DailyRow = typeof dailyMetrics.$inferSelect;

const DAY_MINUTES = 1440;

/** The most decimals a CSV figure carries: enough for any figure the product shows, no float noise. */
export const CSV_DECIMALS = 3;

/** The export's CSV: every number rounded once, here, to CSV_DECIMALS (issue 26, item 9). */
function exportCsv(header: string[], rows: Array<Array<string | number | null>>): string {
  const scale = 10 ** CSV_DECIMALS;
  return csvDocument(
    header,
    rows.map((row) =>
      row.map((cell) => (typeof cell === 'number' ? Math.round(cell * scale) / scale : cell)),
    ),
  );
}

/** The file name part for a test: its video title, reduced to safe characters. */
function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'test'
  );
}

/**
 * A window's impressions: YouTube reports them per Pacific day, so only a window that is exactly
 * one whole Pacific day has its own (measured); shorter windows have none.
 */
function windowDay(activatedAt: string | null, durationMinutes: number | null): string | null {
  if (!activatedAt || durationMinutes !== DAY_MINUTES) return null;
  const start = new Date(activatedAt);
  const day = pacificDay(start);
  return pacificDayStart(day).getTime() === start.getTime() ? day : null;
}

const COUNTED_WORDS = { counted: 'yes', excluded: 'no', pending: 'pending' } as const;

/** Where a thumbnail is served, as a link that works outside the app (null for title tests). */
const absolute = (publicUrl: string, path: string | null): string | null =>
  path === null ? null : new URL(path, publicUrl).toString();

function windowsCsv(
  analytics: TestAnalyticsWithVerdict,
  days: Map<string, DailyRow>,
  publicUrl: string,
): string {
  const header = [
    'window',
    'title_number',
    'title',
    'start',
    'measured_until',
    'measured_hours',
    'views',
    'ctr_percent',
    'ctr_source',
    'impressions',
    'impressions_source',
    'average_view_duration_seconds',
    'duration_source',
    // Whether the verdict counts the window (counted-windows.ts), why not, and what it reads of it.
    'counted_by_verdict',
    'not_counted_reason',
    'analysed_views',
    'analysed_hours',
    // Thumbnail and package tests: the variant's image (empty for title tests).
    'thumbnail_url',
  ];
  const rows = analytics.rotationLogs.map((log) => {
    const measuredUntil =
      log.activatedAt && log.durationMinutes !== null
        ? new Date(new Date(log.activatedAt).getTime() + log.durationMinutes * 60_000).toISOString()
        : null;
    const day = windowDay(log.activatedAt, log.durationMinutes);
    const impressions = day ? (days.get(day)?.impressions ?? null) : null;
    return [
      log.order,
      log.title.replace(/^\S+ /, ''),
      log.titleText,
      log.activatedAt,
      measuredUntil,
      log.durationMinutes === null ? null : log.durationMinutes / 60,
      log.viewsAtRotation,
      log.ctrAtRotation,
      log.ctrSource,
      impressions,
      impressions === null ? 'not measured' : 'measured',
      log.averageViewDuration,
      log.durationSource,
      COUNTED_WORDS[log.analysis],
      log.excludedReason,
      log.analysedViews,
      log.analysedHours,
      absolute(publicUrl, log.thumbnailUrl),
    ];
  });
  return exportCsv(header, rows);
}

function dailyCsv(rows: DailyRow[]): string {
  return exportCsv(
    [
      'day',
      'views',
      'impressions',
      'ctr_percent',
      'average_view_duration_seconds',
      'estimated_minutes_watched',
      'fetched_at',
    ],
    rows.map((row) => [
      row.day,
      row.views,
      row.impressions,
      typeof row.impressionsCtr === 'number' ? row.impressionsCtr * 100 : null,
      row.averageViewDurationSec,
      row.estimatedMinutesWatched,
      row.fetchedAt.toISOString(),
    ]),
  );
}

/**
 * A test's figures as a file: the windows or YouTube's daily figures as CSV, or the whole analysis
 * (windows, verdict with lifts, intervals and chance to be best, daily figures) as JSON. The same
 * figures the dashboard shows, each window marked counted by the verdict or not and why
 * (counted-windows.ts); another user's test is "not found".
 */
/** Each variant's thumbnail path, by position (null for title tests). */
async function variantThumbnails(ctx: ServiceContext, testId: string): Promise<Array<string | null>> {
  const rows = await ctx.db
    .select({ imageId: titleVariants.thumbnailImageId })
    .from(titleVariants)
    .where(eq(titleVariants.testId, testId))
    .orderBy(asc(titleVariants.position));
  return rows.map((row) => (row.imageId ? imageFilePath(row.imageId) : null));
}

export async function exportTest(
  ctx: ServiceContext,
  user: UserRow,
  testId: string,
  options: { format: ExportFormat; table: ExportTable },
): Promise<Download> {
  const analytics = await getTestAnalytics(ctx, user, testId);
  const [test] = await ctx.db.select().from(titleTests).where(eq(titleTests.id, testId));
  if (!test) throw notFound('Test');
  const firstDay = pacificDay(test.startDate);
  const lastDay = pacificDay(test.endedAt ?? test.endDate);
  const daily = await ctx.db
    .select()
    .from(dailyMetrics)
    .where(
      and(
        eq(dailyMetrics.videoId, test.videoId),
        gte(dailyMetrics.day, firstDay),
        lte(dailyMetrics.day, lastDay),
      ),
    )
    .orderBy(asc(dailyMetrics.day));
  const name = `titlewise-${slug(test.videoTitle)}-${test.id.slice(0, 8)}`;
  if (options.format === 'json') {
    const document = {
      exportedAt: ctx.clock.now().toISOString(),
      test: {
        id: test.id,
        videoId: test.videoId,
        videoTitle: test.videoTitle,
        kind: test.kind,
        videoFormat: test.videoFormat,
        thumbnails: (await variantThumbnails(ctx, test.id)).map((path) =>
          absolute(ctx.config.publicUrl, path),
        ),
        status: test.status,
        winnerMetric: test.winnerMetric,
        rotationIntervalMinutes: test.rotationIntervalMinutes,
        startDate: test.startDate.toISOString(),
        endDate: test.endDate.toISOString(),
        endedAt: test.endedAt?.toISOString() ?? null,
      },
      analytics,
      daily: daily.map((row) => ({
        day: row.day,
        views: row.views,
        impressions: row.impressions,
        impressionsCtr: typeof row.impressionsCtr === 'number' ? row.impressionsCtr : null,
        averageViewDurationSec: row.averageViewDurationSec,
        estimatedMinutesWatched: row.estimatedMinutesWatched,
      })),
    };
    return new Download('application/json; charset=utf-8', `${name}.json`, JSON.stringify(document, null, 2));
  }
  if (options.table === 'daily')
    return new Download('text/csv; charset=utf-8', `${name}-daily.csv`, dailyCsv(daily));
  const days = new Map(daily.map((row) => [row.day, row]));
  return new Download(
    'text/csv; charset=utf-8',
    `${name}-windows.csv`,
    windowsCsv(analytics, days, ctx.config.publicUrl),
  );
}
