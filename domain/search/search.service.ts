// Search and fetch across the kinds of the workspace, with typed ids `<kind>:<uuid>`. Each kind
// names the scope that reads it; kinds the caller cannot read are dropped from search and are
// "not found" in fetch. Queries of three or more characters are substring matches served by
// trigram indexes; shorter ones fall back to prefix matches.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Account, Contact, SequenceTemplate } from '../../db/entities/index.ts';
import { escapeLike } from '../people/accounts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { getTask } from '../tasks/reads.ts';
import { toTemplateRecord } from '../sequences/templates.service.ts';
import { toAccountRecord, toContactRecord, type AccountRecord, type ContactRecord } from '../people/records.ts';
import { searchAccounts, searchContacts, searchTasks, searchTemplates, type LikeMatch } from './search.queries.ts';

export interface SearchItem {
  id: string;
  type: string;
  title: string;
  subtitle: string;
}

export interface FetchResult {
  id: string;
  type: string;
  title: string;
  text: string;
  data: Record<string, unknown>;
}

interface Kind {
  scope: string;
  search(em: EntityManager, organizationId: string, query: string, limit: number): Promise<SearchItem[]>;
  fetch(em: EntityManager, organizationId: string, id: string): Promise<FetchResult | null>;
}

/** Three or more characters: a substring match (trigram indexes); fewer: a prefix match. */
function likePattern(query: string): LikeMatch {
  const q = escapeLike(query.toLowerCase());
  return query.length < 3 ? { pattern: `${q}%`, prefix: true } : { pattern: `%${q}%`, prefix: false };
}

function personName(c: { first_name: string | null; last_name: string | null }): string | null {
  return [c.first_name, c.last_name].filter(Boolean).join(' ') || null;
}

function leadTitle(c: ContactRecord): string {
  return personName(c) ?? c.email ?? c.linkedin_url ?? c.id;
}

function leadSubtitle(c: { job_title: string | null; company_name: string | null; email: string | null }): string {
  const role = [c.job_title, c.company_name].filter(Boolean).join(' at ');
  return [role, c.email].filter(Boolean).join(' · ');
}

function lines(pairs: [string, unknown][]): string {
  return pairs
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

const lead: Kind = {
  scope: 'contacts:read',
  async search(em, organizationId, query, limit) {
    const rows = await searchContacts(em, organizationId, likePattern(query), limit);
    return rows.map((r) => ({
      id: `lead:${r.id}`,
      type: 'lead',
      title: personName(r) ?? r.email ?? r.linkedin_url ?? r.id,
      subtitle: leadSubtitle(r),
    }));
  },
  async fetch(em, organizationId, id) {
    const contact = await em.findOne(Contact, { id, organization: organizationId }, { populate: ['account', 'owner'] });
    if (!contact) return null;
    const record = toContactRecord(contact);
    return {
      id: `lead:${record.id}`,
      type: 'lead',
      title: leadTitle(record),
      text: lines([
        ['Name', personName(record)],
        ['Email', record.email],
        ['LinkedIn', record.linkedin_url],
        ['Job title', record.job_title],
        ['Company', record.company_name],
        ['Company domain', record.company_domain],
        ['Phone', record.phone],
        ['Owner', record.owner ? `${record.owner.name} <${record.owner.email}>` : null],
        ['Email status', record.email_status],
        ['First seen', record.first_seen_at],
        ['Last seen', record.last_seen_at],
      ]),
      data: record as unknown as Record<string, unknown>,
    };
  },
};

const account: Kind = {
  scope: 'accounts:read',
  async search(em, organizationId, query, limit) {
    const rows = await searchAccounts(em, organizationId, likePattern(query), limit);
    return rows.map((r) => ({ id: `account:${r.id}`, type: 'account', title: r.name, subtitle: r.domain }));
  },
  async fetch(em, organizationId, id) {
    const found = await em.findOne(Account, { id, organization: organizationId }, { populate: ['owner'] });
    if (!found) return null;
    const record: AccountRecord = toAccountRecord(found);
    return {
      id: `account:${record.id}`,
      type: 'account',
      title: record.name,
      text: lines([
        ['Name', record.name],
        ['Domain', record.domain],
        ['Owner', record.owner ? `${record.owner.name} <${record.owner.email}>` : null],
        ['First seen', record.first_seen_at],
        ['Last seen', record.last_seen_at],
      ]),
      data: record as unknown as Record<string, unknown>,
    };
  },
};

const sequenceTemplate: Kind = {
  scope: 'sequences:read',
  async search(em, organizationId, query, limit) {
    const rows = await searchTemplates(em, organizationId, likePattern(query).pattern, limit);
    return rows.map((r) => ({
      id: `sequence_template:${r.id}`,
      type: 'sequence_template',
      title: r.name,
      subtitle: `${r.status} · ${r.steps.length} steps`,
    }));
  },
  async fetch(em, organizationId, id) {
    const found = await em.findOne(SequenceTemplate, { id, organization: organizationId });
    if (!found) return null;
    const record = toTemplateRecord(found);
    const steps = record.steps.map(
      (s, i) => `Step ${i + 1} (${s.type}, after ${s.delay_days} days)${s.subject ? `: ${s.subject}` : ''}\n${s.body}`,
    );
    return {
      id: `sequence_template:${record.id}`,
      type: 'sequence_template',
      title: record.name,
      text: [
        lines([
          ['Name', record.name],
          ['Summary', record.summary],
          ['Status', record.status],
          ['Steps', record.step_count],
          ['Language', record.language],
          ['Timezone', record.timezone],
          ['On missing channel', record.on_missing_channel],
          ['Activated', record.activated_at],
        ]),
        ...steps,
      ].join('\n\n'),
      data: record as unknown as Record<string, unknown>,
    };
  },
};

const task: Kind = {
  scope: 'tasks:read',
  async search(em, organizationId, query, limit) {
    const rows = await searchTasks(em, organizationId, likePattern(query).pattern, limit);
    return rows.map((r) => ({
      id: `task:${r.id}`,
      type: 'task',
      title: r.title ?? `${r.type} task`,
      subtitle: [r.type, r.status, r.due_date ? `due ${r.due_date}` : null].filter(Boolean).join(' · '),
    }));
  },
  async fetch(em, organizationId, id) {
    const record = await getTask(em, organizationId, id).catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === 'not_found') return null;
      throw error;
    });
    if (!record) return null;
    const contact = record.contact
      ? (personName(record.contact) ?? record.contact.email ?? record.contact.linkedin_url)
      : null;
    return {
      id: `task:${record.id}`,
      type: 'task',
      title: record.title ?? `${record.type} task`,
      text: lines([
        ['Title', record.title],
        ['Type', record.type],
        ['Status', record.status],
        ['Priority', record.priority],
        ['Due', record.due_date],
        ['Contact', contact],
        ['Assignee', record.assignee ? `${record.assignee.name} <${record.assignee.email}>` : null],
        ['Sequence template', record.sequence_template?.name],
        ['Snoozed until', record.snoozed_until],
        ['Disposition', record.disposition],
        ['Completed', record.completed_at],
        ['Skipped', record.skipped_at],
        ['Notes', record.notes],
      ]),
      data: record as unknown as Record<string, unknown>,
    };
  },
};

const kinds: Record<string, Kind> = { lead, account, sequence_template: sequenceTemplate, task };
export const SEARCH_KINDS = Object.keys(kinds);

export async function search(
  em: EntityManager,
  organizationId: string,
  scopes: ReadonlySet<string>,
  input: { query: string; types?: string[]; limit: number },
): Promise<{ items: SearchItem[] }> {
  const wanted = (input.types?.length ? [...new Set(input.types)] : SEARCH_KINDS).filter((t) =>
    scopes.has(kinds[t].scope),
  );
  const results = await Promise.all(
    wanted.map((t) => kinds[t].search(em, organizationId, input.query.trim(), input.limit)),
  );
  return { items: results.flat() };
}

const TYPED_ID = /^([a-z_]+):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export async function fetchById(
  em: EntityManager,
  organizationId: string,
  scopes: ReadonlySet<string>,
  typedId: string,
): Promise<FetchResult> {
  const match = TYPED_ID.exec(typedId);
  if (!match || !kinds[match[1]]) {
    throw DomainError.invalid('id', `must be <type>:<uuid> with type one of ${SEARCH_KINDS.join(', ')}`);
  }
  const kind = kinds[match[1]];
  // A kind the key cannot read is indistinguishable from an id that does not exist.
  const found = scopes.has(kind.scope) ? await kind.fetch(em, organizationId, match[2].toLowerCase()) : null;
  if (!found) throw DomainError.notFound(typedId);
  return found;
}
