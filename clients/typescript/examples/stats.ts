// The three questions of whoever runs outreach, answered by two requests: which step and which
// variant of a template work (GET /v1/sequence-templates/{id}/stats) and how a sender's mailbox
// does (GET /v1/users/{id}/stats), over a range of UTC days. Prints the figures as one JSON line.
//
//   OWS_BASE_URL=http://127.0.0.1:3000 OWS_API_KEY=ows_... OWS_TEMPLATE_ID=... OWS_USER_ID=... \
//     OWS_FROM=2026-03-01 node clients/typescript/examples/stats.ts      # OWS_FROM, OWS_TO: optional
import { createOutreachClient, ok } from '../src/index.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const api = createOutreachClient({ baseUrl: env('OWS_BASE_URL'), apiKey: env('OWS_API_KEY') });
// Both ends are UTC days, included; an absent end is open.
const query = {
  ...(process.env.OWS_FROM ? { from: process.env.OWS_FROM } : {}),
  ...(process.env.OWS_TO ? { to: process.env.OWS_TO } : {}),
};

const template = await ok(
  api.GET('/v1/sequence-templates/{sequence_template_id}/stats', {
    params: { path: { sequence_template_id: env('OWS_TEMPLATE_ID') }, query },
  }),
);
const sender = await ok(
  api.GET('/v1/users/{user_id}/stats', { params: { path: { user_id: env('OWS_USER_ID') }, query } }),
);

console.log(
  JSON.stringify({
    template: { sent: template.sent, replies: template.replies, reply_rate: template.rates.reply_rate },
    // Which step: each step's sends and replies. Which variant: each of a step's variants, side by side.
    steps: template.steps.map((step) => ({
      step: step.step_number,
      sent: step.sent,
      replies: step.replies,
      reply_rate: step.rates.reply_rate,
      variants: step.variants.map((v) => ({
        variant: v.variant,
        sent: v.sent,
        unique_opens: v.unique_opens,
        replies: v.replies,
        positive_replies: v.positive_replies,
        reply_rate: v.rates.reply_rate,
      })),
    })),
    // Which sender: the mailbox's bounce and reply rates, across the templates it sent for.
    sender: {
      sent: sender.sent,
      bounced: sender.bounced,
      bounce_rate: sender.rates.bounce_rate,
      reply_rate: sender.rates.reply_rate,
      templates: sender.sequence_templates.length,
    },
  }),
);
