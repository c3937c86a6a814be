// Sequences (one outreach run of one contact in one template), the messages they send and receive,
// engagement rows and senders' counters. Tasks live in task.entity.ts.
// Status lives here, in PostgreSQL: the API reads it; the sequence workflow writes it.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Contact } from './contact.entity.ts';
import { Organization } from './organization.entity.ts';
import { SequenceTemplate } from './sequence-template.entity.ts';
import { User } from './user.entity.ts';

export const SEQUENCE_STATUSES = [
  'FOUND', 'ACTIVE', 'WAITING_FOR_LEAD', 'WAITING_FOR_USER', 'SUCCEEDED', 'FAILED', 'STOPPED_EARLY', 'COMPLETED', 'REFUSED',
] as const;
export type SequenceStatus = (typeof SEQUENCE_STATUSES)[number];
/** A contact runs a template at most once at a time in these. */
export const RUNNING_STATUSES = ['FOUND', 'ACTIVE', 'WAITING_FOR_LEAD', 'WAITING_FOR_USER'] as const;
export const TERMINAL_STATUSES = ['SUCCEEDED', 'FAILED', 'STOPPED_EARLY', 'COMPLETED'] as const;

const SequenceSchema = defineEntity({
  name: 'Sequence',
  tableName: 'sequences',
  indexes: [
    { name: 'sequences_one_running_unique', expression: `create unique index "sequences_one_running_unique" on "sequences" ("contact_id", "sequence_template_id") where "status" in ('FOUND', 'ACTIVE', 'WAITING_FOR_LEAD', 'WAITING_FOR_USER')` },
    { name: 'sequences_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
    { name: 'sequences_organization_contact_index', properties: ['organization', 'contact'] },
    { name: 'sequences_organization_template_index', properties: ['organization', 'sequenceTemplate'] },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    contact: () => p.manyToOne(Contact).ref().deleteRule('cascade'),
    accountId: p.uuid().nullable(),
    sequenceTemplate: () => p.manyToOne(SequenceTemplate).ref(),
    status: p.enum(SEQUENCE_STATUSES),
    /** Why it ended early or was refused (e.g. REMOVED_FROM_SOURCE_LIST, EXCLUDED, NO_CHANNEL). */
    stoppedReason: p.text().nullable(),
    /** Why the run ended with stopped_reason ERROR: a step failed in a way no retry can fix (kept for operators and clients). */
    error: p.text().nullable(),
    pausedUntil: p.datetime().nullable(),
    /** The status a pause interrupted, restored on resume. */
    statusBeforePause: p.text().nullable(),
    /** Steps started so far (0 before the first). */
    currentStep: p.integer().default(0),
    variables: p.json<Record<string, string | null>>(),
    sourceContactEntryId: p.uuid().nullable(),
    sender: () => p.manyToOne(User).ref().nullable(),
    /** Set by a SEQUENCE-scope task reassignment: the assignee of this run's later tasks (default: the sender). */
    taskAssignee: () => p.manyToOne(User).ref().nullable(),
    /** The enrollment run that created it (the 202's enrollment_run_id). */
    enrollmentRunId: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    endedAt: p.datetime().nullable(),
    /** Set by a reply that halts automatic steps (the run then waits for a person: WAITING_FOR_USER until the team answers, then WAITING_FOR_LEAD). */
    repliedAt: p.datetime().nullable(),
    /** Sum of the run's engagement points (domain/engagement.ts); a hot lead at the threshold. */
    engagementScore: p.integer().default(0),
  },
});

export class Sequence extends SequenceSchema.class {}
SequenceSchema.setClass(Sequence);

export const MESSAGE_CHANNELS = ['EMAIL', 'LINKEDIN', 'CALENDAR', 'MANUAL'] as const;
export const MESSAGE_DIRECTIONS = ['OUTBOUND', 'INBOUND'] as const;

const MessageSchema = defineEntity({
  name: 'Message',
  tableName: 'messages',
  indexes: [
    { name: 'messages_organization_contact_index', properties: ['organization', 'contact', 'sentAt'] },
    { name: 'messages_sequence_index', properties: ['sequence', 'sentAt'] },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    contact: () => p.manyToOne(Contact).ref().deleteRule('cascade'),
    sequence: () => p.manyToOne(Sequence).ref().nullable().deleteRule('cascade'),
    channel: p.enum(MESSAGE_CHANNELS),
    direction: p.enum(MESSAGE_DIRECTIONS),
    /** LINKEDIN_INVITATION steps are LINKEDIN messages of this kind. */
    kind: p.text().default('MESSAGE'),
    subject: p.text().nullable(),
    body: p.text(),
    stepNumber: p.integer().nullable(),
    providerMessageId: p.text().nullable(),
    sentAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** An INBOUND reply: the OUTBOUND message it answers; an OUTBOUND reply (reply task): the INBOUND one. */
    inReplyTo: () => p.manyToOne(Message).ref().nullable().deleteRule('set null'),
    /** INBOUND replies: the classifier's verdict (domain/engagement/reply-classifier.ts). */
    replyCategory: p.text().nullable(),
    openCount: p.integer().default(0),
    openedAt: p.datetime().nullable(),
    clickCount: p.integer().default(0),
    clickedAt: p.datetime().nullable(),
    bouncedAt: p.datetime().nullable(),
    /** LINKEDIN invitations: when the contact accepted. */
    acceptedAt: p.datetime().nullable(),
  },
});

export class Message extends MessageSchema.class {}
MessageSchema.setClass(Message);

const HotLeadSchema = defineEntity({
  name: 'HotLead',
  tableName: 'hot_leads',
  indexes: [{ name: 'hot_leads_sequence_unique', expression: 'create unique index "hot_leads_sequence_unique" on "hot_leads" ("sequence_id")' }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    contact: () => p.manyToOne(Contact).ref().deleteRule('cascade'),
    sequence: () => p.manyToOne(Sequence).ref().deleteRule('cascade'),
    engagementScore: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class HotLead extends HotLeadSchema.class {}
HotLeadSchema.setClass(HotLead);

const MeetingSchema = defineEntity({
  name: 'Meeting',
  tableName: 'meetings',
  indexes: [{ name: 'meetings_organization_contact_index', properties: ['organization', 'contact'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    contact: () => p.manyToOne(Contact).ref().deleteRule('cascade'),
    sequence: () => p.manyToOne(Sequence).ref().nullable().deleteRule('set null'),
    title: p.text(),
    startTime: p.datetime(),
    endTime: p.datetime(),
    timezone: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Meeting extends MeetingSchema.class {}
MeetingSchema.setClass(Meeting);

/** Emails a sender's mailbox sent per UTC day (the daily send limit's counter). */
const SenderDailySendsSchema = defineEntity({
  name: 'SenderDailySends',
  tableName: 'sender_daily_sends',
  properties: {
    user: () => p.manyToOne(User).ref().primary().deleteRule('cascade'),
    day: p.date().primary(),
    sent: p.integer().default(0),
  },
});

export class SenderDailySends extends SenderDailySendsSchema.class {}
SenderDailySendsSchema.setClass(SenderDailySends);
