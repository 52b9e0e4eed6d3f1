import { describe, expect, it } from 'vitest';
import { parseReachCsv, ReachCsvError } from './reach-csv';

describe('channel_reach_basic_a1 CSV', () => {
  it('reads impressions and CTR per video and Pacific day', () => {
    const csv =
      'date,channel_id,video_id,video_thumbnail_impressions,video_thumbnail_impressions_ctr\n20261103,UCx,vidA,1200,0.05\n20261103,UCx,vidB,300,0.1\n';
    expect(parseReachCsv(csv)).toEqual([
      { videoId: 'vidA', day: '2026-11-03', impressions: 1200, impressionsCtr: 0.05 },
      { videoId: 'vidB', day: '2026-11-03', impressions: 300, impressionsCtr: 0.1 },
    ]);
  });

  it('finds columns by name and merges rows split by other dimensions, weighting CTR by impressions', () => {
    const csv = [
      'date,channel_id,video_id,traffic_source_type,video_thumbnail_impressions,video_thumbnail_impressions_ctr',
      '20261103,UCx,vidA,1,1000,0.04',
      '20261103,UCx,vidA,"3,search",3000,0.08',
    ].join('\r\n');
    const [row] = parseReachCsv(csv);
    expect(row!.impressions).toBe(4000);
    expect(row!.impressionsCtr).toBeCloseTo(0.07, 10);
  });

  it('refuses files it cannot read rather than storing wrong numbers', () => {
    expect(() => parseReachCsv('date,video_id\n20261103,vidA\n')).toThrow(ReachCsvError);
    expect(() =>
      parseReachCsv(
        'date,video_id,video_thumbnail_impressions,video_thumbnail_impressions_ctr\n20261103,vidA,12,5.3\n',
      ),
    ).toThrow(/line 2/);
    expect(parseReachCsv('')).toEqual([]);
  });
});
