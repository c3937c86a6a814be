// A step's A/B test: its parameters on the step, and its verdict on the template and in
// `sequence_template.variant_won` (docs/api/stats.md, "A/B tests").
import { AB_METRICS } from '../../domain/sequences/ab-test.ts';
import { AB_DEFAULTS } from '../../domain/sequences/variants.ts';
import type { JsonSchema } from '../validation.ts';
import { timestamp, uuid } from './common.schemas.ts';
import { sequenceTemplateSummarySchema } from './tasks.schemas.ts';
import { named } from './named.ts';

export const abTestSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  description:
    'With `variants` only (added field): pick a winner. Once each variant has `min_sends_per_variant` delivered messages, the variant with the best ' +
    '`metric` wins when a one-sided two-proportion z-test against each other variant gives p < (1 − confidence) / (variants − 1); ' +
    'from then on every run reaching the step gets the winner. Absent: the variants share runs by weight for good.',
  properties: {
    metric: { type: 'string', enum: [...AB_METRICS], default: 'REPLY_RATE' },
    min_sends_per_variant: {
      type: 'integer',
      minimum: 20,
      maximum: 100_000,
      default: AB_DEFAULTS.min_sends_per_variant,
    },
    confidence: { type: 'number', minimum: 0.8, maximum: 0.999, default: AB_DEFAULTS.confidence },
  },
};

/** The verdict's fields, beside `extra` (the event's own). */
export function variantWinnerProperties(extra: Record<string, JsonSchema> = {}): Record<string, JsonSchema> {
  return {
    ...extra,
    variant: { type: 'integer', minimum: 1, description: 'The winner.' },
    metric: { type: 'string', enum: [...AB_METRICS] },
    decided_at: timestamp,
    tallies: {
      type: 'array',
      description:
        "Each variant's delivered messages, successes (replies or positive replies) and rate at the decision.",
      items: {
        type: 'object',
        required: ['variant', 'delivered', 'successes', 'rate'],
        properties: {
          variant: { type: 'integer', minimum: 1 },
          delivered: { type: 'integer', minimum: 0 },
          successes: { type: 'integer', minimum: 0 },
          rate: { type: 'number', minimum: 0, maximum: 1 },
        },
      },
    },
    z: { type: 'number', description: "The z score of the winner's weakest comparison." },
    p_value: { type: 'number', minimum: 0, maximum: 1, description: 'Its one-sided p-value.' },
    threshold: { type: 'number', description: 'The p-value each comparison had to be under.' },
  };
}

export const variantWinnerSchema: JsonSchema = named('SequenceTemplateVariantWinner', {
  type: 'object',
  required: ['variant', 'metric', 'decided_at', 'tallies', 'z', 'p_value', 'threshold'],
  properties: variantWinnerProperties(),
});

/** The payload of `sequence_template.variant_won` (its base, the resource events', is added by event-payloads.schemas.ts). */
export const variantWonEvent = {
  name: 'SequenceTemplateVariantWonEvent',
  description:
    "Added event type. A step's A/B test found its winner (once per step, docs/api/stats.md): from now on every run reaching the step gets `variant`. " +
    '`contact_id` is null.',
  required: [
    'sequence_template_id',
    'sequence_template',
    'step_number',
    'variant',
    'metric',
    'decided_at',
    'tallies',
    'z',
    'p_value',
    'threshold',
  ],
  properties: variantWinnerProperties({
    sequence_template_id: uuid,
    sequence_template: sequenceTemplateSummarySchema,
    step_number: { type: 'integer', minimum: 1 },
  }),
};
