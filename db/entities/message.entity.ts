// Messages a sequence (or a person) sends and receives on one channel, with their engagement
// counters (opens, clicks, bounces, accepted invitations).
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Contact } from './contact.entity.ts';
import { Organization } from './organization.entity.ts';
import { Sequence } from './sequence.entity.ts';
import { statsTriggersOf } from '../migrations/Migration20261202100000_stats_cheap_triggers.sql.ts';

export const MESSAGE_CHANNELS = ['EMAIL', 'LINKEDIN', 'CALENDAR', 'MANUAL'] as const;

export const MESSAGE_DIRECTIONS = ['OUTBOUND', 'INBOUND'] as const;

export const MessageSchema = defineEntity({
  name: 'Message',
  tableName: 'messages',
  indexes: [
    { name: 'messages_organization_contact_index', properties: ['organization', 'contact', 'sentAt'] },
    { name: 'messages_sequence_index', properties: ['sequence', 'sentAt'] },
    // The inbox sync finds the message a reply or a bounce names by its Message-ID.
    {
      name: 'messages_organization_provider_message_id_index',
      expression: `create index "messages_organization_provider_message_id_index" on "messages" ("organization_id", "provider_message_id") where "provider_message_id" is not null`,
    },
  ],
  // Keep the sequence_stats_daily counters (db/migrations/Migration20261202100000_stats_cheap_triggers.sql.ts).
  triggers: statsTriggersOf('messages'),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
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
    /** Step messages: the user whose mailbox sent it (null: the service's own address). */
    senderId: p.uuid().nullable(),
    /** Step messages of a step with variants: the variant sent (1-based); null otherwise. */
    variant: p.integer().nullable(),
    /** The first open by a person (an Apple Mail Privacy Protection fetch is not one: proxyOpenedAt). */
    uniqueOpenedAt: p.datetime().nullable(),
    proxyOpenedAt: p.datetime().nullable(),
    /** The first click by a person (a link scanner's click right after delivery is not one: botClickedAt). */
    uniqueClickedAt: p.datetime().nullable(),
    botClickedAt: p.datetime().nullable(),
    /** The earliest reply to this message (an out-of-office answer is none), and the earliest INTERESTED one. */
    firstReplyAt: p.datetime().nullable(),
    firstPositiveReplyAt: p.datetime().nullable(),
  },
});

export class Message extends MessageSchema.class {}
MessageSchema.setClass(Message);
