import { describe, expect, it } from 'vitest';
import { addDays, pacificDay, pacificDayStart } from '../time/pacific';
import { availableReports, dayOfReportId, reportIdFor } from './reach-report';
import { isoDuration } from './video-resources';

const HOUR = 3_600_000;
const created = new Date('2026-11-10T20:00:00Z'); // 12:00 Pacific

describe('reach report schedule', () => {
  it('delivers nothing during the first 48 hours', () => {
    expect(availableReports(created, new Date(created.getTime() + 47 * HOUR))).toEqual([]);
  });

  it('then backfills the 30 days before the job (and its own day, over since 06:00), one report per Pacific day', () => {
    const reports = availableReports(created, new Date(created.getTime() + 48 * HOUR));
    const jobDay = pacificDay(created);
    expect(reports[0]!.day).toBe(addDays(jobDay, -30));
    expect(reports.at(-1)!.day).toBe(jobDay);
    expect(reports).toHaveLength(31);
    for (const report of reports) {
      expect(report.startTime).toEqual(pacificDayStart(report.day));
      expect(report.endTime).toEqual(pacificDayStart(addDays(report.day, 1)));
    }
  });

  it('adds each later day about two days after it ends, and keeps files 60 days', () => {
    const jobDay = pacificDay(created);
    const later = new Date(pacificDayStart(addDays(jobDay, 7)).getTime() + 7 * HOUR);
    expect(availableReports(created, later).at(-1)!.day).toBe(addDays(jobDay, 5));
    const muchLater = new Date(created.getTime() + 100 * 24 * HOUR);
    const kept = availableReports(created, muchLater);
    expect(kept.every((report) => muchLater.getTime() - report.createTime.getTime() <= 60 * 24 * HOUR)).toBe(
      true,
    );
  });

  it('names reports by their day', () => {
    expect(reportIdFor('2026-11-03')).toBe('20261103');
    expect(dayOfReportId('20261103')).toBe('2026-11-03');
    expect(dayOfReportId('../etc')).toBeNull();
  });
});

describe('ISO 8601 durations', () => {
  it('are written as YouTube writes them', () => {
    expect(isoDuration(684)).toBe('PT11M24S');
    expect(isoDuration(3600)).toBe('PT1H');
    expect(isoDuration(3723)).toBe('PT1H2M3S');
    expect(isoDuration(45)).toBe('PT45S');
    expect(isoDuration(0)).toBe('PT0S');
  });
});
