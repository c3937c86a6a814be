// A mailbox as its readers see it (GET /v1/users): the status and last_error of its row, except
// that a CONNECTED mailbox whose inbox sync is blind (sync_error: its IMAP server unreachable, its
// cursor still while mail waits, its inbox unread) shows ERROR with the sync's reason, so nothing
// reads CONNECTED while replies go unseen. Whether the sender's emails wait is said apart
// (emails_held): only the row's status holds them, and a blind sync never does. Pure.
import type { MailboxStatus } from '../../db/entities/mailbox.entity.ts';

/** A mailbox in these states holds its sender's emails (its SMTP login was refused or failed, or its IMAP login was refused). */
export const HOLDING_STATUSES: readonly MailboxStatus[] = ['AUTH_FAILED', 'ERROR'];

export interface MailboxStateRow {
  status: MailboxStatus;
  lastError: string | null;
  syncError: string | null;
}

export interface ShownMailboxState {
  status: MailboxStatus;
  last_error: string | null;
  /** True when the sender's emails wait for this mailbox (AUTH_FAILED, or ERROR of its logins or SMTP server). */
  emails_held: boolean;
}

export function shownMailboxState(row: MailboxStateRow): ShownMailboxState {
  const emailsHeld = HOLDING_STATUSES.includes(row.status);
  if (row.status === 'CONNECTED' && row.syncError)
    return { status: 'ERROR', last_error: row.syncError, emails_held: false };
  return { status: row.status, last_error: row.lastError, emails_held: emailsHeld };
}
