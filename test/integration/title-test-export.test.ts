import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyMetrics, titleTests } from '../../db/schema';
import { CSV_DECIMALS } from '../../src/title-tests/export.service';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { hoursToFirstWindow } from '../helpers/planned-windows';
import { runFor } from '../helpers/title-test-driver';

// A test's figures as files (GET /api/tests/{id}/export), checked against what the product stores
// and shows: the analytics panel's windows and the daily figures YouTube delivered.

let testApp: TestApp;
let alex: HttpClient;
let sam: HttpClient;
let testId = '';

/** A CSV field that is a number, with no more decimals than the export's one rule allows (no `6.553000000000001`). */
function expectRounded(rows: string[][]): void {
  const numbers = rows.flat().filter((field) => /^-?\d+(\.\d+)?(e-?\d+)?$/.test(field));
  expect(numbers.length).toBeGreaterThan(0);
  for (const field of numbers) expect(field).toMatch(new RegExp(`^-?\\d+(\\.\\d{1,${CSV_DECIMALS}})?$`));
}

/** RFC 4180 rows (the export quotes fields with commas, quotes or line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  return rows;
}

beforeAll(async () => {
  testApp = await startTestApp();
  alex = await googleCreator(testApp, 'sim-alex');
  sam = await googleCreator(testApp, 'sim-sam');
  const created = await alex.post('/api/tests', {
    videoId: simulatedVideoId('sim-alex', 1),
    titles: ['Export me, "plainly"', 'Export me, better'],
    // 2-hour windows: an unmeasured channel's views are allowed an hour to follow a switch.
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
  });
  expect(created.status).toBe(201);
  testId = ((await created.json()) as { id: string }).id;
  // The calibration lead-in (about a day), then a day and a half of windows.
  await runFor(testApp, (await hoursToFirstWindow(testApp, testId)) + 36);
}, 600_000);
afterAll(async () => {
  await testApp.close();
});

describe('exports', () => {
  it('the windows CSV is the analytics panel’s windows, row for row', async () => {
    const response = await alex.get(`/api/tests/${testId}/export?format=csv&table=windows`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="titlewise-.+-windows\.csv"$/,
    );
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual([
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
      'counted_by_verdict',
      'not_counted_reason',
      'analysed_views',
      'analysed_hours',
      'thumbnail_url',
    ]);
    const analytics = (await (await alex.get(`/api/tests/${testId}/analytics`)).json()) as {
      rotationLogs: Array<{
        order: number;
        titleText: string;
        activatedAt: string | null;
        viewsAtRotation: number | null;
        durationMinutes: number | null;
        ctrSource: string;
        analysis: string;
        excludedReason: string | null;
        analysedViews: number | null;
      }>;
    };
    expect(rows.length).toBe(analytics.rotationLogs.length);
    expect(rows.length).toBeGreaterThan(15);
    for (const [index, log] of analytics.rotationLogs.entries()) {
      const row = rows[index]!;
      expect(row[0]).toBe(String(log.order));
      expect(row[2]).toBe(log.titleText);
      expect(row[3]).toBe(log.activatedAt ?? '');
      expect(row[6]).toBe(log.viewsAtRotation === null ? '' : String(log.viewsAtRotation));
      expect(Number(row[5])).toBeCloseTo((log.durationMinutes ?? 0) / 60, 2);
      expect(row[8]).toBe(log.ctrSource);
      // Windows shorter than a day: YouTube reports impressions per day only.
      expect(row.slice(9, 11)).toEqual(['', 'not measured']);
      // Whether the verdict counts the window, and why not: as the panel says.
      expect(row[13]).toBe({ counted: 'yes', excluded: 'no', pending: 'pending' }[log.analysis]);
      expect(row[14]).toBe(log.excludedReason ?? '');
      expect(row[15] === '').toBe(log.analysedViews === null);
    }
    expectRounded(rows);
    // A title with a comma and quotes survives the round trip.
    expect(rows.map((row) => row[2])).toContain('Export me, "plainly"');
  });

  it('the daily CSV is YouTube’s daily figures as stored; the JSON is the whole analysis', async () => {
    const [test] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, testId));
    const stored = await testApp.built.app.db
      .select()
      .from(dailyMetrics)
      .where(and(eq(dailyMetrics.videoId, test!.videoId)))
      .orderBy(asc(dailyMetrics.day));
    const [header, ...rows] = parseCsv(
      await (await alex.get(`/api/tests/${testId}/export?table=daily`)).text(),
    );
    expect(header![0]).toBe('day');
    const inTest = stored.filter((row) => rows.some((csv) => csv[0] === row.day));
    expect(rows.length).toBeGreaterThan(0);
    expect(inTest.length).toBe(rows.length);
    expectRounded(rows);
    for (const [index, row] of inTest.entries()) {
      expect(rows[index]![1]).toBe(row.views === null ? '' : String(row.views));
      expect(rows[index]![2]).toBe(row.impressions === null ? '' : String(row.impressions));
    }

    const json = await alex.get(`/api/tests/${testId}/export?format=json`);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const document = (await json.json()) as {
      test: { id: string };
      analytics: { verdict: { titles: Array<{ liftLowPercent: number; probabilityBest: number }> } };
      daily: unknown[];
    };
    const analytics = (await (await alex.get(`/api/tests/${testId}/analytics`)).json()) as {
      verdict: unknown;
    };
    expect(document.test.id).toBe(testId);
    expect(document.analytics.verdict).toEqual(analytics.verdict);
    expect(document.analytics.verdict.titles[0]).toHaveProperty('probabilityBest');
    expect(document.daily).toHaveLength(rows.length);
  });

  it('refuses another user’s test and bad options, as for any test', async () => {
    expect((await sam.get(`/api/tests/${testId}/export`)).status).toBe(404);
    const bad = await alex.get(`/api/tests/${testId}/export?format=xlsx`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/format must be csv or json/);
  });
});
