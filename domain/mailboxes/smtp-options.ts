// A mailbox's SMTP server as nodemailer's options: TLS from the first byte (smtps), STARTTLS
// required off loopback (smtp), bounded waits so a dead server never hangs a send or a check.
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { MailServer } from './mail-urls.ts';

export function smtpOptions(server: MailServer): SMTPTransport.Options {
  return {
    host: server.host,
    port: server.port,
    secure: server.tls,
    requireTLS: server.requireStartTls,
    auth: { user: server.user, pass: server.password },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}
