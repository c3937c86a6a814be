// The real mail transport: nodemailer over SMTP to the server of SMTP_URL (smtp://, smtps://, with
// credentials in the URL), or of a sender's connected mailbox (its options built from the stored
// URL). One connection per message, so a dead connection is never reused.
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { messageIdHeader, type MailTransport, type OutboundEmail, type SendResult } from './index.ts';

interface SmtpError extends Error {
  /** Set by nodemailer from the SMTP reply: true for 5xx (except 503), the server's final word. */
  permanent?: boolean;
  responseCode?: number;
  /** The SMTP command that failed (CONN, EHLO, AUTH PLAIN, MAIL FROM, RCPT TO, DATA, ...). */
  command?: string;
  code?: string;
}

/** Commands that come before the message is handed over: a failure there means the server never took it. */
const BEFORE_DATA = /^(CONN|EHLO|HELO|LHLO|STARTTLS|AUTH|MAIL|RCPT)/i;
/** Socket errors that mean no connection was ever made. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EDNS']);

// Bounded waits: a send never hangs an activity (nodemailer's defaults wait up to 10 minutes on a socket).
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export class SmtpMailTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(deps: { smtpUrl: string } | { options: SMTPTransport.Options }) {
    this.transporter =
      'options' in deps
        ? nodemailer.createTransport(deps.options)
        : nodemailer.createTransport({ url: deps.smtpUrl, ...TIMEOUTS } as Parameters<
            typeof nodemailer.createTransport
          >[0]);
  }

  async send(message: OutboundEmail): Promise<SendResult> {
    const messageId = messageIdHeader(message.messageId);
    try {
      const info = await this.transporter.sendMail({
        from: { name: message.from.name, address: message.from.email },
        to: message.to.name ? { name: message.to.name, address: message.to.email } : message.to.email,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        headers: message.headers,
        messageId,
        ...(message.dkim ? { dkim: message.dkim } : {}),
      });
      // One recipient: nodemailer resolves only when the server took it (all refused throws EENVELOPE).
      return { accepted: info.accepted?.length !== 0, providerMessageId: info.messageId || messageId, error: null };
    } catch (caught) {
      const err = caught as SmtpError;
      // Only a permanent refusal of this message is an answer; anything else (network, 4xx) throws for
      // the caller's retry. A refused login (AUTH) is the server's account, not the message: it throws too.
      if (err.code === 'EAUTH' || (typeof err.command === 'string' && /^AUTH/i.test(err.command))) throw err;
      const permanent =
        err.permanent ?? (err.responseCode !== undefined && err.responseCode >= 500 && err.responseCode !== 503);
      if (!permanent) throw err;
      return { accepted: false, providerMessageId: messageId, error: err.message };
    }
  }

  /**
   * A reply code (a 4xx at any stage) is the server's word that it did not take the message, and so
   * is a failure before DATA or a connection never made. A socket that died after DATA began leaves
   * the outcome unknown: the message may have been delivered.
   */
  notSent(error: unknown): boolean {
    const err = error as SmtpError;
    if (typeof err?.responseCode === 'number') return true;
    if (err?.code && NEVER_CONNECTED.has(err.code)) return true;
    return typeof err?.command === 'string' && BEFORE_DATA.test(err.command);
  }

  close(): void {
    this.transporter.close();
  }
}
