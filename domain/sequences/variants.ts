// The variants of a step (docs/api/stats.md, sequence-templates.md): the step's own subject and body
// are variant 1, its `variants` 2 to 5. Which one a run gets is decided by a hash of the run's id
// and the step's number against the variants' weights: the same run at the same step always gets
// the same variant, on every attempt, after a worker's death and in a replay, without a lookup.
// Pure (node:crypto only), shared by the step that sends and the tests.
import { createHash } from 'node:crypto';
import type { StepType, TemplateStep } from '../../db/entities/sequence-template.entity.ts';

/** Step types that may have variants: a message's text (email, LinkedIn message or invitation note). */
export const VARIANT_STEP_TYPES: readonly StepType[] = ['EMAIL', 'LINKEDIN_MESSAGE', 'LINKEDIN_INVITATION'];
export const VARIANTS_MAX = 5;
export const WEIGHT_MAX = 100;
/** An A/B test's parameters when the template leaves them out (docs/api/stats.md). */
export const AB_DEFAULTS = { min_sends_per_variant: 100, confidence: 0.95 } as const;

/** A step's variants in order, variant 1 first: the step's own text and weight, then its `variants`. */
export function variantsOf(step: TemplateStep): { subject: string | null; body: string; weight: number }[] {
  if (!step.variants?.length) return [];
  return [
    { subject: step.subject ?? null, body: step.body, weight: step.weight ?? 1 },
    ...step.variants.map((v) => ({ subject: v.subject ?? null, body: v.body, weight: v.weight ?? 1 })),
  ];
}

/** A number in [0, 1) from the run and the step: the first 48 bits of SHA-256 of `runId:stepNumber`. */
export function variantDraw(runId: string, stepNumber: number): number {
  const digest = createHash('sha256').update(`${runId}:${stepNumber}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/**
 * The variant (1-based) the run gets at the step, or null for a step without variants. Each
 * variant's share of runs is its weight over the sum of the weights; `only`, when set, is the one
 * variant left (an A/B test's winner).
 */
export function chooseVariant(
  runId: string,
  stepNumber: number,
  weights: readonly number[],
  only: number | null = null,
): number | null {
  if (weights.length < 2) return null;
  if (only !== null && only >= 1 && only <= weights.length) return only;
  const total = weights.reduce((sum, w) => sum + w, 0);
  let point = variantDraw(runId, stepNumber) * total;
  for (let i = 0; i < weights.length; i++) {
    point -= weights[i];
    if (point < 0) return i + 1;
  }
  return weights.length;
}

/**
 * A step's variant fields as stored: none without variants; else the weights (default 1) and each
 * variant's text, a subject with the body on an EMAIL step that starts a thread, the body alone on one
 * that continues it (`thread`: the reply goes under the thread's subject).
 */
export function storedVariants(step: TemplateStep): Pick<TemplateStep, 'weight' | 'variants' | 'ab_test'> {
  if (!step.variants?.length) return {};
  return {
    weight: step.weight ?? 1,
    ...(step.ab_test
      ? {
          ab_test: {
            metric: step.ab_test.metric ?? 'REPLY_RATE',
            min_sends_per_variant: step.ab_test.min_sends_per_variant ?? AB_DEFAULTS.min_sends_per_variant,
            confidence: step.ab_test.confidence ?? AB_DEFAULTS.confidence,
          },
        }
      : {}),
    variants: step.variants.map((v) =>
      step.type === 'EMAIL' && !step.thread
        ? { subject: v.subject!, body: v.body, weight: v.weight ?? 1 }
        : { body: v.body, weight: v.weight ?? 1 },
    ),
  };
}

/** The text a run sends at a step: its variant's (and the variant's number), or the step's own (variant null); `winner`: the A/B test's. */
export function stepText(
  step: TemplateStep,
  runId: string,
  stepNumber: number,
  winner: number | null = null,
): { subject: string | null; body: string; variant: number | null } {
  const variants = variantsOf(step);
  const variant = chooseVariant(
    runId,
    stepNumber,
    variants.map((v) => v.weight),
    winner,
  );
  if (variant === null) return { subject: step.subject ?? null, body: step.body, variant: null };
  return { ...variants[variant - 1], variant };
}
