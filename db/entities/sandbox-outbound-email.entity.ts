// The sandbox mail channel's own store (providers/mail/sandbox.ts): what it would have sent, a
// stand-in for an outside system, so no organization and no foreign keys.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

export const SandboxOutboundEmailSchema = defineEntity({
  name: 'SandboxOutboundEmail',
  tableName: 'sandbox_outbound_emails',
  // message_id is unique so that a retried send (same Message-ID) stores the email once.
  indexes: [{ name: 'sandbox_outbound_emails_to_created_index', properties: ['toEmail', 'createdAt'] }],
  uniques: [{ name: 'sandbox_outbound_emails_message_id_unique', properties: ['messageId'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    /** The Message-ID header, `<id@host>`. */
    messageId: p.text(),
    fromName: p.text(),
    fromEmail: p.text(),
    toName: p.text().nullable(),
    toEmail: p.text(),
    subject: p.text(),
    text: p.text(),
    html: p.text().nullable(),
    headers: p.json<Record<string, string>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class SandboxOutboundEmail extends SandboxOutboundEmailSchema.class {}
SandboxOutboundEmailSchema.setClass(SandboxOutboundEmail);
