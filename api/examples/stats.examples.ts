// Examples of the results: Grace's two-step template after a month, its first step's subject tried
// in two variants, and Grace's own mailbox.
import { EXAMPLE_IDS as ID } from './ids.ts';

/** A StatsNumbers-shaped example from its counters (the rates as the service computes them). */
function numbers(c: {
  enrolled?: number;
  active?: number;
  sent: number;
  bounced: number;
  opens: number;
  proxy: number;
  clicks: number;
  bots: number;
  replies: number;
  positive: number;
  optOuts: number;
  meetings?: number;
  tasks: number;
}) {
  const delivered = c.sent - c.bounced;
  const rate = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 10000) / 10000 : null);
  return {
    enrolled: c.enrolled ?? 0,
    active: c.active ?? 0,
    sent: c.sent,
    delivered,
    bounced: c.bounced,
    unique_opens: c.opens,
    proxy_opens: c.proxy,
    unique_clicks: c.clicks,
    bot_clicks: c.bots,
    replies: c.replies,
    positive_replies: c.positive,
    opt_outs: c.optOuts,
    meetings_booked: c.meetings ?? 0,
    tasks_completed: c.tasks,
    rates: {
      bounce_rate: rate(c.bounced, c.sent),
      open_rate: rate(c.opens, delivered),
      click_rate: rate(c.clicks, delivered),
      reply_rate: rate(c.replies, delivered),
      positive_reply_rate: rate(c.positive, delivered),
      opt_out_rate: rate(c.optOuts, delivered),
    },
  };
}

const VARIANT_A = numbers({
  sent: 100,
  bounced: 2,
  opens: 51,
  proxy: 30,
  clicks: 9,
  bots: 4,
  replies: 8,
  positive: 3,
  optOuts: 1,
  tasks: 0,
});
const VARIANT_B = numbers({
  sent: 100,
  bounced: 3,
  opens: 58,
  proxy: 28,
  clicks: 12,
  bots: 5,
  replies: 13,
  positive: 6,
  optOuts: 0,
  tasks: 0,
});
const STEP_1 = {
  step_number: 1,
  ...numbers({
    sent: 200,
    bounced: 5,
    opens: 109,
    proxy: 58,
    clicks: 21,
    bots: 9,
    replies: 21,
    positive: 9,
    optOuts: 1,
    tasks: 0,
  }),
};
const STEP_2 = {
  step_number: 2,
  ...numbers({
    sent: 160,
    bounced: 0,
    opens: 70,
    proxy: 41,
    clicks: 10,
    bots: 6,
    replies: 12,
    positive: 4,
    optOuts: 2,
    tasks: 3,
  }),
};
const TOTAL = {
  enrolled: 210,
  active: 120,
  sent: 360,
  bounced: 5,
  opens: 179,
  proxy: 99,
  clicks: 31,
  bots: 15,
  replies: 33,
  positive: 13,
  optOuts: 3,
  meetings: 7,
  tasks: 3,
};

export const statsExamples: Record<string, unknown> = {
  StatsRates: VARIANT_B.rates,
  VariantStats: { variant: 2, ...VARIANT_B },
  StepStats: {
    ...STEP_1,
    variants: [
      { variant: 1, ...VARIANT_A },
      { variant: 2, ...VARIANT_B },
    ],
  },
  SequenceTemplateStats: {
    sequence_template_id: ID.sequenceTemplate,
    from: '2026-11-01',
    to: '2026-11-30',
    ...numbers(TOTAL),
    steps: [
      {
        ...STEP_1,
        variants: [
          { variant: 1, ...VARIANT_A },
          { variant: 2, ...VARIANT_B },
        ],
      },
      { ...STEP_2, variants: [] },
    ],
  },
  SenderTemplateStats: { sequence_template_id: ID.sequenceTemplate, ...numbers(TOTAL) },
  UserStats: {
    user_id: ID.user,
    from: '2026-11-01',
    to: null,
    ...numbers(TOTAL),
    sequence_templates: [{ sequence_template_id: ID.sequenceTemplate, ...numbers(TOTAL) }],
  },
};
