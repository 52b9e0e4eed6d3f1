import { cpus } from 'node:os';
import { ADVANCE_WORKER_OPTIONS } from '../../src/title-tests/engine/title-tests.jobs';
import { percentile, throughput, type RunResult } from './measure';
import type { RotationRun } from './rotation-run';

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—');

function row(result: RunResult): string[] {
  const rate = throughput(result);
  return [
    result.label,
    `${result.done}/${result.jobs}`,
    Number.isFinite(rate) ? rate.toFixed(1) : '—',
    seconds(percentile(result.latenessMs, 50)),
    seconds(percentile(result.latenessMs, 99)),
    seconds(percentile(result.latenessMs, 100)),
  ];
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((r) => r[column]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

function diagnosticsLine({ diagnostics }: RotationRun): string {
  const states = diagnostics.sessionStates
    .slice(0, 4)
    .map(({ state, share }) => `${(share * 100).toFixed(0)} % ${state}`)
    .join(', ');
  return (
    `While rotating: event loop ${(diagnostics.eventLoopUtilization * 100).toFixed(0)} % busy, process CPU ` +
    `${diagnostics.processCpu.toFixed(2)} cores; ${diagnostics.busySessions.toFixed(1)} busy database sessions on average: ${states}.`
  );
}

/** The result table (Markdown, so it can go into a report as is) and what the run was. */
export function formatReport(
  rotations: RotationRun,
  ceiling: RunResult,
  context: { writes: number },
): string {
  const ratio = throughput(rotations) / throughput(ceiling);
  return [
    `Rotation benchmark: ${rotations.jobs} active title tests, one rotation each due at the same instant`,
    `(${context.writes} change the title: read + read-modify-write + read-back; the rest find their title already live).`,
    `Worker options: ${JSON.stringify(ADVANCE_WORKER_OPTIONS)} · ${cpus().length} CPUs · Node ${process.version}`,
    '',
    table(['run', 'done', 'per second', 'p50 late', 'p99 late', 'max late'], [row(rotations), row(ceiling)]),
    '',
    `Rotations reach ${(ratio * 100).toFixed(1)} % of the pg-boss ceiling (ratio ${ratio.toFixed(3)}).`,
    `Lateness: rotations from plannedStart to activatedAt (after the YouTube calls); ceiling from startAfter to the handler call.`,
    `Checks: ${rotations.notApplied} due rotations not applied · ${rotations.testsWithError} tests with an error or not active · ` +
      `${rotations.liveTitleMismatches} videos not showing the applied title · ${rotations.quotaUnits} Data API units ` +
      `(${(rotations.quotaUnits / Math.max(1, rotations.done)).toFixed(1)} per rotation) · enqueue ${rotations.enqueueSeconds.toFixed(1)} s.`,
    `Advance jobs after the run: ${rotations.advanceJobs} (${rotations.jobs} due + ${rotations.done} next slots` +
      `${rotations.ticks ? `; ${rotations.ticks} minute ticks ran meanwhile` : '; minute tick off (--tick runs it)'}).`,
    diagnosticsLine(rotations),
  ].join('\n');
}
