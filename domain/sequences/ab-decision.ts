// A step's A/B test, decided where its variant is chosen (the step that sends, under the run's
// lock): the step's counters are judged by the rule of ab-test.ts; the first verdict is written on
// the template once (a conditional update: two runs deciding together write and announce it once)
// and announced in the same transaction by `sequence_template.variant_won`. From then on every run
// that reaches the step gets the winner.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TemplateStep, VariantWinner } from '../../db/entities/sequence-template.entity.ts';
import { emitEvent } from '../activity/emit.ts';
import { abWinner } from './ab-test.ts';
import { stepVariantCounters, stepWinner, writeStepWinner } from './ab-decision.queries.ts';
import { variantsOf } from './variants.ts';

export interface AbRun {
  organization_id: string;
  sequence_template_id: string;
  template_name: string;
}

/** The variant every run gets at the step from now on (its test's winner), or null while none is decided. */
export async function decidedVariant(
  tx: EntityManager,
  run: AbRun,
  step: TemplateStep,
  stepNumber: number,
  now: Date,
): Promise<number | null> {
  if (!step.ab_test || !step.variants?.length) return null;
  const decided = await stepWinner(tx, run.sequence_template_id, stepNumber);
  if (decided) return decided.variant;
  const counters = await stepVariantCounters(tx, run.organization_id, run.sequence_template_id, stepNumber);
  const positive = step.ab_test.metric === 'POSITIVE_REPLY_RATE';
  const tallies = variantsOf(step).map((_, i) => {
    const c = counters.find((r) => r.variant === i + 1);
    return {
      variant: i + 1,
      delivered: c ? c.sent - c.bounced : 0,
      successes: c ? (positive ? c.replied_positive : c.replied) : 0,
    };
  });
  const verdict = abWinner(tallies, {
    metric: step.ab_test.metric,
    min_sends: step.ab_test.min_sends_per_variant,
    confidence: step.ab_test.confidence,
  });
  if (!verdict) return null;
  const winner: VariantWinner = { ...verdict, decided_at: now.toISOString() };
  if (await writeStepWinner(tx, run.sequence_template_id, stepNumber, winner)) {
    await emitEvent(tx, {
      type: 'sequence_template.variant_won',
      organizationId: run.organization_id,
      contact: null,
      fields: {
        sequence_template_id: run.sequence_template_id,
        sequence_template: { id: run.sequence_template_id, name: run.template_name },
        step_number: stepNumber,
        ...winner,
      },
    });
    return verdict.variant;
  }
  // Another run decided meanwhile: its verdict stands.
  return (await stepWinner(tx, run.sequence_template_id, stepNumber))?.variant ?? verdict.variant;
}
