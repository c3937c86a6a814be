// The sandbox LinkedIn channel: sends nothing, records each invitation and message (accepted or
// refused) in sandbox_linkedin_actions so tests and local runs can read what would have happened.
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { SandboxLinkedinAction, type LinkedinActionKind } from '../../db/entities/channels.entity.ts';
import { normalizeLinkedinUrl } from '../../domain/normalize.ts';
import type { LinkedinChannel, LinkedinInvitation, LinkedinMessage, LinkedinResult } from './index.ts';

/** Profiles whose slug starts with this are refused (PROFILE_UNREACHABLE): the workflows' failure path. */
export const UNREACHABLE_SLUG_PREFIX = 'unreachable-';

/** Why the sandbox refuses a profile URL, or null when it accepts it. */
function refusal(canonicalUrl: string | null): string | null {
  if (!canonicalUrl) return 'INVALID_PROFILE_URL';
  const slug = decodeURIComponent(canonicalUrl.slice(canonicalUrl.lastIndexOf('/') + 1));
  return slug.startsWith(UNREACHABLE_SLUG_PREFIX) ? 'PROFILE_UNREACHABLE' : null;
}

export class SandboxLinkedin implements LinkedinChannel {
  private readonly orm: MikroORM;

  constructor(orm: MikroORM) {
    this.orm = orm;
  }

  sendInvitation(invitation: LinkedinInvitation): Promise<LinkedinResult> {
    return this.record('INVITATION', invitation.senderUserId, invitation.linkedinUrl, invitation.note);
  }

  sendMessage(message: LinkedinMessage): Promise<LinkedinResult> {
    return this.record('MESSAGE', message.senderUserId, message.linkedinUrl, message.body);
  }

  private async record(kind: LinkedinActionKind, senderUserId: string, linkedinUrl: string, text: string | null): Promise<LinkedinResult> {
    const canonical = normalizeLinkedinUrl(linkedinUrl);
    const error = refusal(canonical);
    const em = this.orm.em.fork();
    const action = em.create(SandboxLinkedinAction, {
      id: randomUUID(), kind, senderUserId, linkedinUrl: canonical ?? linkedinUrl, text, accepted: error === null, error, createdAt: new Date(),
    });
    await em.flush();
    return { accepted: action.accepted, providerId: `sandbox-li-${action.id}`, error };
  }
}

/** What the sandbox channel recorded, oldest first; the URL filter takes any form of a profile URL. */
export async function sandboxLinkedinActions(orm: MikroORM, filter: { linkedinUrl?: string; senderUserId?: string } = {}): Promise<SandboxLinkedinAction[]> {
  const where: Record<string, string> = {};
  if (filter.linkedinUrl !== undefined) where.linkedinUrl = normalizeLinkedinUrl(filter.linkedinUrl) ?? filter.linkedinUrl;
  if (filter.senderUserId !== undefined) where.senderUserId = filter.senderUserId;
  return orm.em.fork().find(SandboxLinkedinAction, where, { orderBy: { createdAt: 'asc', id: 'asc' } });
}
