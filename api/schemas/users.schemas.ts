// Shapes of the identity and user endpoints.
import { nullable, nullableTimestamp, timestamp, uuid } from './common.schemas.ts';
import type { JsonSchema } from '../validation.ts';
import { named } from './named.ts';
import { USER_ROLES } from '../../db/entities/user.entity.ts';

export const meSchema: JsonSchema = named('ApiKeyIdentity', {
  type: 'object',
  required: [
    'id',
    'organization_id',
    'name',
    'key_prefix',
    'scopes',
    'created_at',
    'last_used_at',
    'user_id',
    'enrichment_credits',
  ],
  properties: {
    id: { ...uuid, description: "The key's identifier." },
    organization_id: uuid,
    name: { type: 'string' },
    key_prefix: { type: 'string', description: 'Leading characters of the raw key, safe to log.' },
    scopes: {
      type: 'array',
      items: { type: 'string' },
      description: "The scopes the key may use: those it was issued with that its user's role allows.",
    },
    created_at: timestamp,
    last_used_at: nullableTimestamp,
    user_id: { ...uuid, description: 'The user the key belongs to (added field): default assignee and sender.' },
    enrichment_credits: {
      type: 'integer',
      minimum: 0,
      description:
        'Enrichment credits the organization has left (added field); enrich calls spend one per answer with data.',
    },
  },
});

export const userMailboxSchema: JsonSchema = named('UserMailbox', {
  type: 'object',
  description:
    "The user's connected mailbox, which sends their sequence emails and whose inbox is read for replies, bounces and auto-replies. Credentials are never shown.",
  required: ['email', 'status', 'last_synced_at', 'last_error', 'emails_held'],
  properties: {
    email: { type: 'string', description: 'The From address of the emails the user sends.' },
    status: {
      type: 'string',
      enum: ['CONNECTED', 'AUTH_FAILED', 'ERROR', 'DISCONNECTED'],
      description:
        "CONNECTED: both logins work and the inbox is read. AUTH_FAILED: a server refused the login; the user's emails wait until the mailbox is fixed. " +
        'ERROR: a server could not be reached or failed; when it is the SMTP server or a login check, emails wait the same way (`emails_held` true); ' +
        "when only the inbox cannot be read (its IMAP server unreachable, the sync's cursor not moving while mail waits, or no sync reading it), " +
        '`last_error` starts with "IMAP: " and emails still go out (`emails_held` false). DISCONNECTED: removed; emails go out through the service\'s own transport.',
    },
    last_synced_at: {
      ...nullableTimestamp,
      description:
        'When the inbox was last read to the end; null before the first time. Long ago while CONNECTED or ERROR: the inbox is not being read.',
    },
    last_error: {
      type: ['string', 'null'],
      description:
        'Why the mailbox is not CONNECTED (what the server said, or why the inbox cannot be read: "IMAP: ..."); null when it is.',
    },
    emails_held: {
      type: 'boolean',
      description:
        "True when the user's emails wait for this mailbox to be fixed (added field): AUTH_FAILED, or ERROR of its SMTP server or logins. False while only its inbox cannot be read.",
    },
  },
});

export const mailboxRampSchema: JsonSchema = named('MailboxRamp', {
  type: 'object',
  description:
    "The sender's warm-up ramp: `start` emails on its first UTC day, `increase` more each UTC day after it, never more than `target` (nor than the daily send limit).",
  required: ['start', 'increase', 'target', 'started_on', 'day'],
  properties: {
    start: { type: 'integer', minimum: 0, description: "Emails allowed on the ramp's first UTC day (day 0)." },
    increase: {
      type: 'integer',
      minimum: 0,
      description: 'Emails added to the allowance on each UTC day after the first.',
    },
    target: { type: 'integer', minimum: 0, description: 'The allowance where the ramp stops growing.' },
    started_on: { type: 'string', format: 'date', description: "The ramp's first UTC day." },
    day: { type: 'integer', minimum: 0, description: 'Which day of the ramp today (UTC) is: 0 on its first day.' },
  },
});

export const mailboxPacingSchema: JsonSchema = named('MailboxPacing', {
  type: 'object',
  description:
    "The sender's pacing settings (`admin mailbox pace`): a null field takes its default (30 emails an hour, 60 to 180 seconds between sends).",
  required: ['hourly_limit', 'min_gap_seconds', 'max_gap_seconds'],
  properties: {
    hourly_limit: { type: ['integer', 'null'], minimum: 1, description: 'Emails per clock hour (UTC) at most.' },
    min_gap_seconds: {
      type: ['integer', 'null'],
      minimum: 0,
      description: 'The least time between two sends of the mailbox.',
    },
    max_gap_seconds: {
      type: ['integer', 'null'],
      minimum: 0,
      description: 'The most: each gap is drawn at random between the two.',
    },
  },
});

export const userSendingSchema: JsonSchema = named('UserSending', {
  type: 'object',
  description:
    "How many emails the user's mailbox may send (added field; set with the admin CLI, see docs/api/mailboxes.md).",
  required: [
    'daily_send_limit',
    'ramp',
    'effective_daily_limit',
    'pacing',
    'reputation_paused_at',
    'reputation_pause_reason',
  ],
  properties: {
    daily_send_limit: { type: 'integer', minimum: 0, description: 'Emails per UTC day at most, ramp or not.' },
    ramp: nullable(mailboxRampSchema, 'The warm-up ramp; null when the mailbox does not ramp.'),
    effective_daily_limit: {
      type: 'integer',
      minimum: 0,
      description:
        'Emails the user may send today (UTC): min(daily_send_limit, target, start + increase × day) while a ramp is set, else daily_send_limit. Steps over it wait for the next UTC day.',
    },
    pacing: nullable(
      mailboxPacingSchema,
      "The pacing settings; null when none are set: a connected mailbox and the shared SMTP transport then send 30 an hour, 60 to 180 seconds apart, and the sandbox transport unpaced. A paced mailbox's emails each reserve a send slot (GET /v1/sequences/{sequence_id} `next_send_at`).",
    ),
    reputation_paused_at: {
      ...nullableTimestamp,
      description:
        "When the user's mailbox was paused for its reputation (a hard-bounce rate over the threshold, or a spam complaint): their emails wait, none is dropped, until an operator resumes it (`admin mailbox resume`). Null when not paused.",
    },
    reputation_pause_reason: {
      type: ['string', 'null'],
      description:
        'Why the mailbox is paused: `BOUNCE_RATE <bounced>/<sent>` (hard bounces among its latest emails) or `SPAM_COMPLAINT`; null when not paused.',
    },
  },
});

export const userSchema: JsonSchema = named('User', {
  type: 'object',
  required: ['id', 'email', 'name', 'role', 'created_at', 'updated_at', 'mailbox', 'sending'],
  properties: {
    id: uuid,
    email: { type: 'string' },
    name: { type: 'string' },
    role: {
      type: 'string',
      enum: [...USER_ROLES],
      description:
        "What the user's API keys may do (added value `admin`): `owner` and `admin` keys may hold every scope, a `member`'s key not `audit:read` or `webhooks:write`; a key's scopes its user's role withholds do not work.",
    },
    created_at: timestamp,
    updated_at: timestamp,
    mailbox: nullable(
      userMailboxSchema,
      "The user's connected mailbox (added field); null when none was ever connected.",
    ),
    sending: userSendingSchema,
  },
});

export const USER_SORT_FIELDS = ['name', 'email', 'created_at'] as const;
