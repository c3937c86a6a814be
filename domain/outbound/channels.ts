// The outreach channels as exactly-once effect providers (effects.ts): an email keyed by its
// Message-ID through the mail transport, a LinkedIn action keyed by its effect key through the
// LinkedIn channel. What each request holds is rendered once, when the intent is recorded.
import type { LinkedinChannel } from '../../providers/linkedin/index.ts';
import type { MailTransport, OutboundEmail } from '../../providers/mail/index.ts';
import type { EffectProvider } from './effects.ts';

/** An email intent: the finished email, whose Message-ID is its key at the transport. */
export type EmailRequest = OutboundEmail;

export interface LinkedinRequest {
  action: 'INVITATION' | 'MESSAGE';
  senderUserId: string;
  linkedinUrl: string;
  /** The invitation note (null: none) or the message body. */
  text: string | null;
}

export function emailEffects(mail: MailTransport): EffectProvider<EmailRequest> {
  return {
    async perform(request) {
      const sent = await mail.send(request);
      return { accepted: sent.accepted, providerId: sent.providerMessageId, error: sent.error };
    },
    ...(mail.notSent ? { notPerformed: (error: unknown) => mail.notSent!(error) } : {}),
    ...(mail.lookup
      ? {
          async lookup(request: EmailRequest) {
            const found = await mail.lookup!(request.messageId);
            return found && { accepted: found.accepted, providerId: found.providerMessageId, error: found.error };
          },
        }
      : {}),
  };
}

export function linkedinEffects(channel: LinkedinChannel): EffectProvider<LinkedinRequest> {
  return {
    async perform(request, key) {
      const sent =
        request.action === 'INVITATION'
          ? await channel.sendInvitation({
              key,
              senderUserId: request.senderUserId,
              linkedinUrl: request.linkedinUrl,
              note: request.text,
            })
          : await channel.sendMessage({
              key,
              senderUserId: request.senderUserId,
              linkedinUrl: request.linkedinUrl,
              body: request.text ?? '',
            });
      return { accepted: sent.accepted, providerId: sent.providerId, error: sent.error };
    },
    lookup: (_request, key) => channel.lookup(key),
  };
}
