import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../youtube-simulator/accounts';
import { titleTruthFor } from '../youtube-simulator/traffic-model';
import { videoCatalog } from '../youtube-simulator/video-catalog';
import { DEMO_SCENARIO, SCENARIO_SPAN_MS } from './demo-scenario';

// The scenario's titles were chosen for their ground truth in the demo copies (seed
// demo-copy/<catalog index>): these checks keep each test's story true if the model changes.

const catalog = videoCatalog[DEMO_ACCOUNT_ID]!;
const ctrOf = (videoIndex: number, title: string) =>
  titleTruthFor(title, `demo-copy/${videoIndex}`, catalog[videoIndex]!.durationSec).ctr;

describe('the demo scenario', () => {
  it('tests the uploads’ own titles as Title 1, one test at a time (the Free plan)', () => {
    for (const test of DEMO_SCENARIO) expect(test.input.titles[0]).toBe(catalog[test.videoIndex]!.title);
    // A test ends at its planned end, or earlier when the creator completes it.
    const spans = DEMO_SCENARIO.map((test) => [
      test.startsHoursBefore,
      test.startsHoursBefore - (test.completesAfterHours ?? test.input.durationHours),
    ]);
    spans.sort((a, b) => b[0]! - a[0]!);
    for (let index = 1; index < spans.length; index++)
      expect(spans[index]![0]!).toBeLessThan(spans[index - 1]![1]!);
    expect(SCENARIO_SPAN_MS).toBe(spans[0]![0]! * 3_600_000);
  });

  it('has a clear winner, two titles that draw alike, and a test still running on arrival', () => {
    const [winner, same, running] = DEMO_SCENARIO;
    expect(ctrOf(winner!.videoIndex, winner!.input.titles[1]!)).toBeGreaterThan(
      1.5 * ctrOf(winner!.videoIndex, winner!.input.titles[0]!),
    );
    // Close titles on a quiet upload: a day and a half of 2-hour windows cannot tell them apart.
    const [a, b] = same!.input.titles.map((title) => ctrOf(same!.videoIndex, title));
    expect(Math.abs(a! / b! - 1)).toBeLessThan(0.01);
    expect(catalog[same!.videoIndex]!.baseImpressionsPerHour).toBeLessThanOrEqual(1_100);
    expect(running!.startsHoursBefore).toBeLessThan(running!.input.durationHours);
  });
});
