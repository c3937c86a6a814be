// The sandbox LinkedIn channel's own store (providers/linkedin/sandbox.ts): invitations and
// messages it would have sent, a stand-in for an outside system, so no organization and no foreign keys.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

export const LINKEDIN_ACTION_KINDS = ['INVITATION', 'MESSAGE'] as const;
export type LinkedinActionKind = (typeof LINKEDIN_ACTION_KINDS)[number];

export const SandboxLinkedinActionSchema = defineEntity({
  name: 'SandboxLinkedinAction',
  tableName: 'sandbox_linkedin_actions',
  indexes: [{ name: 'sandbox_linkedin_actions_url_created_index', properties: ['linkedinUrl', 'createdAt'] }],
  // The caller's key for the action: a retried call with the same key is recorded once.
  uniques: [{ name: 'sandbox_linkedin_actions_key_unique', properties: ['key'] }],
  properties: {
    /** The providerId answered to the caller. */
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
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
