// The thread a task's email reply answers, as its headers say it (RFC 5322 3.6.4): In-Reply-To the
// answered message's Message-ID, References the Message-IDs of the thread from its first message to
// the answered one, found by walking the messages each answers (messages.in_reply_to_id).
import type { EntityManager } from '@mikro-orm/postgresql';
import { messageIdHeader } from '../../providers/mail/index.ts';
import { threadMessage } from './tasks.queries.ts';

/** How far back the thread is read: enough for any conversation a task answers; References stays short. */
const THREAD_DEPTH = 20;

export interface ReplyThread {
  /** The answered message's subject. */
  subject: string | null;
  /** The answered message's Message-ID (`<id>`), null when it has none on record. */
  inReplyTo: string | null;
  /** The thread's Message-IDs, oldest first, the answered one last. */
  references: string[];
}

/** A stored provider id is a Message-ID when it has one's shape (`id@host`); a sandbox id is not. */
function messageIdOf(providerId: string | null): string | null {
  return providerId && /^<?[^<>\s@]+@[^<>\s@]+>?$/.test(providerId.trim()) ? messageIdHeader(providerId) : null;
}

export async function threadOf(em: EntityManager, answeredMessageId: string): Promise<ReplyThread> {
  const ids: string[] = [];
  let subject: string | null = null;
  let inReplyTo: string | null = null;
  let next: string | null = answeredMessageId;
  for (let depth = 0; next !== null && depth < THREAD_DEPTH; depth++) {
    const message = await threadMessage(em, next);
    if (!message) break;
    const id = messageIdOf(message.provider_message_id);
    if (depth === 0) {
      subject = message.subject;
      inReplyTo = id;
    }
    if (id && !ids.includes(id)) ids.unshift(id);
    next = message.in_reply_to_id;
  }
  return { subject, inReplyTo, references: ids };
}
