// The results of templates and senders (docs/api/stats.md defines every number).
import type { JsonSchema } from '../validation.ts';
import { uuid } from './common.schemas.ts';
import { named } from './named.ts';

const count = (description: string): JsonSchema => ({ type: 'integer', minimum: 0, description });
const share = (description: string): JsonSchema => ({
  type: ['number', 'null'],
  minimum: 0,
  maximum: 1,
  description: `${description} (0..1, 4 decimals); null when there is nothing to divide by.`,
});
const day = (description: string): JsonSchema => ({ type: 'string', format: 'date', description });

export const statsQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: day('First UTC day counted (included). Absent: from the beginning.'),
    to: day('Last UTC day counted (included). Absent: through today. Before `from`: 422.'),
  },
};

export const statsRatesSchema: JsonSchema = named('StatsRates', {
  type: 'object',
  required: ['bounce_rate', 'open_rate', 'click_rate', 'reply_rate', 'positive_reply_rate', 'opt_out_rate'],
  properties: {
    bounce_rate: share('bounces / sent'),
    open_rate: share('unique_opens / delivered'),
    click_rate: share('unique_clicks / delivered'),
    reply_rate: share('replies / delivered'),
    positive_reply_rate: share('positive_replies / delivered'),
    opt_out_rate: share('opt_outs / delivered'),
  },
});

const NUMBERS: Record<string, JsonSchema> = {
  enrolled: count('Runs enrolled (not refused), by the UTC day of their enrollment.'),
  active: count('Of those runs, the ones still running now.'),
  sent: count('Step messages sent (emails, LinkedIn messages and invitations), by the day sent.'),
  delivered: count('sent minus bounced.'),
  bounced: count('Step emails that bounced, by the day of the bounce.'),
  unique_opens: count('Step emails opened by a person at least once (each counted once, on its first such open).'),
  proxy_opens: count(
    'Step emails whose pixel a privacy proxy fetched (Apple Mail Privacy Protection): apart from unique_opens.',
  ),
  unique_clicks: count('Step emails with a link followed by a person at least once (each counted once).'),
  bot_clicks: count(
    'Step emails with a link followed within 10 seconds of the send (link scanners): apart from unique_clicks.',
  ),
  replies: count(
    'Step messages answered at least once (out-of-office answers excluded), on the day of the first reply.',
  ),
  positive_replies: count('Step messages answered at least once with a reply classified INTERESTED.'),
  opt_outs: count(
    'Runs ended by an opt-out (the unsubscribe link or an UNSUBSCRIBE reply), at the step they had reached.',
  ),
  meetings_booked: count('Meetings booked that name a run, by the day recorded.'),
  tasks_completed: count(
    "Runs' tasks completed, at their step (run tasks without a step count for the template only).",
  ),
};

const numbers = (extra: Record<string, JsonSchema>, required: string[], description: string): JsonSchema => ({
  type: 'object',
  description,
  required: [...required, ...Object.keys(NUMBERS), 'rates'],
  properties: { ...extra, ...NUMBERS, rates: statsRatesSchema },
});

export const variantStatsSchema: JsonSchema = named(
  'VariantStats',
  numbers(
    { variant: { type: 'integer', minimum: 1, description: 'The variant (1-based, in the order of the step).' } },
    ['variant'],
    'One variant of a step: what its messages gave.',
  ),
);

export const stepStatsSchema: JsonSchema = named(
  'StepStats',
  numbers(
    {
      step_number: { type: 'integer', minimum: 1 },
      variants: {
        type: 'array',
        items: variantStatsSchema,
        description: 'The variants sent in the range; empty for a step without variants.',
      },
    },
    ['step_number', 'variants'],
    "One step of the template: its messages' results (enrolled, active and meetings_booked belong to runs, so 0 here).",
  ),
);

export const templateStatsSchema: JsonSchema = named(
  'SequenceTemplateStats',
  numbers(
    {
      sequence_template_id: uuid,
      from: { ...day('The first day counted'), type: ['string', 'null'] },
      to: { ...day('The last day counted'), type: ['string', 'null'] },
      steps: { type: 'array', items: stepStatsSchema, description: 'Every step of the template, in order.' },
    },
    ['sequence_template_id', 'from', 'to', 'steps'],
    'The results of a template over a range of UTC days: the whole, each step, each variant.',
  ),
);

export const senderTemplateStatsSchema: JsonSchema = named(
  'SenderTemplateStats',
  numbers({ sequence_template_id: uuid }, ['sequence_template_id'], "The sender's results in one template."),
);

export const userStatsSchema: JsonSchema = named(
  'UserStats',
  numbers(
    {
      user_id: uuid,
      from: { ...day('The first day counted'), type: ['string', 'null'] },
      to: { ...day('The last day counted'), type: ['string', 'null'] },
      sequence_templates: {
        type: 'array',
        items: senderTemplateStatsSchema,
        description: 'Per template the user sent in (or ran enrollments for) in the range.',
      },
    },
    ['user_id', 'from', 'to', 'sequence_templates'],
    "The results of a sender's mailbox over a range of UTC days (messages it sent; runs enrolled with it as sender).",
  ),
);
