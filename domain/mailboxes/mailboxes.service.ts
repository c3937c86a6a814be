// Connected mailboxes as the admin CLI manages them: connect (store sealed URLs, try both logins),
// list, disconnect, test, and the record every reader gets (never a credential). A mailbox that
// becomes CONNECTED or DISCONNECTED lets its sender's held emails go: their runs are told through
// RUN_CHANGED commands recorded in the same transaction (delivered after the commit, or by the drain).
// Connect, test and disconnect record the mailbox's MAILBOX_SYNC command the same way: its inbox
// sync starts or stops after the commit, whether or not Temporal answers at that moment.
import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Mailbox, type MailboxStatus } from '../../db/entities/mailbox.entity.ts';
import { Organization, User } from '../../db/entities/index.ts';
import { RUNNING_STATUSES } from '../sequences/statuses.ts';
import { iso } from '../shared/time.ts';
import { recordMailboxSyncs, recordRunsChanged } from '../workflow-commands/outbox.ts';
import { UNREADABLE_CREDENTIALS, type MailboxCredentials } from './credentials.ts';
import { checkLogins, type LoginVerdict } from './logins.ts';
import { loginAddress, MailUrlError, parseMailUrl, type MailServer } from './mail-urls.ts';
import { HOLDING_STATUSES, shownMailboxState } from './sync-view.ts';
import { runsSentBy } from './mailboxes.queries.ts';

/** A refusal the operator can act on (unknown user or mailbox, an address that is not one). */
export class MailboxError extends Error {}

/** What the CLI prints and the API shows: no URL, login or password. */
export interface MailboxRecord {
  id: string;
  user_id: string;
  email: string;
  status: MailboxStatus;
  last_synced_at: string | null;
  last_error: string | null;
  /** True when the sender's emails wait for this mailbox (see sync-view.ts). */
  emails_held: boolean;
}

export function toMailboxRecord(mailbox: Mailbox): MailboxRecord {
  const shown = shownMailboxState({
    status: mailbox.status,
    lastError: mailbox.lastError ?? null,
    syncError: mailbox.syncError ?? null,
  });
  return {
    id: mailbox.id,
    user_id: mailbox.user.id,
    email: mailbox.email,
    status: shown.status,
    last_synced_at: iso(mailbox.lastSyncedAt ?? null),
    last_error: shown.last_error,
    emails_held: shown.emails_held,
  };
}

/** A change's record and the runs it let go (their RUN_CHANGED commands are recorded). */
export interface MailboxChange {
  mailbox: MailboxRecord;
  organizationId: string;
  wokenSequenceIds: string[];
  /** True when the change recorded the mailbox's MAILBOX_SYNC command (deliverMailboxSyncs delivers it). */
  syncCommand: boolean;
}

export interface MailboxDeps {
  credentials: MailboxCredentials;
  /** Tries both logins; the real servers by default. */
  checkLogins?: (smtp: MailServer, imap: MailServer) => Promise<LoginVerdict>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The sender's running sequences, each with a RUN_CHANGED command recorded in `tx`: a run waiting
 * on the mailbox re-reads its row and tries its email again.
 */
export async function wakeSenderRuns(tx: EntityManager, organizationId: string, userId: string): Promise<string[]> {
  const rows = await runsSentBy(tx, organizationId, userId, RUNNING_STATUSES);
  await recordRunsChanged(
    tx,
    rows.map((r) => ({ id: r.id, organizationId })),
  );
  return rows.map((r) => r.id);
}

/** Sets the outcome of a check (or a send) and wakes the sender's runs when the mailbox stops holding them. */
async function applyStatus(
  tx: EntityManager,
  mailbox: Mailbox,
  status: MailboxStatus,
  error: string | null,
  wasHolding: boolean,
): Promise<MailboxChange> {
  mailbox.status = status;
  mailbox.lastError = error;
  await tx.flush();
  const letGo = wasHolding && !HOLDING_STATUSES.includes(status);
  const woken = letGo ? await wakeSenderRuns(tx, mailbox.organization.id, mailbox.user.id) : [];
  return {
    mailbox: toMailboxRecord(mailbox),
    organizationId: mailbox.organization.id,
    wokenSequenceIds: woken,
    syncCommand: false,
  };
}

/** applyStatus, and the MAILBOX_SYNC command that makes the inbox sync follow the new row. */
async function applyStatusAndSync(
  tx: EntityManager,
  mailbox: Mailbox,
  status: MailboxStatus,
  error: string | null,
  wasHolding: boolean,
): Promise<MailboxChange> {
  const change = await applyStatus(tx, mailbox, status, error, wasHolding);
  await recordMailboxSyncs(tx, [{ id: mailbox.id, organizationId: mailbox.organization.id }]);
  return { ...change, syncCommand: true };
}

/** The IMAP server a stored mailbox was connected to, or null when its credentials are gone or no longer open (another secret key). */
function storedImap(credentials: MailboxCredentials, mailbox: Mailbox): MailServer | null {
  return mailbox.imapUrlEncrypted ? credentials.tryOpen(mailbox.id, 'imap', mailbox.imapUrlEncrypted) : null;
}

/**
 * Connects (or re-connects) the user's mailbox: the URLs are read and checked, both logins tried,
 * and the mailbox stored with the outcome as its status (AUTH_FAILED and ERROR are stored too, so
 * `mailbox test` can retry them). A re-connect replaces the credentials and keeps the mailbox's id;
 * its inbox cursor starts over when the IMAP server, login or address changed.
 */
export async function connectMailbox(
  em: EntityManager,
  deps: MailboxDeps,
  input: { userId: string; smtpUrl: string; imapUrl: string; email?: string },
): Promise<MailboxChange> {
  deps.credentials.requireSealingKey();
  const smtp = parseMailUrl('--smtp-url', 'smtp', input.smtpUrl);
  const imap = parseMailUrl('--imap-url', 'imap', input.imapUrl);
  const email = input.email?.trim().toLowerCase() ?? loginAddress(smtp);
  if (email === null) throw new MailUrlError('--email', 'required: the SMTP login is not an email address');
  if (!EMAIL.test(email)) throw new MailUrlError('--email', `${email} is not an email address`);
  const user = await em.findOne(User, { id: input.userId, removedAt: null });
  if (!user) throw new MailboxError(`active user ${input.userId} not found`);
  // The logins are tried before any transaction: no row is locked while a server answers.
  const verdict = await (deps.checkLogins ?? checkLogins)(smtp, imap);
  return em.transactional(async (tx) => {
    let mailbox = await tx.findOne(Mailbox, { user: user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const wasHolding = mailbox !== null && HOLDING_STATUSES.includes(mailbox.status);
    // Sealed for this row: the id is known before the row is written.
    const id = mailbox?.id ?? randomUUID();
    const sealed = {
      smtpUrlEncrypted: deps.credentials.seal(id, 'smtp', input.smtpUrl.trim()),
      imapUrlEncrypted: deps.credentials.seal(id, 'imap', input.imapUrl.trim()),
    };
    if (mailbox) {
      const before = storedImap(deps.credentials, mailbox);
      if (
        !before ||
        before.host !== imap.host ||
        before.port !== imap.port ||
        before.user !== imap.user ||
        mailbox.email !== email
      ) {
        mailbox.uidValidity = null;
        mailbox.lastUid = null;
        mailbox.lastSyncedAt = null;
      }
      mailbox.email = email;
      mailbox.smtpUrlEncrypted = sealed.smtpUrlEncrypted;
      mailbox.imapUrlEncrypted = sealed.imapUrlEncrypted;
    } else {
      mailbox = tx.create(Mailbox, {
        id,
        organization: user.organization,
        user,
        email,
        status: verdict.status,
        ...sealed,
      });
    }
    // A mailbox that was DISCONNECTED sent through the service's transport meanwhile: nothing to wake.
    return applyStatusAndSync(tx, mailbox, verdict.status, verdict.error, wasHolding);
  });
}

export async function listMailboxes(em: EntityManager, organizationId: string): Promise<MailboxRecord[]> {
  if (!(await em.count(Organization, { id: organizationId })))
    throw new MailboxError(`organization ${organizationId} not found`);
  const mailboxes = await em.find(
    Mailbox,
    { organization: organizationId },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  return mailboxes.map(toMailboxRecord);
}

async function lockedMailbox(tx: EntityManager, id: string): Promise<Mailbox> {
  const mailbox = await tx.findOne(Mailbox, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!mailbox) throw new MailboxError(`mailbox ${id} not found`);
  return mailbox;
}

/**
 * Disconnects: the credentials are forgotten (a re-connect gives new ones), the status is
 * DISCONNECTED, the inbox sync stops, and the sender's emails go out through the service's own
 * transport again.
 */
export async function disconnectMailbox(em: EntityManager, id: string): Promise<MailboxChange> {
  return em.transactional(async (tx) => {
    const mailbox = await lockedMailbox(tx, id);
    const wasHolding = HOLDING_STATUSES.includes(mailbox.status);
    mailbox.smtpUrlEncrypted = '';
    mailbox.imapUrlEncrypted = '';
    return applyStatusAndSync(tx, mailbox, 'DISCONNECTED', null, wasHolding);
  });
}

/**
 * In the transaction that removes the user: their mailbox, unless already DISCONNECTED, is
 * disconnected (credentials erased) and its sync's stop recorded. Answers its id, or null. Their
 * runs are ended by the removal itself, so none is woken here.
 */
export async function disconnectUserMailbox(tx: EntityManager, userId: string): Promise<string | null> {
  const mailbox = await tx.findOne(Mailbox, { user: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!mailbox || mailbox.status === 'DISCONNECTED') return null;
  mailbox.smtpUrlEncrypted = '';
  mailbox.imapUrlEncrypted = '';
  mailbox.status = 'DISCONNECTED';
  mailbox.lastError = null;
  await tx.flush();
  await recordMailboxSyncs(tx, [{ id: mailbox.id, organizationId: mailbox.organization.id }]);
  return mailbox.id;
}

/** Tries both logins again with the stored credentials and records the outcome. */
export async function testMailbox(em: EntityManager, deps: MailboxDeps, id: string): Promise<MailboxChange> {
  const stored = await em.findOne(Mailbox, { id });
  if (!stored) throw new MailboxError(`mailbox ${id} not found`);
  if (stored.status === 'DISCONNECTED')
    throw new MailboxError(`mailbox ${id} is disconnected: connect it again with mailbox connect`);
  const smtp = deps.credentials.tryOpen(id, 'smtp', stored.smtpUrlEncrypted);
  const imap = deps.credentials.tryOpen(id, 'imap', stored.imapUrlEncrypted);
  if (!smtp || !imap) throw new MailboxError(`mailbox ${id}: ${UNREADABLE_CREDENTIALS}`);
  const verdict = await (deps.checkLogins ?? checkLogins)(smtp, imap);
  return em.transactional(async (tx) => {
    const mailbox = await lockedMailbox(tx, id);
    // Disconnected or re-connected while the servers answered: that newer state stands.
    if (mailbox.status === 'DISCONNECTED' || mailbox.smtpUrlEncrypted !== stored.smtpUrlEncrypted) {
      return {
        mailbox: toMailboxRecord(mailbox),
        organizationId: mailbox.organization.id,
        wokenSequenceIds: [],
        syncCommand: false,
      };
    }
    return applyStatusAndSync(tx, mailbox, verdict.status, verdict.error, HOLDING_STATUSES.includes(mailbox.status));
  });
}

/**
 * A send or a sync found the mailbox's login refused or its server failing: the status moves to
 * AUTH_FAILED or ERROR with the reason (a DISCONNECTED or re-connected mailbox is left as it is);
 * back to CONNECTED after a success, waking the runs it held.
 */
export async function recordMailboxOutcome(
  em: EntityManager,
  id: string,
  outcome: { status: Exclude<MailboxStatus, 'DISCONNECTED'>; error: string | null; sealedSmtpUrl?: string },
): Promise<MailboxChange | null> {
  return em.transactional(async (tx) => {
    const mailbox = await tx.findOne(Mailbox, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!mailbox || mailbox.status === 'DISCONNECTED') return null;
    if (outcome.sealedSmtpUrl !== undefined && outcome.sealedSmtpUrl !== mailbox.smtpUrlEncrypted) return null;
    if (mailbox.status === outcome.status && mailbox.lastError === outcome.error) return null;
    return applyStatus(tx, mailbox, outcome.status, outcome.error, HOLDING_STATUSES.includes(mailbox.status));
  });
}
