// Reads a GreenMail user's INBOX over IMAP the way a prospect's mail client would: the envelope of
// every message (From, Subject, Message-ID), read-only.
import { ImapFlow } from 'imapflow';
import type { RunningGreenMail } from './greenmail.ts';

export interface InboxEnvelope {
  from: string;
  subject: string;
  messageId: string;
}

export async function readInbox(server: RunningGreenMail, email: string, password: string): Promise<InboxEnvelope[]> {
  const client = new ImapFlow({ host: server.host, port: server.imapPort, secure: false, auth: { user: email, pass: password }, logger: false });
  client.on('error', () => {});
  await client.connect();
  try {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const found: InboxEnvelope[] = [];
      const status = await client.status('INBOX', { messages: true });
      if (!status || !status.messages) return found;
      for await (const message of client.fetch('1:*', { envelope: true })) {
        const envelope = message.envelope;
        found.push({ from: envelope?.from?.[0]?.address ?? '', subject: envelope?.subject ?? '', messageId: envelope?.messageId ?? '' });
      }
      return found;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}
