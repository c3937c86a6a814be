// An inbox message a mailbox's sync has seen, keyed by (mailbox, UIDVALIDITY, UID): recorded once with
// what it was taken for, so a restarted sync never handles a message twice and an operator can see
// why a message did or did not count as a reply, a bounce or an auto-reply.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Mailbox } from './mailbox.entity.ts';
import { Organization } from './organization.entity.ts';

/**
 * REPLY: a prospect's answer. BOUNCE: a delivery failure report. COMPLAINT: a spam complaint (a
 * feedback-loop report, ARF). AUTO_REPLY: an automatic answer (out of office). IGNORED: anything
 * else, or a copy of a message already applied. UNREADABLE: a message that could not be parsed or
 * stored (detail.reason says why); the sync passed it.
 */
export const INBOX_MESSAGE_KINDS = ['REPLY', 'BOUNCE', 'COMPLAINT', 'AUTO_REPLY', 'IGNORED', 'UNREADABLE'] as const;
export type InboxMessageKind = (typeof INBOX_MESSAGE_KINDS)[number];

export const MailboxInboxMessageSchema = defineEntity({
  name: 'MailboxInboxMessage',
  tableName: 'mailbox_inbox_messages',
  uniques: [{ name: 'mailbox_inbox_messages_uid_unique', properties: ['mailbox', 'uidValidity', 'uid'] }],
  // A message seen again under another UID (the inbox renumbered, a copy) is found by its Message-ID.
  indexes: [
    {
      name: 'mailbox_inbox_messages_rfc_message_id_index',
      expression: `create index "mailbox_inbox_messages_rfc_message_id_index" on "mailbox_inbox_messages" ("mailbox_id", "rfc_message_id") where "rfc_message_id" is not null`,
    },
    // A message is applied once per organization, whichever of its mailboxes saw it.
    {
      name: 'mailbox_inbox_messages_dedupe_unique',
      expression: `create unique index "mailbox_inbox_messages_dedupe_unique" on "mailbox_inbox_messages" ("organization_id", "dedupe_key") where "dedupe_key" is not null`,
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    mailbox: () => p.manyToOne(Mailbox).ref(),
    organization: () => p.manyToOne(Organization).ref(),
    uidValidity: p.bigint('string'),
    uid: p.bigint('string'),
    /** The inbox message's own Message-ID header, when it has one. */
    rfcMessageId: p.text().nullable(),
    /**
     * What the message is deduplicated by within its organization (`mid:<Message-ID>`, or `digest:<sha256>`
     * of its headers and body when it has none); set on the row that applied it, null on copies and on
     * UNREADABLE rows.
     */
    dedupeKey: p.text().nullable(),
    kind: p.enum(INBOX_MESSAGE_KINDS),
    /** The service's message (messages.id) it answers or reports on, when one matched. */
    matchedMessageId: p.uuid().nullable(),
    /** What the classification found (bounce status and recipient, the reason it was ignored, ...). */
    detail: p.json<Record<string, unknown>>().nullable(),
    receivedAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class MailboxInboxMessage extends MailboxInboxMessageSchema.class {}
MailboxInboxMessageSchema.setClass(MailboxInboxMessage);
