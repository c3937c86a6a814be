// The admin CLI's entries in the audit log (domain/audit/audit-log.ts): each command, with the
// operator's OS user, the organization and resource it names, the names of the flags given (never
// their values: a password, a key or an email stays out of the log; only --role, a grant that is no
// secret nor personal data, is recorded with its value when it names a role, as `role=admin`) and whether it ended well.
import { userInfo } from 'node:os';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AuditOutcome } from '../db/entities/audit-entry.entity.ts';
import { USER_ROLES } from '../db/entities/user.entity.ts';
import { recordAudit } from '../domain/audit/audit-log.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Flags that only shape the output. */
const QUIET_FLAGS = new Set(['json', 'help']);
/** A flag's name, or `role=R` for a known role: which role was granted is what a reviewer asks. */
const flagField = (name: string, value: unknown) =>
  name === 'role' && USER_ROLES.some((role) => role === value) ? `role=${String(value)}` : name;

function operator(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
}

const uuidOr = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value : null);
const fieldOf = (result: unknown, name: string) =>
  result !== null && typeof result === 'object' ? (result as Record<string, unknown>)[name] : undefined;

export async function auditCommand(
  orm: MikroORM,
  command: string[],
  flags: Record<string, unknown>,
  outcome: AuditOutcome,
  result: unknown,
): Promise<void> {
  const resourceFlag = ['key', 'user', 'mailbox'].find((name) => typeof flags[name] === 'string');
  await recordAudit(orm.em, {
    organizationId: uuidOr(flags.org) ?? uuidOr(fieldOf(result, 'organization_id')),
    actor: { type: 'OPERATOR', operator: operator() },
    requestId: null,
    method: 'ADMIN',
    action: `admin ${command.join(' ')}`,
    resourceType: command[0] ?? null,
    resourceId:
      (resourceFlag ? uuidOr(flags[resourceFlag]) : null) ?? uuidOr(fieldOf(result, 'id')) ?? uuidOr(flags.id),
    fields: Object.keys(flags)
      .filter((name) => !QUIET_FLAGS.has(name))
      .map((name) => flagField(name, flags[name])),
    status: null,
    outcome,
  });
}
