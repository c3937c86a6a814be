// Changing a user's role (SECURITY.md, 'Roles'). The change applies to the keys the user already
// holds when they are next authenticated (within KEY_CACHE_TTL_MS): a key keeps its stored scopes,
// and those the new role does not allow stop working (api/key-store.ts). The last owner of an
// organization stays its owner.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiKey, User } from '../../db/entities/index.ts';
import type { UserRole } from '../../db/entities/user.entity.ts';
import { AdminError, isLastOwner, userSummary, type UserSummary } from './admin.service.ts';
import { forbiddenScopes } from './roles.ts';

export interface RoleChange extends UserSummary {
  previous_role: string;
  /** The user's live keys with scopes the new role withholds, and those scopes. */
  restricted_keys: { id: string; withheld_scopes: string[] }[];
}

export async function setUserRole(em: EntityManager, input: { userId: string; role: UserRole }): Promise<RoleChange> {
  return em.transactional(async (tx) => {
    const user = await tx.findOne(User, { id: input.userId, removedAt: null });
    if (!user) throw new AdminError(`active user ${input.userId} not found`);
    const previous = user.role;
    if (input.role !== 'owner' && (await isLastOwner(tx, user)))
      throw new AdminError('cannot demote the last owner of an organization; make another user owner first');
    user.role = input.role;
    const keys = await tx.find(ApiKey, { user, revokedAt: null }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const now = Date.now();
    const restricted = keys
      .filter((key) => !key.expiresAt || key.expiresAt.getTime() > now)
      .map((key) => ({ id: key.id, withheld_scopes: forbiddenScopes(input.role, key.scopes) }))
      .filter((key) => key.withheld_scopes.length > 0);
    return { ...userSummary(user), previous_role: previous, restricted_keys: restricted };
  });
}
