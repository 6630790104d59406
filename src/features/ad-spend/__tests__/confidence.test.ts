import { describe, expect, it } from 'vitest';
import {
  compareVariants,
  MAX_EXACT_TERMS,
  PLAIN_WORDS,
  probabilityBetter,
  probabilityBetterExact,
  probabilityBetterNormal,
  type ConversionCounts,
  type VariantCounts,
  verdictFor,
} from '../lib/confidence';

const counts = (conversions: number, visitors: number): ConversionCounts => ({ conversions, visitors });

function variant(overrides: Partial<VariantCounts> = {}): VariantCounts {
  return { key: 'a', visitors: 1000, conversions: 30, ...overrides };
}

/**
 * P(p_B > p_A) = ∫ f_B(x) F_A(x) dx by Simpson's rule on a grid of `steps` intervals over [0, 1],
 * independent of the module: the Beta densities are normalised numerically (no gamma function), and
 * F_A is accumulated by Simpson's rule on pairs of intervals.
 */
function referenceProbability(a: ConversionCounts, b: ConversionCounts, steps = 200_000): number {
  const h = 1 / steps;
  const density = ({ conversions, visitors }: ConversionCounts) => {
    const alpha = 1 + conversions;
    const beta = 1 + visitors - conversions;
    const logs = new Float64Array(steps + 1);
    let max = -Infinity;
    for (let k = 0; k <= steps; k += 1) {
      const x = k * h;
      const left = alpha === 1 ? 0 : (alpha - 1) * Math.log(x);
      const right = beta === 1 ? 0 : (beta - 1) * Math.log(1 - x);
      logs[k] = left + right;
      if (logs[k] > max) max = logs[k];
    }
    const values = logs.map((l) => Math.exp(l - max));
    let total = 0;
    for (let k = 0; k < steps; k += 2) total += (h / 3) * (values[k] + 4 * values[k + 1] + values[k + 2]);
    return values.map((v) => v / total);
  };
  const fA = density(a);
  const fB = density(b);
  // F_A and the outer integrand at the even nodes, 2h apart.
  const nodes = steps / 2;
  const integrand = new Float64Array(nodes + 1);
  let cdfA = 0;
  for (let j = 0; j <= nodes; j += 1) {
    if (j > 0) cdfA += (h / 3) * (fA[2 * j - 2] + 4 * fA[2 * j - 1] + fA[2 * j]);
    integrand[j] = fB[2 * j] * cdfA;
  }
  let p = 0;
  for (let j = 0; j < nodes; j += 2)
    p += ((2 * h) / 3) * (integrand[j] + 4 * integrand[j + 1] + integrand[j + 2]);
  return p;
}

describe('probabilityBetter', () => {
  it('is one half for equal data', () => {
    expect(probabilityBetter(counts(0, 0), counts(0, 0))).toBeCloseTo(0.5, 12);
    expect(probabilityBetter(counts(12, 400), counts(12, 400))).toBeCloseTo(0.5, 10);
    expect(probabilityBetter(counts(300, 9000), counts(300, 9000))).toBeCloseTo(0.5, 9);
  });

  it('matches values worked out by hand', () => {
    // B ~ Beta(2, 1) (1 of 1) against A ~ Beta(1, 2) (0 of 1): ∫ 2x (1 - (1 - x)²) dx = 5/6.
    expect(probabilityBetter(counts(0, 1), counts(1, 1))).toBeCloseTo(5 / 6, 12);
    // B ~ Beta(2, 1) against A uniform (no data): ∫ 2x · x dx = 2/3.
    expect(probabilityBetter(counts(0, 0), counts(1, 1))).toBeCloseTo(2 / 3, 12);
  });

  it('matches the published test values of the same formula', () => {
    // ankane/field_test, test/calculations_test.rb (prob_b_beats_a(alpha_a, beta_a, alpha_b, beta_b),
    // Evan Miller's formula): [1, 2, 3, 4], [55, 50, 30, 30] and [50, 50, 35, 30].
    expect(probabilityBetter(counts(0, 1), counts(2, 5))).toBeCloseTo(0.6428571428571429, 9);
    expect(probabilityBetter(counts(54, 103), counts(29, 58))).toBeCloseTo(0.38386463776317903, 9);
    expect(probabilityBetter(counts(49, 98), counts(34, 63))).toBeCloseTo(0.6867997222295887, 9);
  });

  it.each([
    { a: counts(0, 1), b: counts(2, 5) },
    { a: counts(3, 120), b: counts(9, 130) },
    { a: counts(20, 1000), b: counts(32, 1000) },
    { a: counts(45, 1200), b: counts(30, 1250) },
    { a: counts(150, 10_000), b: counts(180, 10_000) },
    { a: counts(0, 500), b: counts(4, 480) },
    { a: counts(95, 100), b: counts(99, 100) },
  ])(
    'agrees with numerical integration to 1e-4: $a.conversions/$a.visitors vs $b.conversions/$b.visitors',
    ({ a, b }) => {
      expect(Math.abs(probabilityBetter(a, b) - referenceProbability(a, b))).toBeLessThan(1e-4);
    },
  );

  it('gives 1 - p when the variants swap', () => {
    const pairs = [
      [counts(20, 1000), counts(32, 1000)],
      [counts(3, 120), counts(9, 130)],
      [counts(10_000, 200_000), counts(10_300, 200_000)],
    ] as const;
    for (const [a, b] of pairs) expect(probabilityBetter(a, b) + probabilityBetter(b, a)).toBeCloseTo(1, 9);
  });

  it('sums over the smallest parameter whichever it is', () => {
    // Few non-conversions on one side: the sum runs over β, and must agree with the direct series.
    const a = counts(880, 900);
    const b = counts(1960, 2000);
    expect(Math.abs(probabilityBetterExact(a, b) - referenceProbability(a, b))).toBeLessThan(1e-4);
    expect(probabilityBetterExact(a, b) + probabilityBetterExact(b, a)).toBeCloseTo(1, 9);
  });

  it('uses the normal approximation for large counts, still within 1e-4 of the integral', () => {
    const a = counts(10_000, 200_000);
    const b = counts(10_300, 200_000);
    expect(Math.min(1 + 10_000, 1 + 10_300)).toBeGreaterThan(MAX_EXACT_TERMS);
    expect(probabilityBetter(a, b)).toBe(probabilityBetterNormal(a, b));
    expect(Math.abs(probabilityBetter(a, b) - referenceProbability(a, b))).toBeLessThan(1e-4);
  });

  it.each([
    { a: counts(4500, 60_000), b: counts(4650, 60_000) },
    { a: counts(4990, 100_000), b: counts(5005, 100_000) },
    { a: counts(6000, 80_000), b: counts(6120, 80_000) },
    { a: counts(5200, 12_000), b: counts(5300, 12_000) },
  ])(
    'exact sum and normal approximation agree where they meet: $a.conversions/$a.visitors vs $b.conversions/$b.visitors',
    ({ a, b }) => {
      expect(Math.abs(probabilityBetterExact(a, b) - probabilityBetterNormal(a, b))).toBeLessThan(5e-5);
    },
  );

  it('keeps the exact sum where the normal approximation is off (small counts)', () => {
    const a = counts(20, 1000);
    const b = counts(32, 1000);
    expect(probabilityBetter(a, b)).toBe(probabilityBetterExact(a, b));
    expect(Math.abs(probabilityBetterExact(a, b) - probabilityBetterNormal(a, b))).toBeGreaterThan(1e-3);
  });

  it('stays a probability for very large counts', () => {
    const p = probabilityBetter(counts(250_000, 5_000_000), counts(251_000, 5_000_000));
    expect(p).toBeGreaterThan(0.9);
    expect(p).toBeLessThanOrEqual(1);
  });

  it('rejects counts that are not counts', () => {
    expect(() => probabilityBetter(counts(5, 4), counts(1, 10))).toThrow(RangeError);
    expect(() => probabilityBetter(counts(1.5, 10), counts(1, 10))).toThrow(RangeError);
    expect(() => probabilityBetter(counts(1, 10), counts(-1, 10))).toThrow(RangeError);
    expect(() => probabilityBetter(counts(1, Number.NaN), counts(1, 10))).toThrow(RangeError);
  });
});

describe('compareVariants', () => {
  it('compares every variant with the one of highest posterior mean, which gets no verdict', () => {
    const result = compareVariants([
      variant({ key: 'calm', visitors: 2000, conversions: 40 }),
      variant({ key: 'focus', visitors: 2000, conversions: 70 }),
      variant({ key: 'spring', visitors: 2000, conversions: 64 }),
    ]);
    expect(result.map((r) => r.key)).toEqual(['calm', 'focus', 'spring']);
    const [calm, focus, spring] = result;
    expect(focus).toMatchObject({
      isBest: true,
      probabilityBetterThanBest: null,
      verdict: null,
      rate: 0.035,
    });
    expect(calm).toMatchObject({ isBest: false, verdict: 'likely worse', rate: 0.02 });
    expect(calm.probabilityBetterThanBest).toBeCloseTo(
      probabilityBetter(counts(70, 2000), counts(40, 2000)),
      12,
    );
    expect(spring.verdict).toBe('no clear difference');
    expect(spring.probabilityBetterThanBest).toBeGreaterThan(0.05);
    expect(spring.posteriorMean).toBeCloseTo(65 / 2002, 12);
  });

  it('waits for at least 100 visitors each and 10 conversions between the two', () => {
    const best = variant({ key: 'best', visitors: 100, conversions: 9 });
    const [, few] = compareVariants([best, variant({ key: 'few', visitors: 99, conversions: 0 })]);
    expect(few.verdict).toBe('not enough data yet');
    expect(few.probabilityBetterThanBest).toBeLessThan(0.05);

    const [, rare] = compareVariants([best, variant({ key: 'rare', visitors: 400, conversions: 0 })]);
    expect(rare.verdict).toBe('not enough data yet');

    const [, enough] = compareVariants([best, variant({ key: 'enough', visitors: 400, conversions: 1 })]);
    expect(enough.verdict).toBe('likely worse');

    const [, loose] = compareVariants([best, variant({ key: 'few', visitors: 99, conversions: 0 })], {
      minVisitors: 50,
      minConversions: 5,
    });
    expect(loose.verdict).toBe('likely worse');
  });

  it('reads 0.95 and above as likely better, 0.05 and below as likely worse', () => {
    expect(verdictFor(0.95)).toBe('likely better');
    expect(verdictFor(0.9499)).toBe('no clear difference');
    expect(verdictFor(0.0501)).toBe('no clear difference');
    expect(verdictFor(0.05)).toBe('likely worse');
  });

  it('picks the first of equal variants as the best, never one without data (its mean is 0.5)', () => {
    const [first, second, empty] = compareVariants([
      variant({ key: 'first', visitors: 300, conversions: 9 }),
      variant({ key: 'second', visitors: 300, conversions: 9 }),
      variant({ key: 'empty', visitors: 0, conversions: 0 }),
    ]);
    expect(first.isBest).toBe(true);
    expect(second.probabilityBetterThanBest).toBeCloseTo(0.5, 9);
    expect(empty).toMatchObject({ rate: null, verdict: 'not enough data yet' });
  });

  it('picks among all variants while none has the minimum of visitors', () => {
    const [low, high] = compareVariants([
      variant({ key: 'low', visitors: 40, conversions: 1 }),
      variant({ key: 'high', visitors: 30, conversions: 3 }),
    ]);
    expect(high.isBest).toBe(true);
    expect(low.verdict).toBe('not enough data yet');
  });

  it('returns nothing for no variants', () => {
    expect(compareVariants([])).toEqual([]);
  });
});

describe('PLAIN_WORDS', () => {
  it('is one plain sentence', () => {
    expect(PLAIN_WORDS).toMatch(/^[A-Z][^.]*\(Beta-Binomial, uniform prior\)\.$/);
  });
});
