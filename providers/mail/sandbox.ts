// The sandbox mail transport: sends nothing, stores each email in sandbox_outbound_emails so tests
// and local runs can read what would have gone out (sandboxOutboundEmails).
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import { SandboxOutboundEmail } from '../../db/entities/sandbox-outbound-email.entity.ts';
import { messageIdHeader, type MailTransport, type OutboundEmail, type SendResult } from './index.ts';

/**
 * Accepts every email. Stored once per Message-ID: a send retried by its activity with the same
 * Message-ID answers the first one's providerMessageId instead of storing a duplicate.
 */
export class SandboxMailTransport implements MailTransport {
  private readonly orm: MikroORM;

  constructor(orm: MikroORM) {
    this.orm = orm;
  }

  async send(message: OutboundEmail): Promise<SendResult> {
    const em = this.orm.em.fork();
    const messageId = messageIdHeader(message.messageId);
    // ON CONFLICT rather than a read first: two concurrent attempts of one send still store one row.
    await typedKysely(em)
      .insertInto('sandbox_outbound_emails')
      .values((eb) => ({
        id: randomUUID(),
        message_id: messageId,
        from_name: message.from.name,
        from_email: message.from.email,
        to_name: message.to.name ?? null,
        to_email: message.to.email,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        headers: { ...message.headers },
        created_at: eb.fn<Date>('now'),
      }))
      .onConflict((oc) => oc.column('message_id').doNothing())
      .execute();
    const stored = await em.findOneOrFail(SandboxOutboundEmail, { messageId });
    return { accepted: true, providerMessageId: `sandbox-${stored.id}`, error: null };
  }

  async lookup(messageId: string): Promise<SendResult | null> {
    const stored = await this.orm.em.fork().findOne(SandboxOutboundEmail, { messageId: messageIdHeader(messageId) });
    return stored ? { accepted: true, providerMessageId: `sandbox-${stored.id}`, error: null } : null;
  }
}

/** What the sandbox transport stored, oldest first; filters narrow by recipient or Message-ID. */
export async function sandboxOutboundEmails(
  orm: MikroORM,
  filter: { toEmail?: string; messageId?: string } = {},
): Promise<SandboxOutboundEmail[]> {
  const where: Record<string, string> = {};
  if (filter.toEmail !== undefined) where.toEmail = filter.toEmail;
  if (filter.messageId !== undefined) where.messageId = messageIdHeader(filter.messageId);
  return orm.em.fork().find(SandboxOutboundEmail, where, { orderBy: { createdAt: 'asc', id: 'asc' } });
}
