import { randomUUID } from 'node:crypto';
import type { PgBoss, WorkHandlerFor } from 'pg-boss';
import { ADVANCE_QUEUE } from '../../src/title-tests/engine/title-tests.jobs';
import { ADVANCE_WORKER_OPTIONS } from '../../src/title-tests/engine/title-tests.jobs';
import { bounds, inParallel, note, sleep, type RunResult } from './measure';

const CEILING_QUEUE = 'bench.advance-ceiling';

/** A handler that does nothing but note when pg-boss handed it each job. */
function noopHandler(startedAt: number[]): WorkHandlerFor<typeof ADVANCE_WORKER_OPTIONS, object> {
  // Per-job results suit either handler shape the production options may ask for.
  return async (jobs) => {
    const now = Date.now();
    for (let i = 0; i < jobs.length; i++) startedAt.push(now);
    return jobs.map((job) => ({ id: job.id, status: 'completed' as const }));
  };
}

/**
 * The ceiling: the same number of jobs, due at one instant, on a scratch queue with the advance
 * queue's policy and retry settings, worked with the advance worker's options by a no-op handler.
 * Lateness is when pg-boss handed each job over, after its startAfter.
 */
export async function runCeiling(
  boss: PgBoss,
  jobs: number,
  enqueueMarginMs: number,
  timeoutSeconds: number,
): Promise<RunResult> {
  const shape = await boss.getQueue(ADVANCE_QUEUE);
  if (!shape) throw new Error(`queue ${ADVANCE_QUEUE} is missing`);
  await boss.deleteQueue(CEILING_QUEUE).catch(() => undefined);
  await boss.createQueue(CEILING_QUEUE, {
    policy: shape.policy,
    retryLimit: shape.retryLimit,
    retryDelay: shape.retryDelay,
    retryBackoff: shape.retryBackoff,
    expireInSeconds: shape.expireInSeconds,
  });
  const due = new Date(Math.ceil((Date.now() + enqueueMarginMs) / 1000) * 1000);
  const keys = Array.from({ length: jobs }, () => randomUUID());
  await inParallel(keys, 8, (key) =>
    boss.send(CEILING_QUEUE, { testId: key }, { singletonKey: key, startAfter: due }),
  );
  if (Date.now() > due.getTime())
    note('WARNING: ceiling enqueue overran its due instant; lateness includes it');

  const startedAt: number[] = [];
  await boss.work(CEILING_QUEUE, ADVANCE_WORKER_OPTIONS, noopHandler(startedAt));
  const deadline = due.getTime() + timeoutSeconds * 1000;
  while (startedAt.length < jobs && Date.now() < deadline) await sleep(200);
  await boss.offWork(CEILING_QUEUE);
  await boss.deleteQueue(CEILING_QUEUE);

  const { min: firstAt, max: lastAt } = bounds(startedAt);
  return {
    label: 'ceiling (pg-boss, no-op handler)',
    jobs,
    done: startedAt.length,
    latenessMs: startedAt.map((at) => at - due.getTime()).sort((a, b) => a - b),
    firstAt,
    lastAt,
  };
}
