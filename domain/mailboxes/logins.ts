// Trying a mailbox's two logins: SMTP (nodemailer's verify: connect, TLS, AUTH) and IMAP (imapflow:
// connect, TLS, LOGIN, LOGOUT). What a failure says decides the mailbox's status: a refused login is
// AUTH_FAILED (the password must change), anything else ERROR (the server may come back).
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import type { MailboxStatus } from '../../db/entities/mailbox.entity.ts';
import { truncateText } from '../shared/text.ts';
import { describeMailServer, withoutSecrets, type MailServer } from './mail-urls.ts';
import { smtpOptions } from './smtp-options.ts';

export type LoginVerdict =
  | { status: 'CONNECTED'; error: null }
  | { status: Exclude<MailboxStatus, 'CONNECTED' | 'DISCONNECTED'>; error: string };

const ERROR_MAX = 500;

/** The SMTP reply codes of a refused login (535 bad credentials, 534 and 530 login needed or refused). */
const SMTP_AUTH_CODES = new Set([530, 534, 535]);

/** True when an SMTP error is the server refusing the login. */
export function isSmtpAuthFailure(error: unknown): boolean {
  const e = error as { code?: string; responseCode?: number } | null;
  return e?.code === 'EAUTH' || (typeof e?.responseCode === 'number' && SMTP_AUTH_CODES.has(e.responseCode));
}

function isImapAuthFailure(error: unknown): boolean {
  const e = error as { authenticationFailed?: boolean; serverResponseCode?: string } | null;
  return e?.authenticationFailed === true || e?.serverResponseCode === 'AUTHENTICATIONFAILED';
}

/** A failure as stored and shown: which server, what it said, never a password. */
export function failureText(server: MailServer, error: unknown): string {
  const e = error as { message?: string; responseText?: string; response?: string } | null;
  const said = e?.responseText ?? e?.response ?? e?.message ?? String(error);
  return truncateText(withoutSecrets(`${describeMailServer(server)}: ${said}`, [server]), ERROR_MAX);
}

export async function checkSmtpLogin(server: MailServer): Promise<LoginVerdict> {
  const transport = nodemailer.createTransport(smtpOptions(server));
  try {
    await transport.verify();
    return { status: 'CONNECTED', error: null };
  } catch (error) {
    return { status: isSmtpAuthFailure(error) ? 'AUTH_FAILED' : 'ERROR', error: failureText(server, error) };
  } finally {
    transport.close();
  }
}

export async function checkImapLogin(server: MailServer): Promise<LoginVerdict> {
  const client = new ImapFlow({
    host: server.host,
    port: server.port,
    secure: server.tls,
    doSTARTTLS: server.requireStartTls ? true : undefined,
    auth: { user: server.user, pass: server.password },
    logger: false,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  // A socket error after the login is reported by connect()/logout(); without a listener it would crash the process.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.logout().catch(() => {});
    return { status: 'CONNECTED', error: null };
  } catch (error) {
    client.close();
    return { status: isImapAuthFailure(error) ? 'AUTH_FAILED' : 'ERROR', error: failureText(server, error) };
  }
}

/** Both logins, side by side: AUTH_FAILED wins over ERROR, and every failure is in the message. */
export async function checkLogins(smtp: MailServer, imap: MailServer): Promise<LoginVerdict> {
  const verdicts = await Promise.all([checkSmtpLogin(smtp), checkImapLogin(imap)]);
  const failed = verdicts.filter((v): v is Exclude<LoginVerdict, { status: 'CONNECTED' }> => v.status !== 'CONNECTED');
  if (failed.length === 0) return { status: 'CONNECTED', error: null };
  const status = failed.some((v) => v.status === 'AUTH_FAILED') ? 'AUTH_FAILED' : 'ERROR';
  return { status, error: truncateText(failed.map((v) => v.error).join('; '), ERROR_MAX * 2) };
}
