// A sender's connected mailbox: the SMTP server their sequence emails go out through and the IMAP
// inbox replies, bounces and auto-replies are read from. One per user. The two server URLs carry the
// login and password, so they are stored only sealed (domain/mailboxes/credentials.ts) and never
// served or printed. Written by domain/mailboxes (and the inbox cursor by the sync workflow's activities).
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';
import { User } from './user.entity.ts';

/**
 * CONNECTED: both logins worked when last tried. AUTH_FAILED: a server refused the login (wrong or
 * revoked password); the sender's emails wait until the mailbox is fixed. ERROR: a server could not
 * be reached or answered otherwise; sends wait the same way. DISCONNECTED: removed by an operator;
 * the sender's emails go out through the service's own transport again.
 */
export const MAILBOX_STATUSES = ['CONNECTED', 'AUTH_FAILED', 'ERROR', 'DISCONNECTED'] as const;
export type MailboxStatus = (typeof MAILBOX_STATUSES)[number];

export const MailboxSchema = defineEntity({
  name: 'Mailbox',
  tableName: 'mailboxes',
  uniques: [{ name: 'mailboxes_user_id_unique', properties: ['user'] }],
  indexes: [{ name: 'mailboxes_organization_id_index', properties: ['organization'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    /** The sender whose emails this mailbox sends (one mailbox per sender). */
    user: () => p.manyToOne(User).ref(),
    /** The From address of the sender's emails. */
    email: p.text(),
    /** The SMTP server's URL with its login and password, sealed. */
    smtpUrlEncrypted: p.text(),
    /** The IMAP server's URL with its login and password, sealed. */
    imapUrlEncrypted: p.text(),
    status: p.enum(MAILBOX_STATUSES),
    /** Why the mailbox is not CONNECTED (the server's answer, without credentials); null when it is. */
    lastError: p.text().nullable(),
    /** When the inbox was last read to the end. */
    lastSyncedAt: p.datetime().nullable(),
    /** The inbox's UIDVALIDITY when last_uid was read: a different one means the UIDs were renumbered. */
    uidValidity: p.bigint('string').nullable(),
    /** The highest inbox UID already recorded (the durable cursor of the inbox sync). */
    lastUid: p.bigint('string').nullable(),
    /**
     * Why the inbox sync cannot read the inbox now ("IMAP: ..."): its server unreachable, or a cursor
     * that has not moved while mail waits; null while it reads. Unlike a status, it holds no email.
     */
    syncError: p.text().nullable(),
    /** Since when sync_error has held (the first failure, or the cursor's last move). */
    syncErrorSince: p.datetime().nullable(),
    /** Messages above the cursor when the sync last looked (0: read to the end). */
    inboxWaiting: p.integer().nullable(),
    /** The INTERNALDATE of the last inbox message read: where a mailbox re-connected to another server starts. */
    lastReceivedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Mailbox extends MailboxSchema.class {}
MailboxSchema.setClass(Mailbox);
