// The scope catalogue (docs/api/conventions.md, 'Scopes'). Keys are granted a subset; every route names one.

export const SCOPES = [
  'contacts:read',
  'contacts:write',
  'accounts:read',
  'accounts:write',
  'contact_lists:read',
  'contact_lists:write',
  'account_lists:read',
  'account_lists:write',
  'sequences:read',
  'sequences:write',
  'tasks:read',
  'tasks:write',
  'contact_exclusions:read',
  'contact_exclusions:write',
  'account_exclusions:read',
  'account_exclusions:write',
  'activities:read',
  'messages:read',
  'events:read',
  'events:write',
  'webhooks:read',
  'webhooks:write',
  'users:read',
  'crm:read',
  'crm:write',
  'signals:read',
  'signals:write',
  'playbooks:read',
  'playbooks:write',
  'audit:read',
  // Part of the published catalogue but gating no /v1 REST endpoint.
  'tools:execute',
  'exclusions:read',
  'exclusions:write',
] as const;

export type Scope = (typeof SCOPES)[number];

const known = new Set<string>(SCOPES);

export function isScope(value: string): value is Scope {
  return known.has(value);
}

/** Parses a comma-separated scope list; throws naming every unknown scope. */
export function parseScopes(list: string): Scope[] {
  const items = list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = items.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new Error(`Unknown scope(s): ${unknown.join(', ')}. Known: ${SCOPES.join(', ')}`);
  return [...new Set(items)] as Scope[];
}
