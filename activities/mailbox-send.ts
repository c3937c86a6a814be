// Sending a run's email through its sender's connected mailbox: which transport an email takes
// (the mailbox's SMTP, or the service's own transport when the sender has none), when it must wait
// (the mailbox is AUTH_FAILED or ERROR), and what a failed send says about the mailbox (a refused
// login marks it AUTH_FAILED, a server that cannot be reached ERROR; the email then waits instead
// of failing its run). An ERROR mailbox's logins are tried again on each retry of a held email;
// an AUTH_FAILED one waits for an operator (retrying a refused password can lock the account).
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../db/kysely.ts';
import type { MailboxCredentials } from '../domain/mailboxes/credentials.ts';
import { checkLogins, failureText, isSmtpAuthFailure } from '../domain/mailboxes/logins.ts';
import { HOLDING_STATUSES, recordMailboxOutcome, type MailboxChange } from '../domain/mailboxes/mailboxes.service.ts';
import { smtpOptions } from '../domain/mailboxes/smtp-options.ts';
import type { MailTransport } from '../providers/mail/index.ts';
import { SmtpMailTransport } from '../providers/mail/smtp.ts';

/** Socket-level failures: the mailbox's server could not be reached or spoken to at all. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EDNS', 'ETIMEDOUT', 'ECONNECTION', 'ETLS', 'ESOCKET', 'EGREETING']);

export type EmailRoute =
  | { kind: 'TRANSPORT'; mail: MailTransport; mailboxId: string | null; sealedSmtpUrl: string | null; close(): void }
  | { kind: 'HELD'; mailboxId: string };

export interface MailboxSending {
  /** How the sender's email goes out now (null sender: the service's transport). */
  route(em: EntityManager, senderId: string | null): Promise<EmailRoute>;
  /** A send through a mailbox threw: true when the mailbox is now marked and the email must wait. */
  failed(em: EntityManager, route: Extract<EmailRoute, { kind: 'TRANSPORT' }>, error: unknown): Promise<boolean>;
  /** A held email's retry: an ERROR mailbox's logins are tried again (no network call under a lock). */
  recheck(em: EntityManager, mailboxId: string): Promise<MailboxChange | null>;
}

async function mailboxOf(em: EntityManager, where: { userId: string } | { id: string }) {
  let query = typedKysely(em).selectFrom('mailboxes').select(['id', 'status', 'smtp_url_encrypted', 'imap_url_encrypted']).where('status', '<>', 'DISCONNECTED');
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('user_id', '=', where.userId);
  return query.executeTakeFirst();
}

export function mailboxSending(deps: { credentials: MailboxCredentials; fallback: MailTransport; onChange?(change: MailboxChange): Promise<void> }): MailboxSending {
  const changed = async (change: MailboxChange | null) => {
    if (change) await deps.onChange?.(change);
    return change;
  };
  return {
    async route(em, senderId) {
      const mailbox = senderId ? await mailboxOf(em, { userId: senderId }) : undefined;
      if (!mailbox) return { kind: 'TRANSPORT', mail: deps.fallback, mailboxId: null, sealedSmtpUrl: null, close: () => {} };
      if (HOLDING_STATUSES.includes(mailbox.status)) return { kind: 'HELD', mailboxId: mailbox.id };
      const transport = new SmtpMailTransport({ options: smtpOptions(deps.credentials.open('smtp', mailbox.smtp_url_encrypted)) });
      return { kind: 'TRANSPORT', mail: transport, mailboxId: mailbox.id, sealedSmtpUrl: mailbox.smtp_url_encrypted, close: () => transport.close() };
    },

    async failed(em, route, error) {
      if (route.mailboxId === null || route.sealedSmtpUrl === null) return false;
      const code = (error as { code?: string } | null)?.code;
      const status = isSmtpAuthFailure(error) ? 'AUTH_FAILED' : code && UNREACHABLE.has(code) ? 'ERROR' : null;
      if (status === null) return false;
      const server = deps.credentials.open('smtp', route.sealedSmtpUrl);
      await changed(await recordMailboxOutcome(em, route.mailboxId, { status, error: failureText(server, error), sealedSmtpUrl: route.sealedSmtpUrl }));
      return true;
    },

    async recheck(em, mailboxId) {
      const mailbox = await mailboxOf(em, { id: mailboxId });
      if (!mailbox || mailbox.status !== 'ERROR') return null;
      const verdict = await checkLogins(deps.credentials.open('smtp', mailbox.smtp_url_encrypted), deps.credentials.open('imap', mailbox.imap_url_encrypted));
      return changed(await recordMailboxOutcome(em, mailboxId, { status: verdict.status, error: verdict.error, sealedSmtpUrl: mailbox.smtp_url_encrypted }));
    },
  };
}
