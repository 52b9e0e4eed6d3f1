// Seeded pseudo-random numbers. Everything the statistics engine draws (schedules,
// posterior samples, simulator noise) must be reproducible from a stored seed, so
// Math.random is never used.

export type Seed = string | number;

// The simulator builds one generator per (video, hour) with the same seed string: remember the last hash.
let lastText: string | null = null;
let lastHash: [number, number, number, number] = [0, 0, 0, 0];

/** cyrb128: spreads a string over four 32-bit words, so similar seeds give unrelated streams. */
export function hashSeed(seed: Seed): [number, number, number, number] {
  const text = typeof seed === 'number' ? `#${seed}` : seed;
  if (text === lastText) return [...lastHash];
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  lastText = text;
  lastHash = [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
  return [...lastHash];
}

/** splitmix32 finaliser: mixes an integer key (an hour index, a run number) into a word. */
function mix32(value: number): number {
  let z = (value + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * A generator of uniforms, normals, gammas and betas over sfc32 (small, fast, passes
 * PractRand; 2^128 state is plenty for 20,000-draw posteriors).
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  /** `keys` derive independent sub-streams, e.g. (videoSeed, hourIndex) for simulator noise. */
  constructor(seed: Seed, ...keys: number[]) {
    let [a, b, c, d] = hashSeed(seed);
    for (const key of keys) {
      // Integer keys may exceed 32 bits (hour indices since 1970 do not, but be safe).
      const low = key >>> 0;
      const high = Math.floor(key / 4294967296) >>> 0;
      a = (a ^ mix32(low)) >>> 0;
      b = (b ^ mix32(high + 0x51ed27)) >>> 0;
      c = (c ^ mix32(a + low)) >>> 0;
      d = (d ^ mix32(b + high)) >>> 0;
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d | 1; // a zero state would only emit the counter
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform on the open interval (0, 1): safe to take logs of. */
  uniform(): number {
    return (this.nextUint32() + 0.5) / 4294967296;
  }

  /** A Poisson count (normal approximation above 50), as YouTube's whole counts are. */
  poisson(mean: number): number {
    if (!(mean > 0)) return 0;
    if (mean > 50) return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.normal()));
    const limit = Math.exp(-mean);
    let count = 0;
    for (let product = this.uniform(); product > limit; product *= this.uniform()) count++;
    return count;
  }

  /** Integer in [0, n). */
  integer(n: number): number {
    return Math.floor(this.uniform() * n);
  }

  /** Fisher–Yates, in place; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.integer(i + 1);
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }

  /** Standard normal by Box–Muller; the second value of each pair is kept for the next call. */
  normal(): number {
    if (this.spareNormal !== null) {
      const spare = this.spareNormal;
      this.spareNormal = null;
      return spare;
    }
    const radius = Math.sqrt(-2 * Math.log(this.uniform()));
    const angle = 2 * Math.PI * this.uniform();
    this.spareNormal = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }

  /** Gamma(shape, scale 1) by Marsaglia–Tsang; shape < 1 uses the boost Gamma(a+1)·U^(1/a). */
  gamma(shape: number): number {
    if (!(shape > 0)) throw new RangeError(`gamma shape must be positive, got ${shape}`);
    if (shape < 1) return this.gamma(shape + 1) * Math.pow(this.uniform(), 1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = this.normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = this.uniform();
      if (u < 1 - 0.0331 * x * x * x * x) return d * v;
      if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
    }
  }

  /** χ²(ν) = 2·Gamma(ν/2). */
  chiSquare(degreesOfFreedom: number): number {
    return 2 * this.gamma(degreesOfFreedom / 2);
  }

  /** Beta(a, b) = X / (X + Y) with X ~ Gamma(a), Y ~ Gamma(b). */
  beta(a: number, b: number): number {
    const x = this.gamma(a);
    const y = this.gamma(b);
    return x / (x + y);
  }
}
