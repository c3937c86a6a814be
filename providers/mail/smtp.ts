// The real mail transport: nodemailer over SMTP to the server of SMTP_URL (smtp://, smtps://, with
// credentials in the URL). One connection per message, so a dead connection is never reused.
import nodemailer, { type Transporter } from 'nodemailer';
import { messageIdHeader, type MailTransport, type OutboundEmail, type SendResult } from './index.ts';

interface SmtpError extends Error {
  /** Set by nodemailer from the SMTP reply: true for 5xx (except 503), the server's final word. */
  permanent?: boolean;
  responseCode?: number;
}

export class SmtpMailTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(deps: { smtpUrl: string }) {
    this.transporter = nodemailer.createTransport(deps.smtpUrl);
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
      });
      // One recipient: nodemailer resolves only when the server took it (all refused throws EENVELOPE).
      return { accepted: info.accepted?.length !== 0, providerMessageId: info.messageId || messageId, error: null };
    } catch (caught) {
      const err = caught as SmtpError;
      // Only a permanent refusal is an answer; anything else (network, 4xx) throws for the caller's retry.
      const permanent = err.permanent ?? (err.responseCode !== undefined && err.responseCode >= 500 && err.responseCode !== 503);
      if (!permanent) throw err;
      return { accepted: false, providerMessageId: messageId, error: err.message };
    }
  }

  close(): void {
    this.transporter.close();
  }
}
