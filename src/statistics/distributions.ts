// Normal distribution and sample summaries, without numeric libraries.

const SQRT_2PI = Math.sqrt(2 * Math.PI);

export function normalPdf(x: number): number {
  return Math.exp(-0.5 * x * x) / SQRT_2PI;
}

/**
 * Standard normal CDF by Hart's 1968 rational approximation as written up by West (2005),
 * "Better approximations to cumulative normal functions": close to double precision
 * (better than 1e-14) everywhere, which is far inside the 1e-7 the engine needs.
 */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const z = Math.abs(x);
  let tail: number;
  if (z > 37) {
    tail = 0;
  } else {
    const e = Math.exp(-0.5 * z * z);
    if (z < 7.07106781186547) {
      let num = 3.52624965998911e-2 * z + 0.700383064443688;
      num = num * z + 6.37396220353165;
      num = num * z + 33.912866078383;
      num = num * z + 112.079291497871;
      num = num * z + 221.213596169931;
      num = num * z + 220.206867912376;
      let den = 8.83883476483184e-2 * z + 1.75566716318264;
      den = den * z + 16.064177579207;
      den = den * z + 86.7807322029461;
      den = den * z + 296.564248779674;
      den = den * z + 637.333633378831;
      den = den * z + 793.826512519948;
      den = den * z + 440.413735824752;
      tail = (e * num) / den;
    } else {
      let build = z + 0.65;
      build = z + 4 / build;
      build = z + 3 / build;
      build = z + 2 / build;
      build = z + 1 / build;
      tail = e / build / SQRT_2PI;
    }
  }
  return x > 0 ? 1 - tail : tail;
}

/** Quantile of an ascending sorted sample, linear interpolation between order statistics (R type 7). */
export function sortedQuantile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const position = (n - 1) * Math.min(1, Math.max(0, p));
  const below = Math.floor(position);
  const above = Math.min(n - 1, below + 1);
  const low = sorted[below] as number;
  const high = sorted[above] as number;
  return low + (high - low) * (position - below);
}

/** Quantile of an unsorted sample (copies and sorts; use sortedQuantile for several quantiles). */
export function sampleQuantile(sample: ArrayLike<number>, p: number): number {
  const sorted = Float64Array.from(sample).sort();
  return sortedQuantile(sorted, p);
}

export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] as number;
  return values.length === 0 ? Number.NaN : sum / values.length;
}

/** Sample variance (n − 1 denominator). */
export function variance(values: ArrayLike<number>): number {
  const m = mean(values);
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += ((values[i] as number) - m) ** 2;
  return values.length < 2 ? Number.NaN : sum / (values.length - 1);
}
