import { inArray } from 'drizzle-orm';
import { titleTests } from '../../db/schema';
import type { Db } from '../../src/db/database';
import type { CapacityPlan } from '../../src/shared/capacity-shares';
import { chunks } from '../rotation/world-plan';
import type { Creation } from './arrivals';

export interface PlanAdmission {
  creators: number;
  asked: number;
  startedAtOnce: number;
  queued: number;
  /** Queued tests that started by the run's end, and their waits (ms, ascending). */
  startedLater: number;
  waitsMs: number[];
  /** Still waiting at the end, with how long they had waited then (ms, ascending). */
  stillQueued: number;
  waitingMs: number[];
  refused: number;
  /** Refusal messages and how often each came. */
  refusals: Map<string, number>;
}

export type AdmissionRow = { label: string } & PlanAdmission;

function empty(): PlanAdmission {
  return {
    creators: 0,
    asked: 0,
    startedAtOnce: 0,
    queued: 0,
    startedLater: 0,
    waitsMs: [],
    stillQueued: 0,
    waitingMs: [],
    refused: 0,
    refusals: new Map(),
  };
}

/** Admissions per group of creators: each plan's ordinary creators, and the heavy accounts apart. */
export async function admissionFigures(db: Db, creations: Creation[], end: Date): Promise<AdmissionRow[]> {
  const queuedIds = creations.filter((c) => c.outcome === 'queued').map((c) => c.testId!);
  const tests = new Map<string, { status: string; startDate: Date }>();
  for (const part of chunks(queuedIds, 1_000)) {
    const rows = await db
      .select({ id: titleTests.id, status: titleTests.status, startDate: titleTests.startDate })
      .from(titleTests)
      .where(inArray(titleTests.id, part));
    for (const row of rows) tests.set(row.id, row);
  }
  const groups = new Map<string, PlanAdmission>();
  const creators = new Map<string, Set<number>>();
  const labelOf = (plan: CapacityPlan, heavy: boolean) => (heavy ? 'authority (heavy)' : plan);
  for (const creation of creations) {
    const label = labelOf(creation.creator.plan, creation.creator.heavy);
    const group = groups.get(label) ?? empty();
    groups.set(label, group);
    const seen = creators.get(label) ?? new Set();
    seen.add(creation.creator.index);
    creators.set(label, seen);
    group.asked += 1;
    if (creation.outcome === 'started') group.startedAtOnce += 1;
    if (creation.outcome === 'refused') {
      group.refused += 1;
      const reason = creation.refusal ?? 'unknown';
      group.refusals.set(reason, (group.refusals.get(reason) ?? 0) + 1);
    }
    if (creation.outcome !== 'queued') continue;
    group.queued += 1;
    const test = tests.get(creation.testId!);
    if (test && test.status !== 'queued') {
      group.startedLater += 1;
      group.waitsMs.push(test.startDate.getTime() - creation.createdAt.getTime());
    } else {
      group.stillQueued += 1;
      group.waitingMs.push(end.getTime() - creation.createdAt.getTime());
    }
  }
  const order = ['free', 'pro', 'authority', 'authority (heavy)'];
  return order
    .filter((label) => groups.has(label))
    .map((label) => {
      const group = groups.get(label)!;
      group.creators = creators.get(label)!.size;
      group.waitsMs.sort((a, b) => a - b);
      group.waitingMs.sort((a, b) => a - b);
      return { label, ...group };
    });
}
