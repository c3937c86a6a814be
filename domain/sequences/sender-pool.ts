// A template's senders as a write leaves them: `sender_user_id` (one sender) and, optionally,
// `sender_user_ids`, a pool of 2-10 senders each new run is given one of (rotation:
// enrollment/rotation.ts). The rule between the two: with a pool, `sender_user_id` is the pool's
// first member (sent alone it must be, 422 otherwise; a pool sent without it sets it). Each member
// is an active user of the organization and named once (422 naming `sender_user_ids[i]`); the sizes
// and exact repeats are the schema's (400).
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/entities/index.ts';
import { organizationUser } from '../people/accounts.service.ts';
import { DomainError } from '../shared/errors.ts';

export interface SenderFields {
  sender_user_id?: string;
  sender_user_ids?: string[] | null;
}

/** The template's senders after the write: its sender (undefined: the stored one stays) and its pool (null: none). */
export interface TemplateSenders {
  sender: User | undefined;
  pool: string[] | null;
}

/** The pool's members, each an active user of the organization named once (lower-case ids). */
async function checkedPool(em: EntityManager, organizationId: string, ids: string[]): Promise<string[]> {
  const pool = ids.map((id) => id.toLowerCase());
  const users = await em.find(User, { id: { $in: pool }, organization: organizationId, removedAt: null });
  const active = new Set(users.map((u) => u.id));
  const errors = pool.flatMap((id, i) => {
    const path = `sender_user_ids[${i}]`;
    if (pool.indexOf(id) < i) return [{ path, message: `repeats sender_user_ids[${pool.indexOf(id)}]` }];
    return active.has(id) ? [] : [{ path, message: 'is not an active user of this organization' }];
  });
  if (errors.length) throw DomainError.invalidFields(`Invalid ${errors.map((e) => e.path).join(', ')}.`, errors, 422);
  return pool;
}

/**
 * The senders a create (`stored` null: the sender defaults to `defaultSenderId`) or a patch leaves,
 * checked; null when a patch names neither field (nothing changes).
 */
export async function templateSenders(
  em: EntityManager,
  organizationId: string,
  input: SenderFields,
  stored: { senderId: string | null; pool: string[] | null } | null,
  defaultSenderId: string,
): Promise<TemplateSenders | null> {
  if (stored && input.sender_user_id === undefined && input.sender_user_ids === undefined) return null;
  const pool =
    input.sender_user_ids === undefined
      ? (stored?.pool ?? null)
      : input.sender_user_ids && (await checkedPool(em, organizationId, input.sender_user_ids));
  // A patch that names no sender and sets no pool keeps the stored sender as it is.
  const named = input.sender_user_id ?? (input.sender_user_ids ? pool![0] : stored ? undefined : defaultSenderId);
  const senderId = named ?? stored?.senderId ?? null;
  if (pool && senderId?.toLowerCase() !== pool[0])
    throw DomainError.invalid(
      'sender_user_id',
      'must be the first of sender_user_ids when the template has a pool (send sender_user_ids: null for one sender)',
      422,
    );
  const sender = named === undefined ? undefined : await organizationUser(em, organizationId, named, 'sender_user_id');
  return { sender, pool };
}
