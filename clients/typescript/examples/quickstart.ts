// A client developer's first minutes, against a running service: subscribe a webhook, create a
// contact, list contacts, make a sequence template and enroll the contact. Prints what it made as
// one JSON line (the webhook secret included, for verify-delivery.ts).
//
//   OWS_BASE_URL=http://127.0.0.1:3000 OWS_API_KEY=ows_... OWS_WEBHOOK_URL=https://example.com/hooks \
//     node clients/typescript/examples/quickstart.ts
import { createOutreachClient, items, ok } from '../src/index.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const api = createOutreachClient({ baseUrl: env('OWS_BASE_URL'), apiKey: env('OWS_API_KEY') });

// Subscribed first: a subscription gets the events that happen after it exists.
const webhook = await ok(
  api.POST('/v1/webhooks', {
    body: { name: 'Quickstart', url: env('OWS_WEBHOOK_URL'), event_types: ['sequence.created'] },
  }),
);

const email = `ada.${Date.now()}@example.com`;
const contact = await ok(api.POST('/v1/contacts', { body: { email, first_name: 'Ada', last_name: 'Lovelace' } }));

let listed = 0;
let found = false;
for await (const item of items((page) =>
  api.GET('/v1/contacts', { params: { query: { page, size: 100, sort_by: 'created_at' } } }),
)) {
  listed++;
  found ||= item.id === contact.id;
}

const template = await ok(
  api.POST('/v1/sequence-templates', {
    body: {
      name: `Quickstart ${email}`,
      status: 'ACTIVE',
      steps: [
        {
          type: 'EMAIL',
          delay_days: 1,
          subject: 'Hello {{ first_name }}',
          body: 'Nice to meet you, {{ first_name }}.',
        },
      ],
    },
  }),
);

// 201: enrolled; 202: the email is still being verified, the sequence follows (Retry-After says when to look).
const enrollment = await api.POST('/v1/sequences', {
  body: { contact_id: contact.id, sequence_template_id: template.id },
});
if (enrollment.error) throw new Error(`enrollment refused: ${enrollment.response.status} ${enrollment.error.message}`);

console.log(
  JSON.stringify({
    contact_id: contact.id,
    first_name: contact.first_name,
    listed,
    found,
    template_id: template.id,
    enrollment_status: enrollment.response.status,
    webhook_id: webhook.id,
    webhook_secret: webhook.secret,
  }),
);
