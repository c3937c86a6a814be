// A sequence template: the steps (channel, delay, subject and body as Liquid templates) that each
// sequence made from it runs, its status, sending window and sender. Steps and schedule are jsonb.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';
import { User } from './user.entity.ts';

export const TEMPLATE_STATUSES = ['PENDING_SETUP', 'ACTIVE', 'INACTIVE', 'FINISHING', 'ARCHIVED'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const STEP_TYPES = ['EMAIL', 'LINKEDIN_INVITATION', 'LINKEDIN_MESSAGE', 'CALL'] as const;
export type StepType = (typeof STEP_TYPES)[number];
export const MISSING_CHANNEL_RULES = ['STOP', 'SKIP_STEP'] as const;
export type MissingChannelRule = (typeof MISSING_CHANNEL_RULES)[number];
export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Whose hours the window means: the template's timezone, or the prospect's (the template's when unknown). */
export const WINDOW_TIMEZONES = ['TEMPLATE', 'PROSPECT'] as const;
export type WindowTimezone = (typeof WINDOW_TIMEZONES)[number];

/** A further text of an EMAIL or LinkedIn step (domain/sequences/variants.ts): variant 2 onwards. */
export interface StepVariant {
  /** EMAIL only (required there). */
  subject?: string | null;
  body: string;
  /** Share of runs, relative to the other variants' (default 1). */
  weight?: number;
}

export interface TemplateStep {
  type: StepType;
  delay_days: number;
  /** EMAIL only: the subject of an email that starts a thread; absent on a threaded step and on other types. */
  subject?: string | null;
  /** EMAIL only, stored only when true: the email continues the run's thread ("Re: <first subject>", In-Reply-To, References). */
  thread?: true;
  body: string;
  /** With `variants`: the weight of the step's own text (variant 1; default 1). */
  weight?: number;
  /** Variants 2 to 5 of an EMAIL or LinkedIn step; absent: the step has one text. */
  variants?: StepVariant[];
  /** With `variants`: pick a winner (domain/sequences/ab-test.ts); absent: the variants share runs for good. */
  ab_test?: { metric: 'REPLY_RATE' | 'POSITIVE_REPLY_RATE'; min_sends_per_variant: number; confidence: number };
}

/** A step's A/B verdict (domain/sequences/ab-decision.ts), kept on the template by step number. */
export interface VariantWinner {
  variant: number;
  metric: string;
  decided_at: string;
  tallies: { variant: number; delivered: number; successes: number; rate: number }[];
  z: number;
  p_value: number;
  threshold: number;
}

export interface SendingSchedule {
  days: Weekday[];
  start_hour: number;
  end_hour: number;
}

export const SequenceTemplateSchema = defineEntity({
  name: 'SequenceTemplate',
  tableName: 'sequence_templates',
  indexes: [{ name: 'sequence_templates_organization_created_index', properties: ['organization', 'createdAt', 'id'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    name: p.text(),
    summary: p.text().nullable(),
    status: p.enum(TEMPLATE_STATUSES).default('PENDING_SETUP'),
    language: p.text().default('en'),
    timezone: p.text().default('UTC'),
    /** When the template first became ACTIVE; kept through later status changes. */
    activatedAt: p.datetime().nullable(),
    steps: p.json<TemplateStep[]>(),
    onMissingChannel: p.enum(MISSING_CHANNEL_RULES).default('STOP'),
    schedule: p.json<SendingSchedule>().nullable(),
    windowTimezone: p.enum(WINDOW_TIMEZONES).default('TEMPLATE'),
    /** A step due on a public holiday (the prospect's country, else holidayCountry) waits for the next working window. */
    skipHolidays: p.boolean().default(false),
    /** The open pixel in the HTML part. */
    openTracking: p.boolean().default(true),
    /** Links rewritten to the click redirect. */
    clickTracking: p.boolean().default(true),
    holidayCountry: p.text().nullable(),
    /** Whose mailbox sends; null only if that user row is deleted (users are soft-removed). */
    senderUser: () => p.manyToOne(User).ref().nullable(),
    /**
     * A pool of 2-10 senders (domain/sequences/sender-pool.ts): each new run is given one of them at
     * enrollment (domain/sequences/enrollment/rotation.ts); senderUser is then the first. Null: one sender.
     */
    senderUserIds: p.json<string[]>().nullable(),
    requiresLeadReview: p.boolean().default(false),
    /** The A/B winners of its steps, by step number ("1": ...): set once each, cleared when the steps are replaced. */
    variantWinners: p.json<Record<string, VariantWinner>>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class SequenceTemplate extends SequenceTemplateSchema.class {}
SequenceTemplateSchema.setClass(SequenceTemplate);
