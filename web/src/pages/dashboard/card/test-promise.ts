import { VARIANT_WORDS, type TestKind } from '#shared/test-kinds';
import type { StoredForecast } from '../../../api/test-types';
import { aboutDays, formatLift } from '../../../lib/plan-words';

type Promised = Pick<
  StoredForecast,
  'minimumDetectableLiftPercent' | 'daysToVerdict' | 'noiseSource' | 'confirmedAt'
>;

/**
 * Where the plan's numbers come from, once the test has started: a plan that had to assume the
 * channel's noise is made again on the video's own traffic before the first switch; one that
 * rested on the channel's tests or the video's history from the start needs no word.
 */
function confirmationNote(forecast: Promised): string | null {
  if (forecast.noiseSource === 'assumed')
    return forecast.confirmedAt
      ? 'assumed: this video showed too little traffic to confirm it'
      : 'assumed until Titlewise has read this video';
  return forecast.confirmedAt ? 'confirmed on this video’s traffic' : null;
}

/**
 * What the test promised when it was created (confirmed since, where it had to assume): "Plan:
 * finds a difference of about 8.5% 8 times in 10; verdict likely in about 4 days (confirmed on
 * this video’s traffic)".
 */
export function planPromise(forecast: Promised): string {
  const lift = forecast.minimumDetectableLiftPercent;
  const finds =
    lift === null
      ? 'Plan: not expected to find a difference at this length'
      : `Plan: finds a difference of about ${formatLift(lift)} 8 times in 10`;
  const verdict =
    lift !== null && forecast.daysToVerdict !== null
      ? `; verdict likely in ${aboutDays(forecast.daysToVerdict)}`
      : '';
  const note = confirmationNote(forecast);
  return `${finds}${verdict}${note ? ` (${note})` : ''}`;
}

/**
 * A running test that will very likely end Inconclusive (src/shared/hopeless-test.ts), in the
 * creator's words: its chance of a winner even if a variant is as much better as planned.
 */
export function hopelessMessage(chanceOfWinner: number, kind: TestKind): string {
  const percent = Math.round(chanceOfWinner * 100);
  const chance = percent < 1 ? 'less than 1% chance' : `about ${percent}% chance`;
  return `This test will very likely end Inconclusive: even if a ${VARIANT_WORDS[kind].one} were as much better as planned, it has ${chance} of naming a winner by its end.`;
}
