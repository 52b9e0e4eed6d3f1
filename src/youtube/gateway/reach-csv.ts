import type { DailyReachMetrics } from './daily-metrics';

/** Thrown when a downloaded file is not a channel_reach_basic_a1 CSV we can read. */
export class ReachCsvError extends Error {}

const required = [
  'date',
  'video_id',
  'video_thumbnail_impressions',
  'video_thumbnail_impressions_ctr',
] as const;

function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/**
 * Parses a channel_reach_basic_a1 file into impressions and CTR per video and Pacific day.
 * Columns are found by name (reports may carry more dimensions); rows of the same video and day
 * are merged — impressions summed, CTR weighted by impressions. CTR is YouTube's fraction (0–1).
 */
export function parseReachCsv(csv: string): DailyReachMetrics[] {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return [];
  const header = splitCsvLine(lines[0]!).map((name) => name.trim());
  const column = Object.fromEntries(required.map((name) => [name, header.indexOf(name)])) as Record<
    (typeof required)[number],
    number
  >;
  const missing = required.filter((name) => column[name] < 0);
  if (missing.length > 0) throw new ReachCsvError(`Reach report lacks columns: ${missing.join(', ')}`);

  const merged = new Map<string, { videoId: string; day: string; impressions: number; clicks: number }>();
  for (const [index, line] of lines.slice(1).entries()) {
    const cells = splitCsvLine(line);
    const date = cells[column.date]?.trim() ?? '';
    const videoId = cells[column.video_id]?.trim() ?? '';
    const impressions = Number(cells[column.video_thumbnail_impressions]);
    const ctr = Number(cells[column.video_thumbnail_impressions_ctr]);
    if (
      !/^\d{8}$/.test(date) ||
      !videoId ||
      !Number.isFinite(impressions) ||
      impressions < 0 ||
      !Number.isFinite(ctr) ||
      ctr < 0 ||
      ctr > 1
    ) {
      throw new ReachCsvError(`Reach report line ${index + 2} is not readable: ${line.slice(0, 120)}`);
    }
    const day = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
    const key = `${videoId}\u0000${day}`;
    const entry = merged.get(key) ?? { videoId, day, impressions: 0, clicks: 0 };
    entry.impressions += impressions;
    entry.clicks += impressions * ctr;
    merged.set(key, entry);
  }
  return [...merged.values()].map((entry) => ({
    videoId: entry.videoId,
    day: entry.day,
    impressions: entry.impressions,
    impressionsCtr: entry.impressions > 0 ? entry.clicks / entry.impressions : 0,
  }));
}
