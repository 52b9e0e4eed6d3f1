// The study's own random numbers (xoshiro128**, seeded by FNV-1a over the seed text), so the
// adverse traffic shares no code and no stream with the engine's or the simulator's generators.

/** FNV-1a 32-bit over a string, then avalanched: one word of a seed. */
function fnv1a(text: string, salt: number): number {
  let hash = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x7feb352d) >>> 0;
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x846ca68b) >>> 0;
  return (hash ^ (hash >>> 16)) >>> 0;
}

const rotl = (x: number, k: number): number => ((x << k) | (x >>> (32 - k))) >>> 0;

export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;
  private spare: number | null = null;

  constructor(seed: string) {
    this.s0 = fnv1a(seed, 0x9e3779b9);
    this.s1 = fnv1a(seed, 0x7f4a7c15);
    this.s2 = fnv1a(seed, 0x85ebca6b);
    this.s3 = fnv1a(seed, 0xc2b2ae35) | 1;
    for (let i = 0; i < 16; i++) this.next();
  }

  /** A uniform 32-bit word. */
  next(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5) >>> 0, 7), 9) >>> 0;
    const t = (this.s1 << 9) >>> 0;
    this.s2 = (this.s2 ^ this.s0) >>> 0;
    this.s3 = (this.s3 ^ this.s1) >>> 0;
    this.s1 = (this.s1 ^ this.s2) >>> 0;
    this.s0 = (this.s0 ^ this.s3) >>> 0;
    this.s2 = (this.s2 ^ t) >>> 0;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform on (0, 1), never 0 or 1. */
  uniform(): number {
    return (this.next() + 0.5) / 4294967296;
  }

  /** Uniform on (low, high). */
  between(low: number, high: number): number {
    return low + (high - low) * this.uniform();
  }

  /** Log-uniform on (low, high): for levels spanning a factor. */
  logBetween(low: number, high: number): number {
    return Math.exp(this.between(Math.log(low), Math.log(high)));
  }

  /** Standard normal (polar Box–Muller, the second value kept). */
  normal(): number {
    if (this.spare !== null) {
      const value = this.spare;
      this.spare = null;
      return value;
    }
    for (;;) {
      const u = 2 * this.uniform() - 1;
      const v = 2 * this.uniform() - 1;
      const s = u * u + v * v;
      if (s >= 1 || s === 0) continue;
      const factor = Math.sqrt((-2 * Math.log(s)) / s);
      this.spare = v * factor;
      return u * factor;
    }
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(this.uniform());
  }

  /** Gamma(shape, scale 1): Marsaglia–Tsang, boosted below shape 1. */
  gamma(shape: number): number {
    if (shape < 1) return this.gamma(shape + 1) * Math.pow(this.uniform(), 1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const x = this.normal();
      const v0 = 1 + c * x;
      if (v0 <= 0) continue;
      const v = v0 * v0 * v0;
      const u = this.uniform();
      if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  }
}
