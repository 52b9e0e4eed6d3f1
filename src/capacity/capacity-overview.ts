import { and, eq, sum } from 'drizzle-orm';
import { quotaLedger } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import { CAPACITY_PLANS } from '../shared/capacity-shares';
import { pacificDay } from '../time/pacific';
import { planAllotment, type CapacityState } from './admission';
import { heldAtMost } from './holdings';
import type { CapacityOverview } from './capacity.schemas';
import { loadCapacityState, spentToday } from './capacity-state';

/** At this share of the day's quota forecast, platform health degrades and admins are e-mailed. */
export const FORECAST_WARN_SHARE = 0.8;
/** At this share, the quota is about to run dry: platform health turns bad. */
export const FORECAST_CRITICAL_SHARE = 0.95;

/** Today's quota as the ledger and the admitted tests' projection have it (docs/capacity.md). */
export function overviewOf(
  state: CapacityState,
  spent: { engine: number; reads: number; sandbox: number },
  quotaUnits: number,
): CapacityOverview {
  const used = spent.engine + spent.reads;
  const forecast = used + state.engineRemainingToday;
  const oldest = state.queued[0]?.queuedAt ?? null;
  return {
    day: pacificDay(state.now),
    quotaUnits,
    usedUnits: used,
    usedByReadsUnits: spent.reads,
    reservedUnits: Math.round(heldAtMost(state.admitted, state.now)),
    testsPoolUnits: Math.round(state.testsPool),
    forecastUnits: Math.round(forecast),
    forecastShare: quotaUnits > 0 ? forecast / quotaUnits : 1,
    resetsAt: state.resetsAt.toISOString(),
    plans: CAPACITY_PLANS.map((plan) => {
      const running = state.admitted.filter((test) => test.plan === plan);
      return {
        plan,
        allotmentUnits: Math.round(planAllotment(state, plan)),
        reservedUnits: Math.round(heldAtMost(running, state.now)),
        runningTests: running.length,
        queuedTests: state.queued.filter((test) => test.plan === plan).length,
      };
    }),
    queue: {
      length: state.queued.length,
      oldestWaitMinutes: oldest ? Math.round((state.now.getTime() - oldest.getTime()) / 60_000) : null,
    },
    sandboxUsedUnits: spent.sandbox,
  };
}

export async function capacityOverview(deps: ServiceContext): Promise<CapacityOverview> {
  const state = await loadCapacityState(deps);
  const [spent, [sandbox]] = await Promise.all([
    spentToday(deps.db, state.now),
    deps.db
      .select({ units: sum(quotaLedger.units) })
      .from(quotaLedger)
      .where(and(eq(quotaLedger.day, pacificDay(state.now)), eq(quotaLedger.sandbox, true))),
  ]);
  return overviewOf(state, { ...spent, sandbox: Number(sandbox?.units ?? 0) }, deps.config.youtubeDailyQuota);
}
