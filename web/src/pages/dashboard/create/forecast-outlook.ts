import type { TestForecast } from '../../../api/test-types';
import { aboutDays, formatUnits } from '../../../lib/plan-words';

type Outlook = Pick<TestForecast, 'daysToVerdict' | 'quotaUnits' | 'plannedQuotaUnits'>;

/**
 * The plan's cost in time and quota in one line: "Verdict likely in about 3 days · about 240
 * YouTube quota units (up to 900 if it runs its whole length)". Null when neither is known (a plan
 * that cannot decide). The "up to" part only when running to the end would spend more: a test stops
 * at its first winner by default, so the likely figure is the one to plan on.
 */
export function verdictOutlook(plan: Outlook): string | null {
  const parts: string[] = [];
  if (plan.daysToVerdict !== null) parts.push(`Verdict likely in ${aboutDays(plan.daysToVerdict)}`);
  if (plan.quotaUnits !== null) {
    const upTo =
      plan.plannedQuotaUnits !== null && Math.round(plan.plannedQuotaUnits) > Math.round(plan.quotaUnits)
        ? ` (up to ${formatUnits(plan.plannedQuotaUnits)} if it runs its whole length)`
        : '';
    parts.push(
      `${parts.length > 0 ? 'about' : 'About'} ${formatUnits(plan.quotaUnits)} YouTube quota units${upTo}`,
    );
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}
