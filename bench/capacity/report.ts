import { cpus } from 'node:os';
import { quotaCosts } from '../../src/youtube/quota-ledger';
import { TEST_KIND_LABELS } from '../../src/shared/test-kinds';
import { CAPACITY_PLANS, CAPACITY_SHARES } from '../../src/shared/capacity-shares';
import { percentile } from '../rotation/measure';
import type { AdmissionRow } from './admission-figures';
import type { Extrapolation } from './extrapolation';
import type { KindFigures } from './kind-figures';
import type { LedgerFigures, WorkFigures } from './ledger-figures';
import type { SamplingFigures } from './sampling-figures';
import type { VerdictFigures } from './verdict-figures';

export interface CapacityRun {
  creators: number;
  heavyAccounts: number;
  days: number;
  quota: number;
  testsPool: number;
  realSeconds: number;
  steps: number;
  stepsTimedOut: number;
  admission: AdmissionRow[];
  ledger: LedgerFigures;
  work: WorkFigures;
  /** Titles, thumbnails and packages apart. */
  kinds: KindFigures[];
  sampling: SamplingFigures;
  extrapolations: Extrapolation[];
  verdicts: VerdictFigures;
  /** Every test ran to its end date (the behaviour before tests stopped at their answer). */
  runToEnd: boolean;
  /** Tests stopped on their cards' hopeless offer (`--take-stop-offers`), or null when creators ignore it. */
  stoppedOnOffer: number | null;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const hours = (ms: number) => (Number.isFinite(ms) ? `${(ms / 3_600_000).toFixed(1)} h` : '—');
const secs = (s: number) => (Number.isFinite(s) ? `${s.toFixed(1)} s` : '—');
const pct = (f: number) => `${(f * 100).toFixed(1)}%`;
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

/** The physical floor of the run's engine spend and its parts. */
export function minimumOf(run: Pick<CapacityRun, 'kinds' | 'sampling'>) {
  const sum = (pick: (kind: KindFigures) => number) =>
    run.kinds.reduce((total, kind) => total + pick(kind), 0);
  const titleChanges = sum((kind) => kind.titleChanges);
  const imageChanges = sum((kind) => kind.imageChanges);
  const reads = sum((kind) => kind.appliedSlots + kind.endings);
  const switches = sum((kind) => kind.floor);
  return {
    titleChanges,
    imageChanges,
    reads,
    switches,
    sampling: run.sampling.minimumCalls,
    total: switches + run.sampling.minimumCalls,
  };
}

/** A kind's ledger is within 5% of its floor and within what admission reserved for it. */
const kindHolds = (kind: KindFigures) =>
  kind.ledgerUnits <= 1.05 * kind.floor &&
  kind.ledgerUnits <= kind.reservedUnits &&
  kind.thumbnailSets === kind.imageChanges &&
  kind.imagesReceived === kind.imageChanges &&
  kind.otherUnits === 0;

function kindTable(kinds: KindFigures[]): string[] {
  const lines = [
    '| Kind | Tests run (test-days) | Slots applied | Title / thumbnail changes on YouTube (thumbnails received) | Ledger calls: videos.list / videos.update / thumbnails.set | Units (ledger, sampling apart) | Floor | Ratio | Admission’s reservation for them | |',
    '| --- | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const kind of kinds) {
    const ratio = kind.floor > 0 ? (kind.ledgerUnits / kind.floor).toFixed(3) : '—';
    lines.push(
      `| ${TEST_KIND_LABELS[kind.kind]} | ${int(kind.tests)} (${kind.testDays.toFixed(1)}) | ${int(kind.appliedSlots)} | ${int(kind.titleChanges)} / ${int(kind.imageChanges)} (${int(kind.imagesReceived)}) | ${int(kind.reads)} / ${int(kind.updates)} / ${int(kind.thumbnailSets)}${kind.otherUnits ? `; other ${int(kind.otherUnits)} units` : ''} | ${int(kind.ledgerUnits)} | ${int(kind.floor)} | ${ratio} | ${int(kind.reservedUnits)} | ${verdict(kindHolds(kind))} |`,
    );
  }
  return lines;
}

function admissionTable(rows: AdmissionRow[]): string[] {
  const lines = [
    '| Creators | Accounts | Tests asked | Started at once | Queued | Started later: wait p50 / p99 / max | Still queued at the end (waited up to) | Refused |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- | ---: |',
  ];
  for (const row of rows) {
    const waits = row.waitsMs.length
      ? `${int(row.startedLater)}: ${hours(percentile(row.waitsMs, 50))} / ${hours(percentile(row.waitsMs, 99))} / ${hours(row.waitsMs.at(-1)!)}`
      : '0';
    const still = row.stillQueued ? `${int(row.stillQueued)} (${hours(row.waitingMs.at(-1)!)})` : '0';
    lines.push(
      `| ${row.label} | ${int(row.creators)} | ${int(row.asked)} | ${int(row.startedAtOnce)} | ${int(row.queued)} | ${waits} | ${still} | ${int(row.refused)} |`,
    );
  }
  return lines;
}

function planTable(run: CapacityRun): string[] {
  const sampling = run.ledger.byMethod.get('videos.batchGetStats')?.units ?? 0;
  const sampledVideos = [...run.sampling.videosByPlan.values()].reduce((a, b) => a + b, 0);
  const lines = [
    '| Plan | Engine units | Share of units | Policy share of the tests pool | Units per day against the plan’s allotment |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  for (const plan of CAPACITY_PLANS) {
    const units =
      (run.ledger.grantUnitsByPlan.get(plan) ?? 0) +
      (sampledVideos ? (sampling * (run.sampling.videosByPlan.get(plan) ?? 0)) / sampledVideos : 0);
    const allotment = run.testsPool * CAPACITY_SHARES[plan].planShare;
    lines.push(
      `| ${plan} | ${int(units)} | ${pct(units / run.ledger.engineUnits)} | ${pct(CAPACITY_SHARES[plan].planShare)} | ${int(units / run.days)} / ${int(allotment)} (${pct(units / run.days / allotment)}) |`,
    );
  }
  return lines;
}

function targetTable(run: CapacityRun): { lines: string[]; allMet: boolean } {
  const { work, ledger, sampling } = run;
  const minimum = minimumOf(run);
  const ratio = ledger.engineUnits / minimum.total;
  const quotaEvents = ledger.failures.get('quota') ?? 0;
  const due = [...work.dueSlots.values()].reduce((a, b) => a + b, 0);
  const applied = work.dueSlots.get('applied') ?? 0;
  const updates = ledger.byMethod.get('videos.update')?.calls ?? 0;
  const thumbnailSets = ledger.byMethod.get('thumbnails.set')?.calls ?? 0;
  const received = run.kinds.reduce((total, kind) => total + kind.imagesReceived, 0);
  const p50 = percentile(work.latenessMs, 50) / 1000;
  const p99 = percentile(work.latenessMs, 99) / 1000;
  const passMax = sampling.durationsSeconds.at(-1) ?? Number.NaN;
  const others = [...ledger.failures].filter(([outcome]) => outcome !== 'quota');
  const checks = [
    {
      what: 'Units per test-day (engine ledger ÷ test-days run)',
      measured: `${(ledger.engineUnits / work.testDays).toFixed(1)} (${int(ledger.engineUnits)} units over ${work.testDays.toFixed(1)} test-days)`,
      target: `≤ 1.05 × the physical minimum, ${(minimum.total / work.testDays).toFixed(1)}: ratio ${ratio.toFixed(3)}`,
      ok: ratio <= 1.05,
    },
    {
      what: 'Physical minimum (units)',
      measured: `${int(minimum.total)} = ${int(minimum.titleChanges)} title changes × ${quotaCosts['videos.update']} + ${int(minimum.imageChanges)} thumbnail changes × ${quotaCosts['thumbnails.set']} + ${int(minimum.reads)} reads × ${quotaCosts['videos.list']} (one per applied slot, and per ending that changed anything) + ${int(sampling.minimumCalls)} sampling calls (ceil(videos ÷ 50) per pass)`,
      target: '—',
      ok: true,
    },
    {
      what: 'Engine calls in the ledger',
      measured: [...ledger.byMethod]
        .sort((a, b) => b[1].units - a[1].units)
        .map(([method, m]) => `${method} ${int(m.calls)} calls, ${int(m.units)} units`)
        .join('; '),
      target: '—',
      ok: true,
    },
    {
      what: 'Quota exhaustion events (ledger outcome quota)',
      measured: `${int(quotaEvents)}${others.length ? `; other failed calls: ${others.map(([o, n]) => `${o} ${n}`).join(', ')}` : ''}`,
      target: '0',
      ok: quotaEvents === 0,
    },
    {
      what: 'Slots due by the end, applied',
      measured: `${int(applied)} / ${int(due)}${
        due > applied
          ? ` (${[...work.dueSlots]
              .filter(([s]) => s !== 'applied')
              .map(([s, n]) => `${n} ${s}`)
              .join(', ')})`
          : ''
      }`,
      target: 'all',
      ok: applied === due,
    },
    {
      what: 'Each applied once: videos.update calls against title changes on YouTube',
      measured: `${int(updates)} / ${int(work.titleChanges)}`,
      target: 'equal',
      ok: updates === work.titleChanges,
    },
    {
      what: 'Each applied once: thumbnails.set calls against thumbnail changes on YouTube (thumbnails it received)',
      measured: `${int(thumbnailSets)} / ${int(minimum.imageChanges)} (${int(received)})`,
      target: 'equal',
      ok: thumbnailSets === minimum.imageChanges && received === minimum.imageChanges,
    },
    {
      what: 'Each kind within its floor and admission’s reservation (table below)',
      measured: run.kinds
        .map(
          (kind) =>
            `${TEST_KIND_LABELS[kind.kind]} ${kind.floor > 0 ? (kind.ledgerUnits / kind.floor).toFixed(3) : '—'}`,
        )
        .join(', '),
      target: '≤ 1.05 and ≤ reserved',
      ok: run.kinds.every(kindHolds),
    },
    {
      what: 'Slot lateness (simulated time, activated − planned start)',
      measured: `p50 ${secs(p50)}, p99 ${secs(p99)}, max ${secs((work.latenessMs.at(-1) ?? 0) / 1000)}`,
      target: 'reported',
      ok: true,
    },
    {
      what: 'Sampling pass duration (metrics.sample-views job)',
      measured: `p50 ${secs(percentile(sampling.durationsSeconds, 50))}, p99 ${secs(percentile(sampling.durationsSeconds, 99))}, max ${secs(passMax)} over ${int(sampling.passes)} passes of up to ${int(Math.max(0, ...sampling.videosPerPass))} videos`,
      target: '< 600 s period',
      ok: passMax < 600,
    },
  ];
  return {
    lines: [
      '| Figure | Measured | Target | |',
      '| --- | --- | --- | --- |',
      ...checks.map(
        (c) =>
          `| ${c.what} | ${c.measured} | ${c.target} | ${c.target === '—' || c.target === 'reported' ? '' : verdict(c.ok)} |`,
      ),
    ],
    allMet: checks.every((c) => c.ok),
  };
}

function extrapolationTable(run: CapacityRun): string[] {
  return [
    '| Load | Tests asked | Top-of-hour burst: slots, drained in | Busiest sampling pass: videos, duration | Units ÷ minimum |',
    '| --- | ---: | --- | --- | ---: |',
    ...run.extrapolations.map(
      (e) =>
        `| ${e.factor === 1 ? 'measured (1×)' : `${e.factor}×`} | ${int(e.tests)} | ${int(e.burstRotations)}, ${secs(e.burstSeconds)} | ${int(e.passVideos)}, ${secs(e.passSeconds)} | ${e.unitsRatio.toFixed(3)} |`,
    ),
  ];
}

/** What the run's quota bought: verdicts decided during the run, per 100,000 engine units. */
function verdictLines(run: CapacityRun): string[] {
  const v = run.verdicts;
  const mode = run.runToEnd
    ? 'every test running to its end date (`--run-to-end`, the behaviour before tests stopped at their answer)'
    : 'tests stopping at the first daily look that names a winner (the default)';
  const offers =
    run.stoppedOnOffer === null
      ? ''
      : `; creators reading their cards daily stopped ${int(run.stoppedOnOffer)} tests the card called hopeless (\`--take-stop-offers\`)`;
  return [
    `Verdicts decided during the run, ${mode}: ${int(v.winners)} winners (${int(v.stoppedEarly)} by a look before the end date), ${int(v.same)} “performed the same”, ${int(v.inconclusive)} inconclusive${offers}; **${v.perHundredThousandUnits.toFixed(1)} verdicts per 100,000 engine units**, median ${Number.isFinite(v.medianDays) ? v.medianDays.toFixed(1) : '—'} days from a test’s start to its verdict.`,
    '',
    `Of the tests due to end, verdict read, within the run (chosen by their planned end, so a stop cannot pick them; units their own switches from start to end): ${int(v.cohort.tests)} tests, ${int(v.cohort.verdicts)} verdicts on ${int(v.cohort.units)} units, **${v.cohort.perHundredThousandUnits.toFixed(1)} verdicts per 100,000 units**.`,
  ];
}

export function formatCapacityReport(run: CapacityRun): { text: string; allMet: boolean } {
  const targets = targetTable(run);
  const text = [
    `Capacity: \`npm run bench:capacity\` — ${int(run.creators)} creators (${run.heavyAccounts} heavy Authority accounts) arriving over ${run.days} simulated days on a ${int(run.quota)}-unit daily quota (tests pool ${int(run.testsPool)}), PostgreSQL, the simulator on a moved clock in 10-minute steps, two \`npm run worker\` processes beside the web process; ${run.steps} steps in ${(run.realSeconds / 60).toFixed(1)} min real time on ${cpus().length} CPUs, Node ${process.version}${run.stepsTimedOut ? `; ${run.stepsTimedOut} steps timed out waiting for the workers` : ''}.`,
    '',
    ...admissionTable(run.admission),
    '',
    ...targets.lines,
    '',
    'Per kind of test (one kind per creator, so each channel’s ledger belongs to one): the floor is one videos.list per applied slot and per ending that changed anything, plus 50 units per title change and per thumbnail change YouTube saw; a thumbnail set to the image already served would count in the ledger and not in the floor.',
    '',
    ...kindTable(run.kinds),
    '',
    ...planTable(run),
    '',
    ...verdictLines(run),
    '',
    'Extrapolated to 10× and 100× the creators on 10× and 100× the quota (on the same quota the engine’s work stays as measured and only the queue grows): the top-of-hour burst drains in B·k ÷ T seconds (B the run’s largest burst of slots on one step, T the slots per second of its 10 busiest steps); the busiest sampling pass takes a + b·V·k seconds (a, b fitted over every pass, V its videos); units ÷ minimum keeps the writes and reads k× on both sides and rounds sampling per pass at k× the videos.',
    '',
    ...extrapolationTable(run),
  ].join('\n');
  return { text, allMet: targets.allMet };
}
