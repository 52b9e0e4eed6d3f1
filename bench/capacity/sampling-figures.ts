import { sql } from 'drizzle-orm';
import type { SubscriptionTier } from '../../db/schema/users';
import { SAMPLING_PASS_MINUTES, VIDEOS_PER_SAMPLING_CALL } from '../../src/capacity/cost-model';
import type { Db } from '../../src/db/database';
import { capacityPlanOf, type CapacityPlan } from '../../src/shared/capacity-shares';
import { sampleViewsJob } from '../../src/title-tests/engine/title-tests.jobs';
import { queryRows } from '../rotation/measure';
import type { Window } from './ledger-figures';

const PASS_MS = SAMPLING_PASS_MINUTES * 60_000;

export interface SamplingFigures {
  passes: number;
  /** Videos each pass read, in pass order. */
  videosPerPass: number[];
  /** The physical floor: ceil(videos / 50) calls per pass. */
  minimumCalls: number;
  /** Videos read over all passes, by the test owner's plan. */
  videosByPlan: Map<CapacityPlan, number>;
  /** Seconds each metrics.sample-views job ran (pg-boss started_on → completed_on), ascending. */
  durationsSeconds: number[];
  /** Each pass's duration beside the videos it read, for the fit the extrapolation uses. */
  durationByVideos: { videos: number; seconds: number }[];
}

/**
 * The sampling passes of the run. A pass stores one sample per video under one instant; a
 * rotation's free sample has an instant of its own. So each 10-minute step's pass is the
 * largest group of samples sharing an instant within it.
 */
export async function samplingFigures(
  db: Db,
  window: Window,
  /** Each step's simulated instant and the real time its jobs were sent. */
  steps: { at: Date; sentAt: Date }[],
): Promise<SamplingFigures> {
  const groups = await queryRows<{
    at: Date;
    tier: SubscriptionTier;
    lifetime: boolean;
    n: number;
  }>(
    db,
    sql`select s.sampled_at as at, u.subscription_tier as tier, u.is_lifetime as lifetime, count(*)::int as n
        from metric_samples s
        join title_tests t on t.video_id = s.video_id
        join users u on u.id = t.user_id
        where s.sampled_at >= ${window.from.toISOString()}::timestamptz
          and s.sampled_at <= ${window.to.toISOString()}::timestamptz
        group by 1, 2, 3`,
  );
  const instants = new Map<number, { total: number; plans: Map<CapacityPlan, number> }>();
  for (const group of groups) {
    const at = new Date(group.at).getTime();
    const entry = instants.get(at) ?? { total: 0, plans: new Map() };
    const plan = capacityPlanOf({ subscriptionTier: group.tier, isLifetime: group.lifetime });
    entry.total += group.n;
    entry.plans.set(plan, (entry.plans.get(plan) ?? 0) + group.n);
    instants.set(at, entry);
  }
  const passByStep = new Map<number, { at: number; total: number; plans: Map<CapacityPlan, number> }>();
  for (const [at, entry] of instants) {
    const step = Math.floor(at / PASS_MS);
    const best = passByStep.get(step);
    if (!best || entry.total > best.total) passByStep.set(step, { at, ...entry });
  }
  const passes = [...passByStep.values()].sort((a, b) => a.at - b.at);
  const videosByPlan = new Map<CapacityPlan, number>();
  for (const pass of passes)
    for (const [plan, n] of pass.plans) videosByPlan.set(plan, (videosByPlan.get(plan) ?? 0) + n);

  const jobs = await queryRows<{ created: Date; started: Date; completed: Date }>(
    db,
    sql`select created_on as created, started_on as started, completed_on as completed from pgboss.job
        where name = ${sampleViewsJob.name} and state = 'completed'
          and created_on >= ${steps[0]!.sentAt.toISOString()}::timestamptz
        order by created_on`,
  );
  const seconds: number[] = [];
  const durationByVideos: { videos: number; seconds: number }[] = [];
  for (const job of jobs) {
    const took = (new Date(job.completed).getTime() - new Date(job.started).getTime()) / 1000;
    seconds.push(took);
    // The step that sent the job: the last one sent before it was created.
    const created = new Date(job.created).getTime();
    const step = steps.findLast((entry) => entry.sentAt.getTime() <= created + 1_000);
    const pass = step && passByStep.get(Math.floor(step.at.getTime() / PASS_MS));
    durationByVideos.push({ videos: pass?.total ?? 0, seconds: took });
  }
  return {
    passes: passes.length,
    videosPerPass: passes.map((pass) => pass.total),
    minimumCalls: passes.reduce((sum, pass) => sum + Math.ceil(pass.total / VIDEOS_PER_SAMPLING_CALL), 0),
    videosByPlan,
    durationsSeconds: [...seconds].sort((a, b) => a - b),
    durationByVideos,
  };
}
