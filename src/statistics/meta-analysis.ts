// Pooling the estimates of several tests (docs/learning.md#pooling): a random-effects
// meta-regression. Each test's variants give estimates on the log scale with their standard
// errors, each with the features it differs from the original in (+1 has it, −1 lacks it, 0 the
// same); the effect of each feature is fitted jointly, so features that often change together
// are told apart where the tests let them be, and said to be tangled where they do not. The true
// effects may differ from test to test (another video, another audience) by a spread τ, estimated
// by the method of moments (DerSimonian and Laird's, generalised to a regression), which sets the
// weights. The intervals use a small-sample robust variance with a cluster per test (CR2,
// robust-variance.ts) on Student's t with each feature's own Satterthwaite degrees of freedom: they
// keep their level with few tests of very different precision, where the Hartung–Knapp interval
// this replaced came out too narrow (docs/learning.md#the-study). With one feature and one estimate
// a test, it is a random-effects meta-analysis with a robust interval.

import { studentTQuantile } from './distributions';
import { fitLinearModel, inverseGram } from './linear-model';
import { robustCoefficients } from './robust-variance';

/** One variant's estimate: its test, its feature differences, its log effect and standard error. */
export interface EffectRow {
  test: string;
  /** Per feature column: +1, −1 or 0. */
  x: readonly number[];
  estimate: number;
  standardError: number;
}

export interface PooledEffect {
  /** Tests that varied the feature (each counted once). */
  k: number;
  /** The pooled effect on the log scale, and its 95% interval. */
  estimate: number;
  low: number;
  high: number;
  standardError: number;
}

export type FeatureFit =
  | ({ kind: 'pooled' } & PooledEffect)
  /**
   * Varied in fewer than MIN_POOLED_TESTS tests, or too few tests for the features tried; `needed`:
   * more tests before it can be pooled, when the shortfall is the tests as a whole.
   */
  | { kind: 'too-few'; k: number; needed?: number }
  /** Changed only together with `with` (column indices): its own effect cannot be told apart. */
  | { kind: 'tangled'; k: number; with: number[] };

/** Fewer tests than this varying a feature are not pooled: one or two say nothing about the spread. */
export const MIN_POOLED_TESTS = 3;

/**
 * The robust variance is kept at least this share of the model's: tests that agree by chance leave
 * a robust variance near zero, which is no evidence of precision. A tenth keeps the study's level
 * (a quarter or the whole made the intervals far too careful: 0.2–1.6% of null features named).
 */
const MODEL_VARIANCE_FLOOR = 0.1;

/** Tests (distinct ids) among `rows` whose column `j` is not zero. */
function testsVarying(rows: readonly EffectRow[], j: number): number {
  return new Set(rows.filter((row) => row.x[j] !== 0).map((row) => row.test)).size;
}

/**
 * The pooled effect of each of `features` columns. Rows of a test share its weight (a test with m
 * variants counts once), and the degrees of freedom are counted in tests.
 */
export function poolFeatureEffects(rows: readonly EffectRow[], features: number, level = 0.95): FeatureFit[] {
  const usable = rows.filter(
    (row) => Number.isFinite(row.estimate) && Number.isFinite(row.standardError) && row.standardError > 0,
  );
  const counts = Array.from({ length: features }, (_, j) => testsVarying(usable, j));
  const columns = counts.flatMap((k, j) => (k >= MIN_POOLED_TESTS ? [j] : []));
  const fits: FeatureFit[] = counts.map((k) => ({ kind: 'too-few', k }));
  const tests = new Set(usable.map((row) => row.test)).size;
  if (columns.length === 0) return fits;

  const perTest = new Map<string, number>();
  for (const row of usable) perTest.set(row.test, (perTest.get(row.test) ?? 0) + 1);
  const design = usable.map((row) => columns.map((j) => row.x[j] as number));
  const y = usable.map((row) => row.estimate);
  // A test's m variants share its weight: each row's variance counts m times.
  const variances = usable.map((row) => row.standardError ** 2 * (perTest.get(row.test) as number));

  const fixed = fitLinearModel(
    design,
    y,
    variances.map((v) => 1 / v),
  );
  const df = tests - fixed.kept.length;
  const keptFeatures = fixed.kept.map((c) => columns[c] as number);
  for (const c of fixed.dropped) {
    const j = columns[c] as number;
    const partners = keptFeatures.filter((other) =>
      usable.some((row) => row.x[j] !== 0 && row.x[other] !== 0),
    );
    fits[j] = { kind: 'tangled', k: counts[j] as number, with: partners };
  }
  if (df < 1) {
    for (const j of keptFeatures) fits[j] = { kind: 'too-few', k: counts[j] as number, needed: 1 - df };
    return fits;
  }

  // τ²: the weighted residual sum beyond what the errors explain, over the trace that scales it.
  const q = fixed.residuals.reduce((sum, e, i) => sum + (e * e) / (variances[i] as number), 0);
  const inverse = inverseGram(fixed, fixed.kept);
  let traceP = 0;
  design.forEach((row, i) => {
    const w = 1 / (variances[i] as number);
    const xs = fixed.kept.map((c) => row[c] as number);
    let quadratic = 0;
    xs.forEach((a, r) =>
      xs.forEach((b, s) => (quadratic += a * b * ((inverse[r] as number[])[s] as number))),
    );
    traceP += w * w * quadratic;
  });
  const traceW = variances.reduce((sum, v) => sum + 1 / v, 0);
  const rowsDf = usable.length - fixed.kept.length;
  const tau2 = traceW - traceP > 0 ? Math.max(0, (q - rowsDf) / (traceW - traceP)) : 0;

  const keptDesign = design.map((row) => fixed.kept.map((c) => row[c] as number));
  const weights = variances.map((v) => 1 / (v + tau2));
  const random = fitLinearModel(keptDesign, y, weights);
  const covariance = inverseGram(
    random,
    keptDesign[0]!.map((_, c) => c),
  );
  // The interval: the CR2 robust variance with a cluster per test (never below the model's), on
  // Student's t with each feature's own Satterthwaite degrees of freedom (robust-variance.ts).
  const robust = robustCoefficients(
    keptDesign,
    weights,
    random.residuals,
    covariance,
    usable.map((row) => row.test),
  );
  keptFeatures.forEach((j, c) => {
    const estimate = random.coefficients[c] as number;
    const { variance, df: featureDf } = robust[c]!;
    const standardError = Math.sqrt(
      Math.max(variance, MODEL_VARIANCE_FLOOR * ((covariance[c] as number[])[c] as number)),
    );
    const t = studentTQuantile(1 - (1 - level) / 2, featureDf);
    fits[j] = {
      kind: 'pooled',
      k: counts[j] as number,
      estimate,
      low: estimate - t * standardError,
      high: estimate + t * standardError,
      standardError,
    };
  });
  return fits;
}
