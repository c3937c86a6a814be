// The sandbox LinkedIn channel: sends nothing, records each invitation and message (accepted or
// refused) in sandbox_linkedin_actions so tests and local runs can read what would have happened.
// Like a vendor's API it takes an idempotency key: a retried call with the same key is recorded once.
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { SandboxLinkedinAction, type LinkedinActionKind } from '../../db/entities/sandbox-linkedin-action.entity.ts';
import { typedKysely } from '../../db/kysely.ts';
import { normalizeLinkedinUrl } from '../../domain/people/identifiers.ts';
import type { LinkedinChannel, LinkedinInvitation, LinkedinMessage, LinkedinResult } from './index.ts';

/** Profiles whose slug starts with this are refused (PROFILE_UNREACHABLE): the workflows' failure path. */
export const UNREACHABLE_SLUG_PREFIX = 'unreachable-';
/**
 * Profiles whose slug starts with this lose the channel's first answer for each key: the action is
 * recorded, then the call throws as a timed-out request would. The caller's retry must reconcile by
 * key (lookup), not act twice.
 */
export const LOST_ANSWER_SLUG_PREFIX = 'lost-answer-';

export class LinkedinAnswerLostError extends Error {
  override name = 'LinkedinAnswerLostError';
}

function slugOf(canonicalUrl: string | null): string | null {
  return canonicalUrl ? decodeURIComponent(canonicalUrl.slice(canonicalUrl.lastIndexOf('/') + 1)) : null;
}

/** Why the sandbox refuses a profile URL, or null when it accepts it. */
function refusal(canonicalUrl: string | null): string | null {
  const slug = slugOf(canonicalUrl);
  if (slug === null) return 'INVALID_PROFILE_URL';
  return slug.startsWith(UNREACHABLE_SLUG_PREFIX) ? 'PROFILE_UNREACHABLE' : null;
}

const resultOf = (action: Pick<SandboxLinkedinAction, 'id' | 'accepted' | 'error'>): LinkedinResult => ({
  accepted: action.accepted,
  providerId: `sandbox-li-${action.id}`,
  error: action.error ?? null,
});

export class SandboxLinkedin implements LinkedinChannel {
  private readonly orm: MikroORM;

  constructor(orm: MikroORM) {
    this.orm = orm;
  }

  sendInvitation(invitation: LinkedinInvitation): Promise<LinkedinResult> {
    return this.record(invitation.key, 'INVITATION', invitation.senderUserId, invitation.linkedinUrl, invitation.note);
  }

  sendMessage(message: LinkedinMessage): Promise<LinkedinResult> {
    return this.record(message.key, 'MESSAGE', message.senderUserId, message.linkedinUrl, message.body);
  }

  async lookup(key: string): Promise<LinkedinResult | null> {
    const action = await this.orm.em.fork().findOne(SandboxLinkedinAction, { key });
    return action ? resultOf(action) : null;
  }

  private async record(
    key: string,
    kind: LinkedinActionKind,
    senderUserId: string,
    linkedinUrl: string,
    text: string | null,
  ): Promise<LinkedinResult> {
    const canonical = normalizeLinkedinUrl(linkedinUrl);
    const error = refusal(canonical);
    const em = this.orm.em.fork();
    // ON CONFLICT rather than a read first: two concurrent calls with one key still record one action.
    const inserted = await typedKysely(em)
      .insertInto('sandbox_linkedin_actions')
      .values((eb) => ({
        id: randomUUID(),
        key,
        kind,
        sender_user_id: senderUserId,
        linkedin_url: canonical ?? linkedinUrl,
        text,
        accepted: error === null,
        error,
        created_at: eb.fn<Date>('now'),
      }))
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted && slugOf(canonical)?.startsWith(LOST_ANSWER_SLUG_PREFIX))
      throw new LinkedinAnswerLostError(`the channel's answer for ${key} was lost`);
    return (await this.lookup(key))!;
  }
}

/** What the sandbox channel recorded, oldest first; the URL filter takes any form of a profile URL. */
export async function sandboxLinkedinActions(
  orm: MikroORM,
  filter: { linkedinUrl?: string; senderUserId?: string } = {},
): Promise<SandboxLinkedinAction[]> {
  const where: Record<string, string> = {};
  if (filter.linkedinUrl !== undefined)
    where.linkedinUrl = normalizeLinkedinUrl(filter.linkedinUrl) ?? filter.linkedinUrl;
  if (filter.senderUserId !== undefined) where.senderUserId = filter.senderUserId;
  return orm.em.fork().find(SandboxLinkedinAction, where, { orderBy: { createdAt: 'asc', id: 'asc' } });
}
