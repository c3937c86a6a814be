// Sending an email (a run's step, a task's reply) through its sender's connected mailbox: which
// transport it takes (the mailbox's SMTP, or the service's own transport when the sender has none),
// when it must wait (the mailbox is AUTH_FAILED or ERROR), and what a failed send says about the
// mailbox (a refused login marks it AUTH_FAILED, a server that cannot be reached ERROR; the email
// then waits instead of failing). An ERROR mailbox's logins are tried again on each retry of a
// held email; an AUTH_FAILED one waits for an operator (retrying a refused password can lock the
// account). What a mailbox's server says is cleaned of its secrets before it is stored or thrown.
import { dkimSigned } from '../sending/dkim.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MailTransport } from '../../providers/mail/index.ts';
import { SmtpMailTransport } from '../../providers/mail/smtp.ts';
import { UNREADABLE_CREDENTIALS, type MailboxCredentials } from './credentials.ts';
import { checkSmtpLogin, failureText, isSmtpAuthFailure } from './logins.ts';
import { recordMailboxOutcome, type MailboxChange } from './mailboxes.service.ts';
import { HOLDING_STATUSES } from './sync-view.ts';
import { scrubbedTransport } from './scrubbed-transport.ts';
import { smtpOptions } from './smtp-options.ts';
import { sendingMailbox } from './mailboxes.queries.ts';

/** Socket-level failures: the mailbox's server could not be reached or spoken to at all. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EDNS',
  'ETIMEDOUT',
  'ECONNECTION',
  'ETLS',
  'ESOCKET',
  'EGREETING',
]);

export type EmailRoute =
  | { kind: 'TRANSPORT'; mail: MailTransport; mailboxId: string | null; sealedSmtpUrl: string | null; close(): void }
  | { kind: 'HELD'; mailboxId: string; status: string; lastError: string | null };

export interface MailboxSending {
  /** How the sender's email goes out now (null sender: the service's transport). */
  route(em: EntityManager, senderId: string | null): Promise<EmailRoute>;
  /** A send through a mailbox threw: true when the mailbox is now marked and the email must wait. */
  failed(em: EntityManager, route: Extract<EmailRoute, { kind: 'TRANSPORT' }>, error: unknown): Promise<boolean>;
  /**
   * A held email's retry: an ERROR mailbox's SMTP login is tried again (no network call under a
   * lock). Only SMTP decides whether sends wait: an IMAP server that cannot be reached blinds the
   * inbox sync (shown as its sync_error), never the sending.
   */
  recheck(em: EntityManager, mailboxId: string): Promise<MailboxChange | null>;
}

export function mailboxSending(deps: {
  credentials: MailboxCredentials;
  fallback: MailTransport;
  /** When given, the shared transport signs each email From a registered sending domain (DKIM) with keys sealed under it. */
  dkimSecretKey?: string;
  onChange?(change: MailboxChange): Promise<void>;
}): MailboxSending {
  const changed = async (change: MailboxChange | null) => {
    if (change) await deps.onChange?.(change);
    return change;
  };
  return {
    async route(em, senderId) {
      const mailbox = senderId ? await sendingMailbox(em, { userId: senderId }) : undefined;
      if (!mailbox) {
        const secretKey = deps.dkimSecretKey;
        const mail =
          secretKey === undefined ? deps.fallback : dkimSigned(deps.fallback, { em: () => em, secretKey, senderId });
        return { kind: 'TRANSPORT', mail, mailboxId: null, sealedSmtpUrl: null, close: () => {} };
      }
      if (HOLDING_STATUSES.includes(mailbox.status))
        return { kind: 'HELD', mailboxId: mailbox.id, status: mailbox.status, lastError: mailbox.last_error };
      const server = deps.credentials.tryOpen(mailbox.id, 'smtp', mailbox.smtp_url_encrypted);
      if (!server) {
        // No retry opens them: the mailbox waits for an operator, like a refused password.
        await changed(
          await recordMailboxOutcome(em, mailbox.id, {
            status: 'AUTH_FAILED',
            error: UNREADABLE_CREDENTIALS,
            sealedSmtpUrl: mailbox.smtp_url_encrypted,
          }),
        );
        return { kind: 'HELD', mailboxId: mailbox.id, status: 'AUTH_FAILED', lastError: UNREADABLE_CREDENTIALS };
      }
      const transport = new SmtpMailTransport({ options: smtpOptions(server) });
      return {
        kind: 'TRANSPORT',
        mail: scrubbedTransport(transport, server),
        mailboxId: mailbox.id,
        sealedSmtpUrl: mailbox.smtp_url_encrypted,
        close: () => transport.close(),
      };
    },

    async failed(em, route, error) {
      if (route.mailboxId === null || route.sealedSmtpUrl === null) return false;
      const code = (error as { code?: string } | null)?.code;
      const status = isSmtpAuthFailure(error) ? 'AUTH_FAILED' : code && UNREACHABLE.has(code) ? 'ERROR' : null;
      if (status === null) return false;
      const server = deps.credentials.open(route.mailboxId, 'smtp', route.sealedSmtpUrl); // it opened for the send
      await changed(
        await recordMailboxOutcome(em, route.mailboxId, {
          status,
          error: failureText(server, error),
          sealedSmtpUrl: route.sealedSmtpUrl,
        }),
      );
      return true;
    },

    async recheck(em, mailboxId) {
      const mailbox = await sendingMailbox(em, { id: mailboxId });
      if (!mailbox || mailbox.status !== 'ERROR') return null;
      const smtp = deps.credentials.tryOpen(mailbox.id, 'smtp', mailbox.smtp_url_encrypted);
      const verdict = smtp
        ? await checkSmtpLogin(smtp)
        : { status: 'AUTH_FAILED' as const, error: UNREADABLE_CREDENTIALS };
      return changed(
        await recordMailboxOutcome(em, mailboxId, {
          status: verdict.status,
          error: verdict.error,
          sealedSmtpUrl: mailbox.smtp_url_encrypted,
        }),
      );
    },
  };
}
