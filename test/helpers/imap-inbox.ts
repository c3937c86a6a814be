// A GreenMail user's INBOX over IMAP: read the way a prospect's mail client would (the envelope of
// every message: From, Subject, Message-ID, In-Reply-To, and its References; read-only), and filled
// the way a mail server's delivery or a migration would (APPEND, with the INTERNALDATE the test chooses).
import { ImapFlow, type FetchMessageObject } from 'imapflow';
import type { RunningGreenMail } from './greenmail.ts';

export interface InboxEnvelope {
  from: string;
  subject: string;
  messageId: string;
  inReplyTo: string;
  /** The References header's ids, in order. */
  references: string[];
}

/** Every message of the user's INBOX (read-only), each as `read` makes it. */
async function eachMessage<T>(
  server: RunningGreenMail,
  email: string,
  password: string,
  query: { envelope?: boolean; headers?: string[]; source?: boolean },
  read: (message: FetchMessageObject) => T,
): Promise<T[]> {
  const client = new ImapFlow({
    host: server.host,
    port: server.imapPort,
    secure: false,
    auth: { user: email, pass: password },
    logger: false,
  });
  client.on('error', () => {});
  await client.connect();
  try {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const found: T[] = [];
      const status = await client.status('INBOX', { messages: true });
      if (!status || !status.messages) return found;
      for await (const message of client.fetch('1:*', query)) found.push(read(message));
      return found;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

export function readInbox(server: RunningGreenMail, email: string, password: string): Promise<InboxEnvelope[]> {
  return eachMessage(server, email, password, { envelope: true, headers: ['in-reply-to', 'references'] }, (message) => {
    const envelope = message.envelope;
    // The headers unfolded, one per line: `In-Reply-To: <id>`, `References: <id> <id>`.
    const headers = (message.headers?.toString('utf8') ?? '').replace(/\r?\n[ \t]+/g, ' ');
    const ids = (name: string) => new RegExp(`^${name}:(.*)$`, 'im').exec(headers)?.[1].match(/<[^<>\s]+>/g) ?? [];
    return {
      from: envelope?.from?.[0]?.address ?? '',
      subject: envelope?.subject ?? '',
      messageId: envelope?.messageId ?? '',
      inReplyTo: ids('in-reply-to')[0] ?? '',
      references: ids('references'),
    };
  });
}

/** Every message of the INBOX as the server stores it (headers and body, as a verifier reads it). */
export function readRawInbox(server: RunningGreenMail, email: string, password: string): Promise<string[]> {
  return eachMessage(server, email, password, { source: true }, (message) => message.source?.toString('utf8') ?? '');
}

export interface Appended {
  raw: string | Buffer;
  /** The INTERNALDATE the server gives it (default: now). */
  date?: Date;
}

/** Appends messages to the user's INBOX over one session, in order (their UIDs ascend with it). */
export async function appendToInbox(
  server: RunningGreenMail,
  email: string,
  password: string,
  messages: Appended[],
): Promise<void> {
  const client = new ImapFlow({
    host: server.host,
    port: server.imapPort,
    secure: false,
    auth: { user: email, pass: password },
    logger: false,
  });
  client.on('error', () => {});
  await client.connect();
  try {
    for (const message of messages) await client.append('INBOX', message.raw, [], message.date);
  } finally {
    await client.logout().catch(() => client.close());
  }
}
