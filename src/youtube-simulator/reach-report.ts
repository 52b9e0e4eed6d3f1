import { addDays, pacificDay, pacificDayStart } from '../time/pacific';
import type { SimVideo, TitleChange } from './video-store';
import { dayTraffic } from './video-traffic';

// The Reporting API's channel_reach_basic_a1 daily reports, derived from the job's creation
// time and the clock: first files ~48 h after the job is created, covering the previous 30
// days; then one file per day about two days after that day ends; files kept 60 days.

export const REACH_REPORT_TYPE = 'channel_reach_basic_a1';
const HOUR_MS = 3_600_000;
const BACKFILL_DAYS = 30;
const FIRST_DELIVERY_HOURS = 48;
const RETENTION_DAYS = 60;

export interface ReachReport {
  id: string;
  day: string;
  startTime: Date;
  endTime: Date;
  createTime: Date;
}

export const reportIdFor = (day: string) => day.replaceAll('-', '');
export const dayOfReportId = (id: string) =>
  /^\d{8}$/.test(id) ? `${id.slice(0, 4)}-${id.slice(4, 6)}-${id.slice(6, 8)}` : null;

/** When the file for `day` appears, for a job created at `jobCreated`. */
export function reportCreateTime(day: string, jobCreated: Date): Date {
  const dailyDelivery = new Date(pacificDayStart(addDays(day, 2)).getTime() + 6 * HOUR_MS);
  const firstDelivery = new Date(jobCreated.getTime() + FIRST_DELIVERY_HOURS * HOUR_MS);
  return dailyDelivery > firstDelivery ? dailyDelivery : firstDelivery;
}

/** The reports of a job that exist at `now`, oldest day first. */
export function availableReports(jobCreated: Date, now: Date): ReachReport[] {
  const reports: ReachReport[] = [];
  const oldestKept = now.getTime() - RETENTION_DAYS * 24 * HOUR_MS;
  for (
    let day = addDays(pacificDay(jobCreated), -BACKFILL_DAYS);
    day <= pacificDay(now);
    day = addDays(day, 1)
  ) {
    const createTime = reportCreateTime(day, jobCreated);
    if (createTime > now || createTime.getTime() < oldestKept) continue;
    reports.push({
      id: reportIdFor(day),
      day,
      startTime: pacificDayStart(day),
      endTime: pacificDayStart(addDays(day, 1)),
      createTime,
    });
  }
  return reports;
}

function decimal(value: number): string {
  return String(Number(value.toFixed(6)));
}

/** The CSV file: one row per video per day with impressions. */
export function reachCsv(
  day: string,
  channelId: string,
  videos: SimVideo[],
  histories: Map<string, TitleChange[]>,
): string {
  const lines = ['date,channel_id,video_id,video_thumbnail_impressions,video_thumbnail_impressions_ctr'];
  for (const video of videos) {
    const traffic = dayTraffic(video, histories.get(video.id) ?? [], day);
    const impressions = Math.round(traffic.impressions);
    if (impressions === 0) continue;
    lines.push(
      [
        reportIdFor(day),
        channelId,
        video.id,
        impressions,
        decimal(traffic.clicks / traffic.impressions),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
