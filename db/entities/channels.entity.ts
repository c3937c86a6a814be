// The sandbox outreach channels' own stores (providers/mail/sandbox.ts, providers/linkedin/sandbox.ts):
// what they would have sent, a stand-in for outside systems, so no organization and no foreign keys.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

export const LINKEDIN_ACTION_KINDS = ['INVITATION', 'MESSAGE'] as const;
export type LinkedinActionKind = (typeof LINKEDIN_ACTION_KINDS)[number];

const SandboxOutboundEmailSchema = defineEntity({
  name: 'SandboxOutboundEmail',
  tableName: 'sandbox_outbound_emails',
  // message_id is unique so that a retried send (same Message-ID) stores the email once.
  indexes: [{ name: 'sandbox_outbound_emails_to_created_index', properties: ['toEmail', 'createdAt'] }],
  uniques: [{ name: 'sandbox_outbound_emails_message_id_unique', properties: ['messageId'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
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

const SandboxLinkedinActionSchema = defineEntity({
  name: 'SandboxLinkedinAction',
  tableName: 'sandbox_linkedin_actions',
  indexes: [{ name: 'sandbox_linkedin_actions_url_created_index', properties: ['linkedinUrl', 'createdAt'] }],
  // The caller's key for the action: a retried call with the same key is recorded once.
  uniques: [{ name: 'sandbox_linkedin_actions_key_unique', properties: ['key'] }],
  properties: {
    /** The providerId answered to the caller. */
    id: p.uuid().primary().onCreate(() => randomUUID()),
    kind: p.enum(LINKEDIN_ACTION_KINDS),
    /** The idempotency key the caller sent (null for actions recorded before keys existed). */
    key: p.text().nullable(),
    /** Our user whose LinkedIn account acts (text: the outside system keeps no link to our tables). */
    senderUserId: p.text(),
    /** Canonical profile URL when the given one was a profile URL, else as given. */
    linkedinUrl: p.text(),
    /** The invitation note (may be null) or the message body. */
    text: p.text().nullable(),
    accepted: p.boolean(),
    error: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class SandboxLinkedinAction extends SandboxLinkedinActionSchema.class {}
SandboxLinkedinActionSchema.setClass(SandboxLinkedinAction);
