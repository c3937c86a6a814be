// A connected mailbox's SMTP transport whose failures carry no secret: what a send throws or
// answers (the server's words, nodemailer's message) is cleaned with withoutSecrets before anyone
// stores it (the effects ledger's error, a mailbox's last_error, a workflow's failure) or shows it.
import type { MailTransport } from '../../providers/mail/index.ts';
import { withoutSecrets, type MailServer } from './mail-urls.ts';

/** The text fields of a mail error that carry what the server or the client library said. */
const TEXT_FIELDS = ['message', 'response', 'responseText', 'stack'] as const;

/** Cleans the error's text fields in place (its codes and other fields stay: they decide what happens next). */
export function scrubError(error: unknown, servers: MailServer[]): unknown {
  if (error === null || typeof error !== 'object')
    return typeof error === 'string' ? withoutSecrets(error, servers) : error;
  const fields = error as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    if (typeof fields[field] === 'string') {
      try {
        fields[field] = withoutSecrets(fields[field], servers);
      } catch {
        // A frozen error object cannot be cleaned; nodemailer's and Node's errors are plain writable ones.
      }
    }
  }
  return error;
}

export function scrubbedTransport(transport: MailTransport, server: MailServer): MailTransport {
  return {
    async send(message) {
      try {
        const sent = await transport.send(message);
        return sent.error === null ? sent : { ...sent, error: withoutSecrets(sent.error, [server]) };
      } catch (error) {
        throw scrubError(error, [server]);
      }
    },
    ...(transport.notSent ? { notSent: (error: unknown) => transport.notSent!(error) } : {}),
    ...(transport.lookup ? { lookup: (messageId: string) => transport.lookup!(messageId) } : {}),
  };
}
