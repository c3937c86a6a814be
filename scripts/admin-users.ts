// The admin CLI's commands on a user's role (SECURITY.md, 'Roles'): `user create` makes a member
// unless --role admin says otherwise, `user role` sets owner, admin or member.
import type { EntityManager } from '@mikro-orm/postgresql';
import { USER_ROLES, type UserRole } from '../db/entities/user.entity.ts';
import { AdminError, createUser } from '../domain/admin/admin.service.ts';
import { setUserRole } from '../domain/admin/user-role.service.ts';

type UserFlag = 'org' | 'email' | 'name' | 'id' | 'role';

function roleOf<R extends UserRole>(value: string, allowed: readonly R[]): R {
  const role = allowed.find((r) => r === value);
  if (!role) throw new AdminError(`--role must be one of ${allowed.join(', ')}`);
  return role;
}

export async function runUserCommand(
  em: EntityManager,
  verb: 'create' | 'role',
  need: (flag: UserFlag) => string,
  role: string | undefined,
) {
  if (verb === 'role') return setUserRole(em, { userId: need('id'), role: roleOf(need('role'), USER_ROLES) });
  return createUser(em, {
    organizationId: need('org'),
    email: need('email'),
    name: need('name'),
    role: roleOf(role ?? 'member', ['admin', 'member'] as const),
  });
}
