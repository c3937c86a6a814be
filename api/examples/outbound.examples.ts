// Examples of the webhook and exclusion endpoints: a subscription feeding the CRM and one of its
// deliveries; a person who asked not to be contacted, a competitor's domain.
import { EXAMPLE_IDS as ID } from './ids.ts';

const WEBHOOK = {
  id: ID.webhook,
  name: 'CRM sync',
  description: 'Replies, meetings and finished runs into the CRM.',
  url: 'https://hooks.example.org/outreach',
  event_types: ['message.replied', 'meeting.created', 'sequence.stopped'],
  sequence_template_ids: [ID.sequenceTemplate],
  status: 'ACTIVE',
  status_reason: null,
  secret_prefix: 'whsec_3kZ9q',
  created_at: '2026-03-01T11:00:41.650Z',
  updated_at: '2026-03-01T11:00:41.650Z',
};
/** The answer of the update example. */
export const WEBHOOK_UPDATED = {
  ...WEBHOOK,
  event_types: ['message.replied', 'meeting.created'],
  description: 'Replies and meetings into the CRM.',
  updated_at: '2026-03-06T12:05:00.000Z',
};
/** The answer of a create: the secret, shown this once. */
const WITH_SECRET = { ...WEBHOOK, secret: 'whsec_3kZ9qT7mWv2yXp4LrN8bJd1Hs6Fg0Ce5' };
/** The answer of a rotation: the new secret. */
export const WEBHOOK_ROTATED = {
  ...WEBHOOK,
  secret_prefix: 'whsec_Qm4Rt',
  secret: 'whsec_Qm4Rt8vLx1Zc6Wn3Jy7Kb2Ps9Hd5Fa0Ge4',
  updated_at: '2026-03-06T12:00:03.100Z',
};

const DELIVERY = {
  id: ID.webhookDelivery,
  activity_id: ID.activity,
  event_type: 'message.replied',
  status: 'DELIVERED',
  attempts: 1,
  last_response_code: 200,
  last_error: null,
  next_attempt_at: null,
  delivered_at: '2026-03-03T08:02:52.311Z',
  created_at: '2026-03-03T08:02:52.090Z',
  updated_at: '2026-03-03T08:02:52.311Z',
};
/** A replayed delivery: PENDING again, due now. */
export const DELIVERY_REPLAYED = {
  ...DELIVERY,
  status: 'PENDING',
  attempts: 0,
  next_attempt_at: '2026-03-06T12:10:00.000Z',
  updated_at: '2026-03-06T12:10:00.000Z',
};

const CONTACT_EXCLUSION = {
  id: ID.contactExclusion,
  email: 'charles@example.net',
  linkedin_url: null,
  reason: 'CONTACT_REFUSED',
  message: 'Asked not to be contacted again.',
  until: null,
  created_at: '2026-02-20T16:45:09.872Z',
  updated_at: '2026-02-20T16:45:09.872Z',
};
const ACCOUNT_EXCLUSION = {
  id: ID.accountExclusion,
  domain: 'competitor.example',
  reason: 'COMPETITOR',
  message: 'A competitor: never prospect.',
  until: null,
  created_at: '2026-02-20T16:46:30.110Z',
  updated_at: '2026-02-20T16:46:30.110Z',
};
const EXCLUSION_UPDATE = {
  reason: 'BAD_TIMING',
  until: '2027-01-01T00:00:00.000Z',
  message: 'Budget frozen until the new year.',
};
/** The answers of the exclusion patches. */
export const CONTACT_EXCLUSION_UPDATED = {
  ...CONTACT_EXCLUSION,
  ...EXCLUSION_UPDATE,
  updated_at: '2026-03-06T09:30:00.000Z',
};
export const ACCOUNT_EXCLUSION_UPDATED = {
  ...ACCOUNT_EXCLUSION,
  ...EXCLUSION_UPDATE,
  updated_at: '2026-03-06T09:30:00.000Z',
};

export const outboundExamples: Record<string, unknown> = {
  Webhook: WEBHOOK,
  WebhookWithSecret: WITH_SECRET,
  WebhookCreate: {
    name: WEBHOOK.name,
    description: WEBHOOK.description,
    url: WEBHOOK.url,
    event_types: WEBHOOK.event_types,
    sequence_template_ids: WEBHOOK.sequence_template_ids,
  },
  WebhookUpdate: { event_types: WEBHOOK_UPDATED.event_types, description: WEBHOOK_UPDATED.description },
  WebhookTestResult: { delivered: true, error: null, status_code: 200 },
  WebhookDelivery: DELIVERY,
  ContactExclusion: CONTACT_EXCLUSION,
  AccountExclusion: ACCOUNT_EXCLUSION,
  ContactExclusionCreate: {
    email: CONTACT_EXCLUSION.email,
    reason: CONTACT_EXCLUSION.reason,
    message: CONTACT_EXCLUSION.message,
    until: null,
  },
  AccountExclusionCreate: {
    domain: ACCOUNT_EXCLUSION.domain,
    reason: ACCOUNT_EXCLUSION.reason,
    message: ACCOUNT_EXCLUSION.message,
    until: null,
  },
  ExclusionUpdate: EXCLUSION_UPDATE,
};
