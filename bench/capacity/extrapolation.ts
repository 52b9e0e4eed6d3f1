// From the measured run to 10× and 100× the load: each figure's formula, fitted on this run.

export interface StepTiming {
  /** Simulated instant of the step. */
  at: Date;
  /** Real seconds from moving the clock to the last due job done. */
  seconds: number;
  /** Slots whose planned start fell on this step. */
  rotations: number;
}

/** Least squares y = a + b·x. */
export function linearFit(points: { x: number; y: number }[]): { a: number; b: number } {
  const n = points.length;
  if (n < 2) return { a: points[0]?.y ?? 0, b: 0 };
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  const sxx = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  const sxy = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0);
  const b = sxx > 0 ? sxy / sxx : 0;
  return { a: my - b * mx, b };
}

export interface Extrapolation {
  factor: number;
  tests: number;
  /** Largest burst of slots due on one step (the top of an hour), and how long it takes to drain. */
  burstRotations: number;
  burstSeconds: number;
  /** Videos the busiest sampling pass reads, and its duration from the fit. */
  passVideos: number;
  passSeconds: number;
  /** Units per test-day over the minimum: both sides scale with the load; sampling's rounding shrinks. */
  unitsRatio: number;
}

/**
 * k× the creators on k× the quota (the ratio this run keeps; on the same quota the engine's work is
 * this run's and only the queue grows k×). Burst drain: B·k / T, with T the slots per second of the
 * run's busiest steps. Sampling pass: a + b·V·k, a and b fitted over the run's passes. Units ratio:
 * (U − S + S_k) / (M − S_min + S_min,k) with the sampling calls rounded per pass at k× the videos.
 */
export function extrapolate(args: {
  factor: number;
  tests: number;
  steps: StepTiming[];
  passes: { videos: number; seconds: number }[];
  engineUnits: number;
  minimumUnits: number;
  samplingUnits: number;
  samplingMinimum: number;
  videosPerPass: number[];
}): Extrapolation {
  const busiest = [...args.steps].sort((a, b) => b.rotations - a.rotations).slice(0, 10);
  const rotations = busiest.reduce((sum, step) => sum + step.rotations, 0);
  const seconds = busiest.reduce((sum, step) => sum + step.seconds, 0);
  const perSecond = seconds > 0 ? rotations / seconds : Number.NaN;
  const burst = busiest[0]?.rotations ?? 0;
  const fit = linearFit(args.passes.map((pass) => ({ x: pass.videos, y: pass.seconds })));
  const maxVideos = Math.max(0, ...args.videosPerPass);
  const k = args.factor;
  const samplingAtK = args.videosPerPass.reduce((sum, videos) => sum + Math.ceil((videos * k) / 50), 0);
  const overSampling = args.samplingUnits - args.samplingMinimum;
  return {
    factor: k,
    tests: args.tests * k,
    burstRotations: burst * k,
    burstSeconds: (burst * k) / perSecond,
    passVideos: maxVideos * k,
    passSeconds: fit.a + fit.b * maxVideos * k,
    unitsRatio:
      ((args.engineUnits - args.samplingUnits) * k + samplingAtK + overSampling * k) /
      ((args.minimumUnits - args.samplingMinimum) * k + samplingAtK),
  };
}
