// The A/B rule of a step's variants (docs/api/stats.md, "A/B tests"): once every variant has
// `min_sends` delivered messages, the variant with the best rate (reply or positive-reply) wins
// when a one-sided two-proportion z-test against each other variant gives a p-value under
// (1 − confidence) / (number of variants − 1) (Bonferroni: the chance of a wrong winner stays
// under 1 − confidence however many variants compete). Pure: the counters in, the verdict out.

export const AB_METRICS = ['REPLY_RATE', 'POSITIVE_REPLY_RATE'] as const;
export type AbMetric = (typeof AB_METRICS)[number];

export interface AbRule {
  metric: AbMetric;
  /** Delivered messages each variant needs before any verdict. */
  min_sends: number;
  /** 0.8 to 0.999: how sure the test must be. */
  confidence: number;
}

export interface VariantTally {
  variant: number;
  /** Delivered messages (sent minus bounced). */
  delivered: number;
  /** Replies, or positive replies, as the rule's metric says. */
  successes: number;
}

export interface AbVerdict {
  variant: number;
  metric: AbMetric;
  /** Each variant's delivered, successes and rate when the verdict was reached. */
  tallies: (VariantTally & { rate: number })[];
  /** The weakest of the winner's comparisons: its z score and one-sided p-value. */
  z: number;
  p_value: number;
  /** The p-value each comparison had to be under. */
  threshold: number;
}

/** Φ, the standard normal distribution function (Abramowitz and Stegun 26.2.17, error < 7.5e-8). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const d = Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);
  const tail = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return x >= 0 ? 1 - tail : tail;
}

/** The pooled two-proportion z score of a (successes, n) against b. */
export function twoProportionZ(a: VariantTally, b: VariantTally): number {
  const pooled = (a.successes + b.successes) / (a.delivered + b.delivered);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.delivered + 1 / b.delivered));
  if (se === 0) return 0;
  return (a.successes / a.delivered - b.successes / b.delivered) / se;
}

/** The winner, or null: fewer than two variants, one short of min_sends, or no variant better with the confidence asked. */
export function abWinner(tallies: readonly VariantTally[], rule: AbRule): AbVerdict | null {
  if (tallies.length < 2 || tallies.some((t) => t.delivered < rule.min_sends || t.delivered === 0)) return null;
  const rated = tallies.map((t) => ({ ...t, rate: t.successes / t.delivered }));
  const best = rated.reduce((a, b) => (b.rate > a.rate ? b : a));
  const threshold = (1 - rule.confidence) / (tallies.length - 1);
  let weakest = { z: Infinity, p: 0 };
  for (const other of rated) {
    if (other.variant === best.variant) continue;
    const z = twoProportionZ(best, other);
    const p = 1 - normalCdf(z);
    if (p >= threshold) return null;
    if (z < weakest.z) weakest = { z, p };
  }
  const round = (n: number) => Math.round(n * 10000) / 10000;
  return {
    variant: best.variant,
    metric: rule.metric,
    tallies: rated.map((t) => ({ ...t, rate: round(t.rate) })),
    z: round(weakest.z),
    p_value: Number(weakest.p.toPrecision(4)),
    threshold: Number(threshold.toPrecision(4)),
  };
}
