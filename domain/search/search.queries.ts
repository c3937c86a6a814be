// The search feature's queries: the first `limit` matches of each kind, in typed Kysely. No ORDER
// BY: ordering (say, by recency) would make PostgreSQL read every match of a common trigram before
// answering (40 ms instead of under 1 ms for a three-letter search on 100,000 contacts).
// `pattern` is a LIKE pattern; `prefix`: a prefix match (short queries), else a substring match
// that the trigram indexes serve.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely } from '../../db/kysely.ts';

export interface LikeMatch {
  pattern: string;
  prefix: boolean;
}

/** Contacts whose names, email or company match, with their account's name as the company fallback. */
export function searchContacts(
  em: EntityManager,
  organizationId: string,
  { pattern, prefix }: LikeMatch,
  limit: number,
) {
  // The expressions are the indexed ones (lower(...), contact_search_text(...)), so the trigram indexes serve them.
  return typedKysely(em)
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select((eb) => [
      'c.id',
      'c.first_name',
      'c.last_name',
      'c.email',
      'c.linkedin_url',
      'c.job_title',
      eb.fn.coalesce('c.company_name', 'a.name').as('company_name'),
    ])
    .where('c.organization_id', '=', organizationId)
    .where((eb) =>
      prefix
        ? eb.or([
            eb(eb.fn('lower', ['c.first_name']), 'like', pattern),
            eb(eb.fn('lower', ['c.last_name']), 'like', pattern),
            eb('c.email', 'like', pattern),
            eb(eb.fn('lower', ['c.company_name']), 'like', pattern),
          ])
        : eb(
            eb.fn('contact_search_text', ['c.first_name', 'c.last_name', 'c.email', 'c.company_name', 'c.job_title']),
            'like',
            pattern,
          ),
    )
    .limit(limit)
    .execute();
}

/** Accounts whose name or domain match. */
export function searchAccounts(
  em: EntityManager,
  organizationId: string,
  { pattern, prefix }: LikeMatch,
  limit: number,
) {
  // lower(name || ' ' || domain) is the indexed expression: the space stays a literal, not a parameter, so the index matches.
  return typedKysely(em)
    .selectFrom('accounts')
    .select(['id', 'name', 'domain'])
    .where('organization_id', '=', organizationId)
    .where((eb) =>
      prefix
        ? eb.or([eb(eb.fn('lower', ['name']), 'like', pattern), eb('domain', 'like', pattern)])
        : eb(eb.fn('lower', [eb(eb(eb.ref('name'), '||', sql.lit(' ')), '||', eb.ref('domain'))]), 'like', pattern),
    )
    .limit(limit)
    .execute();
}

/** Sequence templates whose name matches (few per workspace: a plain LIKE over the organization's rows). */
export function searchTemplates(em: EntityManager, organizationId: string, pattern: string, limit: number) {
  return typedKysely(em)
    .selectFrom('sequence_templates')
    .select(['id', 'name', 'status', 'steps'])
    .where('organization_id', '=', organizationId)
    .where((eb) => eb(eb.fn('lower', ['name']), 'like', pattern))
    .limit(limit)
    .execute();
}

/** Tasks whose title matches, with the due date as YYYY-MM-DD. */
export function searchTasks(em: EntityManager, organizationId: string, pattern: string, limit: number) {
  return typedKysely(em)
    .selectFrom('tasks')
    .select((eb) => [
      'id',
      'type',
      'status',
      'title',
      eb.fn<string | null>('to_char', ['due_date', sql.lit('YYYY-MM-DD')]).as('due_date'),
    ])
    .where('organization_id', '=', organizationId)
    .where((eb) => eb(eb.fn('lower', ['title']), 'like', pattern))
    .limit(limit)
    .execute();
}
