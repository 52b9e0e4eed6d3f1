import type { ServiceContext } from '../context/service-context';
import { connectGoogleAccount, exchangeAuthorizationCode } from '../auth';
import type { UserRow } from '../../db/schema/users';
import { createControllableClock, type ControllableClock } from '../platform/clock';
import {
  createTitleTest,
  fastForward,
  performTestAction,
  gatewayDailyCollector,
  gatewayYouTube,
  type EngineContext,
} from '../title-tests';
import { GOOGLE_SCOPES, googleCallbackPath } from '../youtube/google-clients';
import { simulatedVideoId } from '../youtube-simulator/video-store';
import { DEMO_SCENARIO, SCENARIO_SPAN_MS, type ScenarioTest } from './demo-scenario';
import type { SimulatorControl } from './simulator-control';

const HOUR = 3_600_000;

/**
 * The real engine on a clock of its own, for one demo copy: the app's services and the YouTube
 * gateway as the workers have them, except that time is this copy's and the engine acts only on
 * the tests it holds (src/title-tests/records/held-tests.ts). Each move of its clock moves the simulated
 * Google account's clock first, so Google answers as of the same instant.
 */
/** The engine's context holding one copy's tests (`holding`), on the copy's clock. */
type HoldingEngine = EngineContext & { holding: string };

export interface Rehearsal {
  engine: HoldingEngine;
  clock: ControllableClock;
  /** Runs every job due up to `target`, in time order; `onProgress` sees each instant reached. */
  runUntil(target: Date, onProgress?: (at: Date) => Promise<void>): Promise<number>;
}

export function createRehearsal(
  ctx: ServiceContext,
  control: SimulatorControl,
  copy: { id: string; simAccountId: string },
  from: Date,
): Rehearsal {
  const clock = createControllableClock(from.getTime() - Date.now());
  const onItsClock = { ...ctx, clock };
  const engine: HoldingEngine = {
    ...onItsClock,
    youtube: gatewayYouTube(onItsClock),
    collectDaily: gatewayDailyCollector(onItsClock),
    holding: `demo:${copy.id}`,
  };
  return {
    engine,
    clock,
    async runUntil(target, onProgress) {
      const report = await fastForward(engine, clock, target, {
        onMove: async (at) => {
          await control.setAccountClock(copy.simAccountId, at);
          await onProgress?.(at);
        },
      });
      for (const { queue, error } of report.failures)
        ctx.log.warn(
          { err: error, queue, demoCopy: copy.id },
          'A job failed while generating a demo history',
        );
      return report.failures.length;
    },
  };
}

/** Signs the copy's Google account into the product (consent, code exchange, userinfo, channel) as a demo account. */
export async function connectDemoAccount(
  ctx: ServiceContext,
  control: SimulatorControl,
  simAccountId: string,
): Promise<UserRow> {
  const redirectUri = `${ctx.config.publicUrl}${googleCallbackPath}`;
  const code = await control.grant(simAccountId, { redirectUri, scope: GOOGLE_SCOPES.join(' ') });
  const tokens = await exchangeAuthorizationCode(ctx, { code, redirectUri });
  const { user } = await connectGoogleAccount(ctx, tokens, { demo: true });
  return user;
}

/**
 * Generates a demo copy's past: from SCENARIO_SPAN_MS before `arrival` its clock runs forward,
 * the creator (the copy's user) starts each scenario test at its moment, and every rotation,
 * view sample, daily collection, verdict and final title happens through the real handlers.
 * Ends at `arrival` with the copy's tests still held; returns the copy's user.
 */
export async function rehearseScenario(
  rehearsal: Rehearsal,
  control: SimulatorControl,
  simAccountId: string,
  arrival: Date,
  onProgress: (share: number) => Promise<void>,
): Promise<UserRow> {
  const { engine } = rehearsal;
  const start = arrival.getTime() - SCENARIO_SPAN_MS;
  const progress = async (at: Date) => onProgress(Math.min(1, (at.getTime() - start) / SCENARIO_SPAN_MS));
  const user = await connectDemoAccount(engine, control, simAccountId);
  // The creator's moves, in time order: each test started, and completed early where the
  // scenario says so.
  const moves = DEMO_SCENARIO.flatMap((test) => {
    const startsAt = arrival.getTime() - test.startsHoursBefore * HOUR;
    const start = { at: startsAt, test, kind: 'start' as const };
    if (test.completesAfterHours === undefined) return [start];
    return [start, { at: startsAt + test.completesAfterHours * HOUR, test, kind: 'complete' as const }];
  }).sort((a, b) => a.at - b.at);
  const created = new Map<ScenarioTest, string>();
  for (const move of moves) {
    await rehearsal.runUntil(new Date(move.at), progress);
    if (move.kind === 'complete') {
      await performTestAction(engine, user, created.get(move.test)!, 'complete', user);
      continue;
    }
    const { durationHours, ...input } = move.test.input;
    const now = rehearsal.clock.now();
    const id = await createTitleTest(
      engine,
      user,
      {
        ...input,
        videoId: simulatedVideoId(simAccountId, move.test.videoIndex),
        endDate: new Date(now.getTime() + durationHours * HOUR).toISOString(),
      },
      user,
    );
    created.set(move.test, id);
  }
  await rehearsal.runUntil(arrival, progress);
  return user;
}
