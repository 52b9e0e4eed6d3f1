// The chance that a running test still names a winner by its end (docs/statistics.md, "Looks and
// stopping"): conditional power on a Brownian motion of the evidence. With a share t of the planned
// information in and the lead standing at z standard errors, the evidence at the end is
// B(1) ~ N(z·√t + μ·(1 − t), 1 − t), where μ is the drift of the lift the test was planned to find
// (its detectable lift over the end's standard error). The chance is that B(1) clears the end's
// bar. It is a hint for the creator — "this test will very likely end Inconclusive" — never a
// verdict: stopping for it can only lower the false-winner rate.

import { normalCdf, normalQuantile } from './distributions';

export interface ConditionalPowerInput {
  /** The leader's lead now, in standard errors (≥ 0). */
  lead: number;
  /** Share of the planned units measured (0 … 1). */
  information: number;
  /** The planned lift on the log scale, and the standard error of the lead now (log scale). */
  plannedLogLift: number;
  standardError: number;
  /** The end's two-sided p-value bar. */
  finalBar: number;
}

/**
 * Below this chance, with at least a quarter of the information in, the card calls the test
 * hopeless: defined in src/shared so the web app reads the same numbers.
 */

export function chanceOfWinnerByEnd(input: ConditionalPowerInput): number {
  const t = Math.min(1, Math.max(input.information, 1e-6));
  if (t >= 1) return input.lead >= normalQuantile(1 - input.finalBar / 2) ? 1 : 0;
  if (!(input.standardError > 0) || !(input.finalBar > 0)) return 0;
  // The lead's standard error at the end, as information grows: se·√t.
  const drift = input.plannedLogLift / (input.standardError * Math.sqrt(t));
  const now = input.lead * Math.sqrt(t);
  const bar = normalQuantile(1 - input.finalBar / 2);
  return 1 - normalCdf((bar - now - drift * (1 - t)) / Math.sqrt(1 - t));
}
