/** How many of a variant's visitors converted. */
export interface ConversionCounts {
  conversions: number;
  visitors: number;
}

export interface VariantCounts extends ConversionCounts {
  key: string;
}

export type Verdict = 'not enough data yet' | 'likely better' | 'likely worse' | 'no clear difference';

export interface VariantComparison extends VariantCounts {
  /** conversions / visitors; null without visitors. */
  rate: number | null;
  /** Mean of the posterior Beta(1 + conversions, 1 + visitors - conversions). */
  posteriorMean: number;
  /** The variant the others are compared with (see compareVariants). */
  isBest: boolean;
  /** Probability that this variant's true rate is higher than the best one's; null for the best. */
  probabilityBetterThanBest: number | null;
  /** Null for the best. */
  verdict: Verdict | null;
}

export interface CompareOptions {
  minVisitors?: number;
  minConversions?: number;
}

export const PLAIN_WORDS =
  'Chance that this variant truly converts better than the best one, from a Bayesian comparison of the two rates (Beta-Binomial, uniform prior).';

/**
 * The least data a verdict is given on. With fewer than 100 visitors one conversion moves a rate by a
 * percentage point or more, and with fewer than 10 conversions between the two variants the comparison
 * rests on a handful of people: the next few visitors can carry it across 0.95 and back. The screen is
 * looked at daily, and each look is another chance to act on such noise. The probability itself is
 * still shown below these floors; only the verdict waits.
 */
export const MIN_VISITORS_PER_VARIANT = 100;
export const MIN_CONVERSIONS_PER_PAIR = 10;
export const LIKELY_BETTER_AT = 0.95;
export const LIKELY_WORSE_AT = 0.05;

/**
 * The exact sum has as many terms as the smallest of the four Beta parameters. Past this many terms
 * both variants have thousands of conversions and of non-conversions, where each Beta is as good as
 * normal: around this size the two methods differ by about 1e-5 (the tests hold them within 5e-5).
 */
export const MAX_EXACT_TERMS = 5000;

/**
 * P(p_B > p_A) with p ~ Beta(1 + conversions, 1 + visitors - conversions): the posterior of a rate
 * under a uniform prior. Exact for up to MAX_EXACT_TERMS terms, the normal approximation beyond.
 */
export function probabilityBetter(a: ConversionCounts, b: ConversionCounts): number {
  const [alphaA, betaA] = posterior(a);
  const [alphaB, betaB] = posterior(b);
  return Math.min(alphaA, betaA, alphaB, betaB) > MAX_EXACT_TERMS
    ? probabilityBetterNormal(a, b)
    : probabilityBetterExact(a, b);
}

/**
 * Evan Miller's closed form ("Formulas for Bayesian A/B Testing", evanmiller.org, 2014):
 * P(p_B > p_A) = Σ_{i=0}^{α_B-1} B(α_A+i, β_A+β_B) / ((β_B+i) B(1+i, β_B) B(α_A, β_A)),
 * each term in log space. Exact for integer parameters. By symmetry (P(p_B > p_A) = 1 - P(p_A > p_B)
 * = P(1-p_A > 1-p_B)) the sum runs over whichever parameter is smallest.
 */
export function probabilityBetterExact(a: ConversionCounts, b: ConversionCounts): number {
  const [alphaA, betaA] = posterior(a);
  const [alphaB, betaB] = posterior(b);
  const fewest = Math.min(alphaA, betaA, alphaB, betaB);
  let p: number;
  if (fewest === alphaB) p = probabilityFirstGreater(alphaB, betaB, alphaA, betaA);
  else if (fewest === alphaA) p = 1 - probabilityFirstGreater(alphaA, betaA, alphaB, betaB);
  else if (fewest === betaA) p = probabilityFirstGreater(betaA, alphaA, betaB, alphaB);
  else p = 1 - probabilityFirstGreater(betaB, alphaB, betaA, alphaA);
  return clamp01(p);
}

/** Each posterior Beta replaced by the normal with its mean and variance. */
export function probabilityBetterNormal(a: ConversionCounts, b: ConversionCounts): number {
  const [alphaA, betaA] = posterior(a);
  const [alphaB, betaB] = posterior(b);
  const sd = Math.sqrt(betaVariance(alphaA, betaA) + betaVariance(alphaB, betaB));
  return clamp01(normalCdf((betaMean(alphaB, betaB) - betaMean(alphaA, betaA)) / sd));
}

/**
 * Compares each variant with the best one: the highest posterior mean among the variants with at
 * least `minVisitors` (among all while none has), the first of equals. Returns the variants in the
 * order given.
 */
export function compareVariants(
  variants: readonly VariantCounts[],
  { minVisitors = MIN_VISITORS_PER_VARIANT, minConversions = MIN_CONVERSIONS_PER_PAIR }: CompareOptions = {},
): VariantComparison[] {
  const means = variants.map((v) => {
    const [alpha, beta] = posterior(v);
    return betaMean(alpha, beta);
  });
  // Under the uniform prior a variant without data has a mean of 0.5, above any real rate: only
  // variants with the minimum of visitors compete for best, unless none has it yet.
  const contenders = variants.some((v) => v.visitors >= minVisitors)
    ? variants.map((v) => v.visitors >= minVisitors)
    : variants.map(() => true);
  const bestIndex = means.reduce(
    (best, mean, i) => (contenders[i] && (best === -1 || mean > means[best]) ? i : best),
    -1,
  );
  const best = variants[bestIndex];

  return variants.map((variant, i) => {
    const base = {
      ...variant,
      rate: variant.visitors === 0 ? null : variant.conversions / variant.visitors,
      posteriorMean: means[i],
    };
    if (i === bestIndex) return { ...base, isBest: true, probabilityBetterThanBest: null, verdict: null };
    const probability = probabilityBetter(best, variant);
    const enough =
      variant.visitors >= minVisitors &&
      best.visitors >= minVisitors &&
      variant.conversions + best.conversions >= minConversions;
    return {
      ...base,
      isBest: false,
      probabilityBetterThanBest: probability,
      verdict: enough ? verdictFor(probability) : 'not enough data yet',
    };
  });
}

/** The verdict for a probability of beating the best, once there is enough data. */
export function verdictFor(probability: number): Verdict {
  if (probability >= LIKELY_BETTER_AT) return 'likely better';
  if (probability <= LIKELY_WORSE_AT) return 'likely worse';
  return 'no clear difference';
}

/** P(X > Y) for X ~ Beta(alphaX, betaX), Y ~ Beta(alphaY, betaY), alphaX a whole number. */
function probabilityFirstGreater(alphaX: number, betaX: number, alphaY: number, betaY: number): number {
  const logBetaY = logBeta(alphaY, betaY);
  let total = 0;
  for (let i = 0; i < alphaX; i += 1) {
    total += Math.exp(
      logBeta(alphaY + i, betaY + betaX) - Math.log(betaX + i) - logBeta(1 + i, betaX) - logBetaY,
    );
  }
  return total;
}

function posterior({ conversions, visitors }: ConversionCounts): [alpha: number, beta: number] {
  if (!Number.isSafeInteger(visitors) || visitors < 0) {
    throw new RangeError(`visitors must be a whole number of at least 0 (got ${visitors})`);
  }
  if (!Number.isSafeInteger(conversions) || conversions < 0 || conversions > visitors) {
    throw new RangeError(
      `conversions must be a whole number from 0 to visitors (got ${conversions} of ${visitors})`,
    );
  }
  return [1 + conversions, 1 + visitors - conversions];
}

function betaMean(alpha: number, beta: number): number {
  return alpha / (alpha + beta);
}

function betaVariance(alpha: number, beta: number): number {
  const sum = alpha + beta;
  return (alpha * beta) / (sum * sum * (sum + 1));
}

function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** Lanczos approximation (g = 7, 9 coefficients), about 15 significant digits for x > 0. */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i += 1) sum += LANCZOS[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Standard normal CDF through erfc (Numerical Recipes' erfcc: relative error below 1.2e-7). */
function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

const ERFC_COEFFICIENTS = [
  -1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806, 0.27886807, -1.13520398, 1.48851587,
  -0.82215223, 0.17087277,
];

function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const polynomial = ERFC_COEFFICIENTS.reduceRight((acc, c) => c + t * acc, 0);
  const r = t * Math.exp(-z * z + polynomial);
  return x >= 0 ? r : 2 - r;
}

function clamp01(p: number): number {
  return Math.min(1, Math.max(0, p));
}
