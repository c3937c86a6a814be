// What a user's role lets their API keys do (SECURITY.md, 'Roles'). `owner` (the organization's
// bootstrap user; the last one cannot be removed or demoted) and `admin` may hold every scope; a
// `member` may hold none of ADMIN_ONLY_SCOPES. Key management, users and organization settings have
// no /v1 scope (they are the operator's CLI); on /v1 the powers over the organization as a whole are
// reading its audit log and changing its webhook subscriptions, which send every event of the
// organization to a URL of the caller's choice.
import type { UserRole } from '../../db/entities/user.entity.ts';
import { SCOPES, type Scope } from './scopes.ts';

export const ADMIN_ONLY_SCOPES: readonly Scope[] = ['audit:read', 'webhooks:write'];

const adminOnly = new Set<string>(ADMIN_ONLY_SCOPES);

export function roleAllows(role: UserRole, scope: string): boolean {
  return role !== 'member' || !adminOnly.has(scope);
}

/** Every scope a user of `role` may hold, in catalogue order. */
export function scopesOfRole(role: UserRole): Scope[] {
  return SCOPES.filter((scope) => roleAllows(role, scope));
}

/** The scopes of `scopes` the role does not allow (empty: all allowed). */
export function forbiddenScopes(role: UserRole, scopes: readonly string[]): string[] {
  return scopes.filter((scope) => !roleAllows(role, scope));
}

/** What a key of a user with `role` may do: the key's scopes the role still allows. */
export function effectiveScopes(role: UserRole, scopes: readonly string[]): Set<string> {
  return new Set(scopes.filter((scope) => roleAllows(role, scope)));
}
