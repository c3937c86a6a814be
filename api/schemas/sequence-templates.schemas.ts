// Shapes of the sequence template endpoints; sizes documented here are enforced by these schemas.
import {
  MISSING_CHANNEL_RULES,
  STEP_TYPES,
  TEMPLATE_STATUSES,
  WEEKDAYS,
  WINDOW_TIMEZONES,
} from '../../db/entities/sequence-template.entity.ts';
import type { JsonSchema } from '../validation.ts';
import { nullable, nullableTimestamp, timestamp, uuid } from './common.schemas.ts';
import { NOT_BLANK_PATTERN, NUL_FREE_PATTERNS, PATTERN_MESSAGES } from './identifiers.schemas.ts';
import { named } from './named.ts';
import { holidayCountrySchema, timeZoneSchema } from './places.schemas.ts';
import { VARIANTS_MAX, WEIGHT_MAX } from '../../domain/sequences/variants.ts';
import { abTestSchema, variantWinnerSchema } from './ab-test.schemas.ts';
import { templateWarningsProperty } from './template-preview.schemas.ts';

export const STEPS_MAX = 50;
/** The sizes of a pool of senders (sender_user_ids). */
export const SENDER_POOL_MIN = 2;
export const SENDER_POOL_MAX = 10;
export const SUBJECT_MAX = 500;
export const BODY_MAX = 20_000;

const TEMPLATE_RULE =
  'A Liquid template (`{{ first_name }}`, `{{ company_name | default: "your team" }}`) over contact fields (first_name, last_name, email, job_title, ' +
  'company_name, company_domain, linkedin_url, phone), account fields (account_name, account_domain), sender fields (sender_name, sender_email), ' +
  "on EMAIL steps `unsubscribe_url` (the run's unsubscribe link, never tracked, for a footer of the step's own) and custom variables " +
  "(account variables, overridden by contact variables, overridden by the run's variables). A missing or null variable renders as an empty string: use the `default` " +
  'filter for a fallback. Output is plain text, never HTML-escaped. A syntax error or an unknown filter: 422 naming the field; include/render/layout tags find no partials.';

const STATUS_DESCRIPTION =
  'PENDING_SETUP: a draft. ACTIVE: enrolls and runs (needs at least one step). INACTIVE: holds running sequences and refuses enrollments. ' +
  'FINISHING: refuses enrollments while running sequences finish. ARCHIVED: ends running sequences as STOPPED_EARLY. ' +
  'Statuses are stored and validated now; their effects on running sequences arrive with the sequence workflows.';

const stepProperties: Record<string, JsonSchema> = {
  type: { type: 'string', enum: [...STEP_TYPES] },
  delay_days: {
    type: 'number',
    minimum: 0,
    maximum: 365,
    description: 'Days after the previous step (after enrollment for the first one); fractions allowed.',
  },
  subject: {
    type: ['string', 'null'],
    maxLength: SUBJECT_MAX,
    description: `EMAIL steps only: the subject of an email that starts a thread (required unless the step continues the thread). ${SUBJECT_MAX} characters at most. ${TEMPLATE_RULE}`,
  },
  thread: {
    type: 'boolean',
    description:
      'EMAIL steps only. true: the email continues the thread of the run\'s previous email: it goes as "Re: <the thread\'s first subject>" with In-Reply-To and References to the previous email, and takes no subject of its own. ' +
      'Default: true for an EMAIL step without a subject, false for one with a subject. The first EMAIL step of a template starts the thread (422 naming its subject when it has none). Read back only on threaded steps.',
  },
  body: {
    type: 'string',
    maxLength: BODY_MAX,
    description: `Message, note or call script, ${BODY_MAX} characters at most. ${TEMPLATE_RULE}`,
  },
  weight: {
    type: 'integer',
    minimum: 1,
    maximum: WEIGHT_MAX,
    description:
      "With `variants`: the share of runs the step's own subject and body (variant 1) get, relative to the variants' weights. Default 1.",
  },
  variants: {
    type: 'array',
    minItems: 1,
    maxItems: VARIANTS_MAX - 1,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['body'],
      properties: {
        subject: {
          type: ['string', 'null'],
          maxLength: SUBJECT_MAX,
          description: `EMAIL steps only: required on a step that starts a thread, none on one that continues it (its variants differ by body). ${TEMPLATE_RULE}`,
        },
        body: { type: 'string', maxLength: BODY_MAX, description: TEMPLATE_RULE },
        weight: {
          type: 'integer',
          minimum: 1,
          maximum: WEIGHT_MAX,
          description: 'Share of runs, relative to the other variants. Default 1.',
        },
      },
    },
    description:
      `EMAIL and LinkedIn steps (added field): variants 2 to ${VARIANTS_MAX} of the step; its own subject and body are variant 1. ` +
      'Each run gets one variant at the step, by weight, decided once from the run and the step (the same on every retry), ' +
      'and its message records `variant`. Absent: the step has one text.',
  },
  ab_test: abTestSchema,
};

/** A step as stored and read. */
export const stepSchema: JsonSchema = named('SequenceTemplateStep', {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'delay_days', 'body'],
  properties: stepProperties,
});

/** Nothing: the subject a step of another type than EMAIL may carry (null and empty text are accepted as none). */
const NO_TEXT = '^$';
NUL_FREE_PATTERNS.add(NO_TEXT);
PATTERN_MESSAGES[NO_TEXT] = 'is only allowed on EMAIL steps';

/** A threaded step's subject: none (null and empty text are accepted as none). */
const THREADED_NO_SUBJECT = '^(?:)$';
NUL_FREE_PATTERNS.add(THREADED_NO_SUBJECT);
PATTERN_MESSAGES[THREADED_NO_SUBJECT] = 'is not allowed on a step that continues the thread (thread: true)';

const isEmail = { type: 'object', required: ['type'], properties: { type: { const: 'EMAIL' } } };
const continuing = { type: 'object', required: ['thread'], properties: { thread: { const: true } } };
const hasSubject = { type: 'object', required: ['subject'], properties: { subject: { type: 'string' } } };

/** The step's subject rule, applied to each of its variants (`required`: each variant has a subject). */
const variantSubjects = (subject: JsonSchema, required = false): JsonSchema => ({
  type: 'array',
  items: { type: 'object', ...(required ? { required: ['subject'] } : {}), properties: { subject } },
});

/**
 * A step as written: an EMAIL step has a subject that is not blank (it starts a thread) or continues
 * the thread (thread true, the default without a subject) and takes none; another type takes neither.
 * Its variants follow the same subject rule as the step.
 */
export const stepInputSchema: JsonSchema = named('SequenceTemplateStepInput', {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'delay_days', 'body'],
  properties: stepProperties,
  allOf: [
    {
      if: { allOf: [isEmail, { not: continuing }] },
      then: { type: 'object', properties: { subject: { type: ['string', 'null'], pattern: NOT_BLANK_PATTERN } } },
    },
    // A step that starts a thread: each variant has a subject of its own.
    {
      if: { allOf: [isEmail, { not: continuing }, hasSubject] },
      then: {
        type: 'object',
        properties: { variants: variantSubjects({ type: 'string', pattern: NOT_BLANK_PATTERN }, true) },
      },
    },
    {
      if: { allOf: [isEmail, { type: 'object', required: ['thread'], properties: { thread: { const: false } } }] },
      then: { type: 'object', required: ['subject'], properties: { subject: { type: 'string' } } },
    },
    // A step that continues the thread (thread: true, the default of an EMAIL step without a subject): no subject, on it or its variants.
    {
      if: { anyOf: [continuing, { allOf: [isEmail, { not: hasSubject }] }] },
      then: {
        type: 'object',
        properties: {
          subject: { type: ['string', 'null'], pattern: THREADED_NO_SUBJECT },
          variants: variantSubjects({ type: ['string', 'null'], pattern: THREADED_NO_SUBJECT }),
        },
      },
    },
    {
      if: {
        type: 'object',
        required: ['type'],
        properties: { type: { enum: STEP_TYPES.filter((t) => t !== 'EMAIL') } },
      },
      then: {
        type: 'object',
        properties: {
          subject: { type: ['string', 'null'], pattern: NO_TEXT },
          thread: false,
          variants: variantSubjects({ type: ['string', 'null'], pattern: NO_TEXT }),
        },
      },
    },
    // An A/B test compares variants: none without them.
    {
      if: { type: 'object', required: ['ab_test'], properties: { ab_test: { type: 'object' } } },
      then: { type: 'object', required: ['variants'], properties: { variants: { type: 'array' } } },
    },
    // A call script has one text.
    {
      if: { type: 'object', required: ['type'], properties: { type: { const: 'CALL' } } },
      then: { type: 'object', properties: { variants: false } },
    },
  ],
});

export const scheduleSchema: JsonSchema = named('SequenceTemplateSchedule', {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['days', 'start_hour', 'end_hour'],
  description:
    "Sending window in the template's timezone (or the prospect's: window_timezone): a due step waits for the next window. null: a step runs as soon as it is due.",
  properties: {
    days: {
      type: 'array',
      minItems: 1,
      maxItems: 7,
      uniqueItems: true,
      items: { type: 'string', enum: [...WEEKDAYS] },
    },
    start_hour: { type: 'integer', minimum: 0, maximum: 23, description: 'First hour of the window (inclusive).' },
    end_hour: {
      type: 'integer',
      minimum: 1,
      maximum: 24,
      description: 'End of the window (exclusive), greater than start_hour (422 naming schedule.end_hour otherwise).',
    },
  },
});

const writeProperties: Record<string, JsonSchema> = {
  name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  summary: { type: ['string', 'null'], maxLength: 2000 },
  status: { type: 'string', enum: [...TEMPLATE_STATUSES], description: STATUS_DESCRIPTION },
  language: {
    type: 'string',
    pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
    maxLength: 35,
    description: 'BCP 47 language tag of the messages; default en.',
  },
  // The schedule's time zone; UTC when not given.
  timezone: timeZoneSchema,
  steps: {
    type: 'array',
    maxItems: STEPS_MAX,
    items: stepInputSchema,
    description: `0 to ${STEPS_MAX} steps, run in order. ACTIVE needs at least one (422).`,
  },
  on_missing_channel: {
    type: 'string',
    enum: [...MISSING_CHANNEL_RULES],
    description:
      "When a contact lacks a step's channel (no email, no LinkedIn URL): STOP the run (default) or SKIP_STEP.",
  },
  schedule: scheduleSchema,
  window_timezone: {
    type: 'string',
    enum: [...WINDOW_TIMEZONES],
    description:
      "Whose hours the schedule means. TEMPLATE (default): the template's timezone. PROSPECT: the contact's timezone (set, else inferred from the contact's or its account's location), the template's timezone when none is known.",
  },
  skip_holidays: {
    type: 'boolean',
    description:
      "Default false. When true, a step due on a public holiday waits for the next window on a working day: the holidays of the prospect's country (the contact's, else its account's) where known, else of holiday_country; none when neither is known.",
  },
  holiday_country: nullable(
    holidayCountrySchema,
    "The country whose public holidays skip_holidays uses when the prospect's country is unknown.",
  ),
  sender_user_id: {
    ...uuid,
    description:
      "The user whose mailbox sends; an active user of the organization (422 otherwise). Default on create: the key's user. " +
      "With a pool (`sender_user_ids`) it is the pool's first member: sent with a pool, or alone to a template that has one, any other user is 422.",
  },
  sender_user_ids: nullable(
    {
      type: 'array',
      items: uuid,
      minItems: SENDER_POOL_MIN,
      maxItems: SENDER_POOL_MAX,
      uniqueItems: true,
    },
    'Added field: a pool of 2-10 senders (rotation); null (default): every run sends as sender_user_id. Each new run is given one member for its whole thread, chosen at enrollment by the most remaining capacity today ' +
      "(the member's effective daily limit minus today's counted emails minus its runs not started yet); a member whose mailbox is AUTH_FAILED or ERROR, or paused for its reputation, takes no new runs. " +
      'Each an active user of the organization named once (422 naming `sender_user_ids[i]`). Setting it sets `sender_user_id` to its first member; null removes the pool (`sender_user_id` stays).',
  ),
  requires_lead_review: {
    type: 'boolean',
    description:
      'Enrollment lands in FOUND with a NEW_LEAD_REVIEW task until approved (with the tasks API). Default false.',
  },
  open_tracking: {
    type: 'boolean',
    description: "Default true: the HTML part carries a 1x1 pixel that records the email's opens. false: no pixel.",
  },
  click_tracking: {
    type: 'boolean',
    description:
      "Default true: links go through the click redirect (the organization's tracking domain when set), which records clicks. false: links go out unchanged.",
  },
};

export const templateCreateSchema: JsonSchema = named('SequenceTemplateCreate', {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: writeProperties,
});
export const templatePatchSchema: JsonSchema = named('SequenceTemplateUpdate', {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: writeProperties,
  description: 'Fields sent change; omitted ones stay.',
});

export const templateSchema: JsonSchema = named('SequenceTemplate', {
  type: 'object',
  required: [
    'id',
    'name',
    'summary',
    'status',
    'step_count',
    'language',
    'timezone',
    'activated_at',
    'created_at',
    'updated_at',
    'steps',
    'on_missing_channel',
    'schedule',
    'window_timezone',
    'skip_holidays',
    'holiday_country',
    'sender_user_id',
    'sender_user_ids',
    'requires_lead_review',
    'open_tracking',
    'click_tracking',
    'variant_winners',
  ],
  properties: {
    id: uuid,
    name: { type: 'string' },
    summary: { type: ['string', 'null'] },
    status: { type: 'string', enum: [...TEMPLATE_STATUSES], description: STATUS_DESCRIPTION },
    step_count: { type: 'integer', minimum: 0 },
    language: { type: 'string' },
    timezone: { type: 'string' },
    activated_at: { ...nullableTimestamp, description: 'When the template first became ACTIVE.' },
    created_at: timestamp,
    updated_at: timestamp,
    steps: { type: 'array', items: stepSchema },
    on_missing_channel: { type: 'string', enum: [...MISSING_CHANNEL_RULES] },
    schedule: scheduleSchema,
    window_timezone: { type: 'string', enum: [...WINDOW_TIMEZONES] },
    skip_holidays: { type: 'boolean' },
    holiday_country: { type: ['string', 'null'] },
    sender_user_id: { type: ['string', 'null'], format: 'uuid' },
    sender_user_ids: {
      type: ['array', 'null'],
      items: uuid,
      description:
        'Added field: the pool of senders each new run is given one of (its first member is sender_user_id), or null: every run sends as sender_user_id.',
    },
    requires_lead_review: { type: 'boolean' },
    open_tracking: { type: 'boolean' },
    click_tracking: { type: 'boolean' },
    variant_winners: {
      type: 'object',
      additionalProperties: variantWinnerSchema,
      description:
        'Added field, read only: the A/B winners of its steps, keyed by step number ("1"), each written once when its test is decided; ' +
        'empty until then. Replacing `steps` clears it (the tests start again).',
    },
    warnings: templateWarningsProperty,
  },
});

export const templateListFilters: Record<string, JsonSchema> = {
  name: { type: 'string', minLength: 1, maxLength: 200, description: 'Case-insensitive substring of the name.' },
  status: { type: 'string', enum: [...TEMPLATE_STATUSES] },
  created_at_before: { ...timestamp, description: 'Created strictly before.' },
  created_at_after: { ...timestamp, description: 'Created strictly after.' },
};
