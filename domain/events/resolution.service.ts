// Subject resolution of ingested events (SPEC 'Events (first-party ingestion)', rules 1-4; issue 7
// item 4), one batch per call of the event-resolution workflow's activity.
//
// A batch is one transaction: it claims up to `limit` PENDING events (oldest received first) with
// FOR UPDATE SKIP LOCKED, so concurrent drains never take the same event; looks the batch's
// identifiers up in the workspace set-based (a handful of statements per batch, not per event);
// asks the directory and the CRM only for what the workspace did not answer; creates the contacts
// and accounts that matched outside the workspace (in the event's organization only); writes every
// event's outcome in one UPDATE; emits one event.resolved per event; and makes the playbook runs
// of the events that resolved to a contact. Everything commits together or not at all.
//
// Rules: the contact is matched by email, then linkedin_url, then external_contact_id (through the
// connected CRM: a CRM link of the workspace, else the CRM record's email / LinkedIn URL), each
// against the workspace first and then the directory. The account is matched by company_domain
// (aliases resolve to the primary domain), then external_company_id through the CRM, then the
// resolved contact's employer. A match outside the workspace creates the contact (and its account)
// in the event's organization; a person erased at a privacy request is not created again. Nothing
// of another organization is ever read as a match: every workspace lookup is keyed by organization.
// Nothing matched: UNRESOLVED, final.
import type { ResolveBatchResult } from '../../workflows/event-resolution.definitions.ts';
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CrmConnector, CrmRecord } from '../../providers/crm/index.ts';
import type { Directory, DirectoryPerson } from '../../providers/directory/index.ts';
import { identityHash } from '../people/contacts.service.ts';
import { emitEvent } from '../activity/emit.ts';
import { normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from '../people/identifiers.ts';
import { createRunsForResolvedEvents } from '../playbooks/triggered-runs.ts';
import type { ContactSummary } from '../people/records.ts';

export interface ResolveBatchOptions {
  limit: number;
  /** Only these organizations' events (tests; an operator draining one tenant). Absent: all. */
  organizationIds?: string[];
  /**
   * Directory and CRM lookups in flight at once (default 1). Each runs on a connection of its own
   * while the batch's transaction holds another, so the default keeps the activity within the two
   * connections per activity the worker's pool is sized for (worker.ts checkPoolFitsActivities).
   */
  lookupConcurrency?: number;
}

/** What one batch did (the workflow's definitions own the shape). */
export type { ResolveBatchResult };

interface ClaimedRow {
  id: string;
  organization_id: string;
  event_name: string;
  external_event_id: string | null;
  subject: Record<string, unknown>;
}

interface Item {
  event: ClaimedRow;
  org: string;
  email: string | null;
  linkedinUrl: string | null;
  domain: string | null;
  externalContactId: string | null;
  externalCompanyId: string | null;
}

/** A person to create in the workspace (unless one of their identifiers is already there). */
interface NewPerson {
  email: string | null;
  linkedinUrl: string | null;
  firstName: string | null;
  lastName: string | null;
  jobTitle: string | null;
  phone: string | null;
  companyName: string | null;
  /** Primary domain of the employer: its account is created with the contact. */
  companyDomain: string | null;
  /** Resolved through this CRM record: the new contact is linked to it. */
  crmExternalId: string | null;
}

type ContactMatch = { kind: 'workspace'; id: string; accountId: string | null; crmExternalId: string | null } | { kind: 'new'; person: NewPerson };
/** An account to create when missing (a known company), or one that must already be in the workspace. */
type AccountMatch = { kind: 'workspace'; id: string } | { kind: 'domain'; domain: string; name: string | null; create: boolean; crmExternalId: string | null };

const key = (org: string, value: string) => `${org}|${value}`;
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function itemOf(event: ClaimedRow): Item {
  const s = event.subject ?? {};
  const email = str(s.email);
  const linkedin = str(s.linkedin_url);
  const domain = str(s.company_domain);
  return {
    event,
    org: event.organization_id,
    email: email ? normalizeEmail(email) : null,
    linkedinUrl: linkedin ? normalizeLinkedinUrl(linkedin) : null,
    domain: domain ? normalizeDomain(domain) : null,
    externalContactId: str(s.external_contact_id),
    externalCompanyId: str(s.external_company_id),
  };
}

/** Runs `fn` over `items`, `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(lanes);
}

/** One in-flight answer per distinct question: the same email twice in a batch is asked once. */
function memo<T>(fn: (arg: string) => Promise<T>): (arg: string) => Promise<T> {
  const cache = new Map<string, Promise<T>>();
  return (arg) => {
    let hit = cache.get(arg);
    if (!hit) cache.set(arg, (hit = fn(arg)));
    return hit;
  };
}

function personFromDirectory(person: DirectoryPerson, crmExternalId: string | null = null): NewPerson {
  return {
    email: person.email, linkedinUrl: person.linkedinUrl, firstName: person.firstName, lastName: person.lastName, jobTitle: person.jobTitle,
    phone: person.phone, companyName: person.company?.name ?? null, companyDomain: person.company?.domain ?? null, crmExternalId,
  };
}

/** Workspace rows matching (organization, value) pairs on one column, keyed `org|value`. */
async function byPairs<R extends { organization_id: string; v: string }>(
  db: Parameters<RawBuilder<R>['execute']>[0], query: (orgs: string[], values: string[]) => RawBuilder<R>, pairs: [string, string][],
): Promise<Map<string, R>> {
  const out = new Map<string, R>();
  if (!pairs.length) return out;
  const unique = [...new Map(pairs.map((p) => [key(p[0], p[1]), p])).values()];
  const { rows } = await query(unique.map((p) => p[0]), unique.map((p) => p[1])).execute(db);
  for (const row of rows) out.set(key(row.organization_id, row.v), row);
  return out;
}

interface ContactHit { id: string; organization_id: string; v: string; account_id: string | null }

/**
 * Resolves one batch of PENDING events (see the header). Answers the counts; claimed 0 means the
 * queue was empty (for these organizations).
 */
export async function resolveEventBatch(
  em: EntityManager, providers: { directory: Directory; crm: CrmConnector }, options: ResolveBatchOptions,
): Promise<ResolveBatchResult> {
  // A deadlock or serialization failure rolled the whole batch back: claim and resolve it again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await resolveOnce(em, providers, options);
    } catch (error) {
      const code = (error as { code?: string })?.code;
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}

async function resolveOnce(em: EntityManager, providers: { directory: Directory; crm: CrmConnector }, options: ResolveBatchOptions): Promise<ResolveBatchResult> {
  const { directory, crm } = providers;
  const concurrency = options.lookupConcurrency ?? 1;
  return em.fork().transactional(async (tx) => {
    const db = tx.getKysely();
    const orgFilter = options.organizationIds ? sql`AND organization_id = ANY (${options.organizationIds}::uuid[])` : sql``;
    const { rows: claimed } = await sql<ClaimedRow>`
      SELECT id, organization_id, event_name, external_event_id, subject FROM ingested_events
       WHERE resolution_status = 'PENDING' ${orgFilter}
       ORDER BY received_at, id LIMIT ${options.limit} FOR UPDATE SKIP LOCKED`.execute(db);
    const result: ResolveBatchResult = { claimed: claimed.length, resolved: 0, unresolved: 0, contactsCreated: 0, accountsCreated: 0, playbookRuns: 0 };
    if (!claimed.length) return result;
    const items = claimed.map(itemOf);

    // 1. The workspace, set-based: contacts by email, by LinkedIn URL, by CRM link; accounts by CRM link.
    const contactsBy = (column: 'email' | 'linkedin_url', pairs: [string, string][]) => byPairs<ContactHit>(db, (orgs, values) => sql<ContactHit>`
      SELECT c.id, c.organization_id, c.${sql.ref(column)} AS v, c.account_id FROM contacts c
        JOIN unnest(${orgs}::uuid[], ${values}::text[]) AS x(org, v) ON c.organization_id = x.org AND c.${sql.ref(column)} = x.v`, pairs);
    const linksBy = (objectType: 'contact' | 'account', pairs: [string, string][]) => byPairs<ContactHit>(db, (orgs, values) => sql<ContactHit>`
      SELECT l.local_id AS id, l.organization_id, l.external_id AS v, ${objectType === 'contact' ? sql`c.account_id` : sql`NULL::uuid`} AS account_id
        FROM crm_links l JOIN unnest(${orgs}::uuid[], ${values}::text[]) AS x(org, v)
          ON l.organization_id = x.org AND l.object_type = ${objectType} AND l.external_id = x.v AND l.crm_type = ${crm.type}
        ${objectType === 'contact' ? sql`JOIN contacts c ON c.id = l.local_id` : sql`JOIN accounts c ON c.id = l.local_id`}`, pairs);
    const pairsOf = (pick: (i: Item) => string | null) => items.flatMap((i): [string, string][] => { const v = pick(i); return v ? [[i.org, v]] : []; });
    const [wsEmail, wsLinkedin, wsContactLink, wsAccountLink] = [
      await contactsBy('email', pairsOf((i) => i.email)),
      await contactsBy('linkedin_url', pairsOf((i) => i.linkedinUrl)),
      await linksBy('contact', pairsOf((i) => i.externalContactId)),
      await linksBy('account', pairsOf((i) => i.externalCompanyId)),
    ];

    // 2. What the workspace did not answer: the directory, then the CRM (other connections, memoised per batch).
    const personByEmail = memo((e) => directory.findPersonByEmail(e));
    const personByLinkedin = memo((l) => directory.findPersonByLinkedinUrl(l));
    const companyByDomain = memo((d) => directory.findCompanyByDomain(d));
    const crmRecord = memo((k) => {
      const [org, type, id] = k.split('|');
      return crm.findRecord(org, type as 'contact' | 'company', id);
    });
    const contactOf = new Map<Item, ContactMatch | null>();
    const accountOf = new Map<Item, AccountMatch | null>();
    const ws = (hit: ContactHit, crmExternalId: string | null = null): ContactMatch => ({ kind: 'workspace', id: hit.id, accountId: hit.account_id, crmExternalId });

    const matchContact = async (i: Item): Promise<ContactMatch | null> => {
      if (i.email) {
        const hit = wsEmail.get(key(i.org, i.email));
        if (hit) return ws(hit);
        const person = await personByEmail(i.email);
        if (person) return { kind: 'new', person: personFromDirectory(person) };
      }
      if (i.linkedinUrl) {
        const hit = wsLinkedin.get(key(i.org, i.linkedinUrl));
        if (hit) return ws(hit);
        const person = await personByLinkedin(i.linkedinUrl);
        if (person) return { kind: 'new', person: personFromDirectory(person) };
      }
      if (i.externalContactId) {
        const hit = wsContactLink.get(key(i.org, i.externalContactId));
        if (hit) return ws(hit);
        const record = await crmRecord(`${i.org}|contact|${i.externalContactId}`);
        if (record) return contactFromCrm(record, i.externalContactId);
      }
      return null;
    };
    // A CRM contact: its email / LinkedIn URL in the workspace (checked in step 3), else the directory, else the CRM's own fields.
    const contactFromCrm = async (record: CrmRecord, externalId: string): Promise<ContactMatch | null> => {
      const props = record.properties;
      const email = str(props.email) ? normalizeEmail(props.email) : null;
      const linkedinUrl = str(props.linkedin_url) ? normalizeLinkedinUrl(props.linkedin_url) : null;
      if (!email && !linkedinUrl) return null;
      const person = (email ? await personByEmail(email) : null) ?? (linkedinUrl ? await personByLinkedin(linkedinUrl) : null);
      const domain = str(props.company_domain) ? normalizeDomain(props.company_domain) : null;
      const company = domain ? await companyByDomain(domain) : null;
      const fromDirectory = person ? personFromDirectory(person, externalId) : null;
      return {
        kind: 'new',
        person: {
          email: email ?? fromDirectory?.email ?? null,
          linkedinUrl: linkedinUrl ?? fromDirectory?.linkedinUrl ?? null,
          firstName: str(props.first_name) ?? fromDirectory?.firstName ?? null,
          lastName: str(props.last_name) ?? fromDirectory?.lastName ?? null,
          jobTitle: str(props.job_title) ?? fromDirectory?.jobTitle ?? null,
          phone: str(props.phone) ?? fromDirectory?.phone ?? null,
          companyName: company?.name ?? str(props.company_name) ?? fromDirectory?.companyName ?? null,
          companyDomain: company?.domain ?? domain ?? fromDirectory?.companyDomain ?? null,
          crmExternalId: externalId,
        },
      };
    };
    const matchAccount = async (i: Item): Promise<AccountMatch | null> => {
      if (i.domain) {
        const company = await companyByDomain(i.domain);
        // Known to the directory: created when missing. Unknown: only a workspace account of that domain matches.
        return { kind: 'domain', domain: company?.domain ?? i.domain, name: company?.name ?? null, create: !!company, crmExternalId: null };
      }
      if (i.externalCompanyId) {
        const hit = wsAccountLink.get(key(i.org, i.externalCompanyId));
        if (hit) return { kind: 'workspace', id: hit.id };
        const record = await crmRecord(`${i.org}|company|${i.externalCompanyId}`);
        const raw = record ? str(record.properties.domain) : null;
        const domain = raw ? normalizeDomain(raw) : null;
        if (record && domain) {
          const company = await companyByDomain(domain);
          return { kind: 'domain', domain: company?.domain ?? domain, name: str(record.properties.name) ?? company?.name ?? null, create: true, crmExternalId: i.externalCompanyId };
        }
      }
      return null;
    };
    await pool(items, concurrency, async (i) => {
      contactOf.set(i, await matchContact(i));
      accountOf.set(i, await matchAccount(i));
    });

    // 3. New people whose email or LinkedIn URL the workspace already has are that contact; erased people are not created again.
    const newPeople = items.map((i) => contactOf.get(i)).filter((m): m is Extract<ContactMatch, { kind: 'new' }> => m?.kind === 'new');
    const itemOfMatch = new Map<ContactMatch, Item>(items.flatMap((i) => { const m = contactOf.get(i); return m ? [[m, i] as [ContactMatch, Item]] : []; }));
    const orgOf = (m: ContactMatch) => itemOfMatch.get(m)!.org;
    const [knownEmail, knownLinkedin] = [
      await contactsBy('email', newPeople.flatMap((m): [string, string][] => (m.person.email ? [[orgOf(m), m.person.email]] : []))),
      await contactsBy('linkedin_url', newPeople.flatMap((m): [string, string][] => (m.person.linkedinUrl ? [[orgOf(m), m.person.linkedinUrl]] : []))),
    ];
    const hashes = newPeople.flatMap((m) => [
      ...(m.person.email ? [[orgOf(m), 'EMAIL', identityHash(m.person.email)]] : []),
      ...(m.person.linkedinUrl ? [[orgOf(m), 'LINKEDIN_URL', identityHash(m.person.linkedinUrl)]] : []),
    ]);
    const erased = new Set<string>();
    if (hashes.length) {
      const { rows } = await sql<{ organization_id: string; value_hash: string }>`
        SELECT s.organization_id, s.value_hash FROM suppressions s
          JOIN unnest(${hashes.map((h) => h[0])}::uuid[], ${hashes.map((h) => h[1])}::text[], ${hashes.map((h) => h[2])}::text[]) AS x(org, kind, h)
            ON s.organization_id = x.org AND s.kind = x.kind AND s.value_hash = x.h`.execute(db);
      for (const r of rows) erased.add(key(r.organization_id, r.value_hash));
    }
    for (const i of items) {
      const m = contactOf.get(i);
      if (m?.kind !== 'new') continue;
      const known = (m.person.email && knownEmail.get(key(i.org, m.person.email))) || (m.person.linkedinUrl && knownLinkedin.get(key(i.org, m.person.linkedinUrl)));
      if (known) { contactOf.set(i, ws(known, m.person.crmExternalId)); continue; }
      const isErased = [m.person.email, m.person.linkedinUrl].some((v) => v && erased.has(key(i.org, identityHash(v))));
      if (isErased) contactOf.set(i, null);
    }

    // 4. Accounts: the workspace's by primary domain; the missing known companies created (new people's employers too).
    const now = new Date();
    const domainWanted: { org: string; domain: string; name: string | null; create: boolean }[] = [];
    for (const i of items) {
      const a = accountOf.get(i);
      if (a?.kind === 'domain') domainWanted.push({ org: i.org, domain: a.domain, name: a.name, create: a.create });
      const m = contactOf.get(i);
      if (m?.kind === 'new' && m.person.companyDomain) domainWanted.push({ org: i.org, domain: m.person.companyDomain, name: m.person.companyName, create: true });
    }
    const accountIds = new Map<string, string>();
    if (domainWanted.length) {
      const wanted = [...new Map(domainWanted.map((d) => [key(d.org, d.domain), d])).values()];
      const { rows } = await sql<{ id: string; organization_id: string; domain: string }>`
        SELECT a.id, a.organization_id, a.domain FROM accounts a
          JOIN unnest(${wanted.map((w) => w.org)}::uuid[], ${wanted.map((w) => w.domain)}::text[]) AS x(org, d) ON a.organization_id = x.org AND a.domain = x.d`.execute(db);
      for (const r of rows) accountIds.set(key(r.organization_id, r.domain), r.id);
      // Sorted: concurrent batches insert shared domains in one order, so they wait on each other instead of deadlocking.
      const create = [...new Map(domainWanted.filter((d) => d.create && !accountIds.has(key(d.org, d.domain))).map((d) => [key(d.org, d.domain), d])).values()]
        .sort((a, b) => compare(key(a.org, a.domain), key(b.org, b.domain)));
      if (create.length) {
        const inserted = await sql<{ id: string; organization_id: string; domain: string; inserted: boolean }>`
          INSERT INTO accounts (id, organization_id, name, domain, first_seen_at, last_seen_at, created_at, updated_at)
          SELECT gen_random_uuid(), x.org, x.name, x.d, ${now}, ${now}, ${now}, ${now}
            FROM unnest(${create.map((c) => c.org)}::uuid[], ${create.map((c) => c.name ?? c.domain)}::text[], ${create.map((c) => c.domain)}::text[]) AS x(org, name, d)
          ON CONFLICT (organization_id, domain) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
          RETURNING id, organization_id, domain, (xmax = 0) AS inserted`.execute(db);
        for (const r of inserted.rows) {
          accountIds.set(key(r.organization_id, r.domain), r.id);
          if (r.inserted) result.accountsCreated++;
        }
      }
    }

    // 5. New contacts, one per person (the same person twice in a batch is created once).
    const contactIds = new Map<Item, { id: string; accountId: string | null; crmExternalId: string | null }>();
    const toCreate = new Map<string, { org: string; person: NewPerson; id: string }>();
    const personKey = new Map<Item, string>();
    for (const i of items) {
      const m = contactOf.get(i);
      if (m?.kind === 'workspace') contactIds.set(i, { id: m.id, accountId: m.accountId, crmExternalId: m.crmExternalId });
      if (m?.kind !== 'new') continue;
      const keys = [m.person.email && key(i.org, `e:${m.person.email}`), m.person.linkedinUrl && key(i.org, `l:${m.person.linkedinUrl}`)].filter((k): k is string => !!k);
      const existing = keys.map((k) => toCreate.get(k)).find(Boolean);
      const entry = existing ?? { org: i.org, person: m.person, id: randomUUID() };
      for (const k of keys) if (!toCreate.has(k)) toCreate.set(k, entry);
      personKey.set(i, keys[0]);
    }
    const created = [...new Set(toCreate.values())]
      .sort((a, b) => compare(key(a.org, a.person.email ?? a.person.linkedinUrl ?? ''), key(b.org, b.person.email ?? b.person.linkedinUrl ?? '')));
    const createdIds = new Map<string, { id: string; accountId: string | null }>();
    if (created.length) {
      const col = <T>(pick: (c: (typeof created)[number]) => T) => created.map(pick);
      const employer = (c: (typeof created)[number]) => (c.person.companyDomain ? accountIds.get(key(c.org, c.person.companyDomain)) ?? null : null);
      const inserted = await sql<{ id: string }>`
        INSERT INTO contacts (id, organization_id, account_id, email, linkedin_url, first_name, last_name, job_title, company_name, phone,
                              email_status, first_seen_at, last_seen_at, created_at, updated_at)
        SELECT x.id, x.org, x.account, x.email, x.linkedin, x.first_name, x.last_name, x.job_title, x.company_name, x.phone, 'UNVERIFIED', ${now}, ${now}, ${now}, ${now}
          FROM unnest(${col((c) => c.id)}::uuid[], ${col((c) => c.org)}::uuid[], ${col(employer)}::uuid[], ${col((c) => c.person.email)}::text[],
                      ${col((c) => c.person.linkedinUrl)}::text[], ${col((c) => c.person.firstName)}::text[], ${col((c) => c.person.lastName)}::text[],
                      ${col((c) => c.person.jobTitle)}::text[], ${col((c) => c.person.companyName)}::text[], ${col((c) => c.person.phone)}::text[])
            AS x(id, org, account, email, linkedin, first_name, last_name, job_title, company_name, phone)
        ON CONFLICT DO NOTHING RETURNING id`.execute(db);
      const done = new Set(inserted.rows.map((r) => r.id));
      result.contactsCreated += done.size;
      for (const c of created) if (done.has(c.id)) createdIds.set(c.id, { id: c.id, accountId: employer(c) });
      // Lost a race with a concurrent write of the same person (API upsert, another drain): use that contact.
      const raced = created.filter((c) => !done.has(c.id));
      if (raced.length) {
        const [e, l] = [
          await contactsBy('email', raced.flatMap((c): [string, string][] => (c.person.email ? [[c.org, c.person.email]] : []))),
          await contactsBy('linkedin_url', raced.flatMap((c): [string, string][] => (c.person.linkedinUrl ? [[c.org, c.person.linkedinUrl]] : []))),
        ];
        for (const c of raced) {
          const hit = (c.person.email && e.get(key(c.org, c.person.email))) || (c.person.linkedinUrl && l.get(key(c.org, c.person.linkedinUrl)));
          if (hit) createdIds.set(c.id, { id: hit.id, accountId: hit.account_id });
        }
      }
    }
    for (const i of items) {
      const pk = personKey.get(i);
      if (!pk) continue;
      const entry = toCreate.get(pk)!;
      const got = createdIds.get(entry.id);
      if (got) contactIds.set(i, { ...got, crmExternalId: entry.person.crmExternalId });
    }

    // 6. Each event's account: its own identifiers first, then the contact's employer.
    const eventAccount = new Map<Item, string | null>();
    for (const i of items) {
      const a = accountOf.get(i);
      let accountId: string | null = null;
      if (a?.kind === 'workspace') accountId = a.id;
      else if (a?.kind === 'domain') accountId = accountIds.get(key(i.org, a.domain)) ?? null;
      if (!accountId) {
        // company_domain unknown everywhere: external_company_id is the next identifier.
        if (a?.kind === 'domain' && !a.crmExternalId && i.externalCompanyId) {
          const second = await matchAccount({ ...i, domain: null });
          if (second?.kind === 'workspace') accountId = second.id;
          else if (second?.kind === 'domain') accountId = accountIds.get(key(i.org, second.domain)) ?? await ensureAccount(tx, i.org, second.domain, second.name, now, result);
          if (second?.kind === 'domain' && accountId) accountOf.set(i, second);
        }
      }
      eventAccount.set(i, accountId ?? contactIds.get(i)?.accountId ?? null);
    }

    // 7. CRM links for what was found through the CRM (a contact or account keeps a link it already has).
    const links: [string, 'contact' | 'account', string, string][] = [];
    for (const i of items) {
      const c = contactIds.get(i);
      if (c?.crmExternalId) links.push([i.org, 'contact', c.id, c.crmExternalId]);
      const a = accountOf.get(i);
      const accountId = eventAccount.get(i);
      if (a?.kind === 'domain' && a.crmExternalId && accountId) links.push([i.org, 'account', accountId, a.crmExternalId]);
    }
    if (links.length) {
      await sql`
        INSERT INTO crm_links (organization_id, object_type, local_id, crm_type, external_id, created_at)
        SELECT x.org, x.t, x.id, ${crm.type}, x.ext, ${now}
          FROM unnest(${links.map((l) => l[0])}::uuid[], ${links.map((l) => l[1])}::text[], ${links.map((l) => l[2])}::uuid[], ${links.map((l) => l[3])}::text[]) AS x(org, t, id, ext)
        ON CONFLICT DO NOTHING`.execute(db);
    }

    // 8. The outcome of every event in one statement, then its event.resolved.
    const outcome = items.map((i) => {
      const contactId = contactIds.get(i)?.id ?? null;
      const accountId = eventAccount.get(i) ?? null;
      return { i, contactId, accountId, status: contactId || accountId ? 'RESOLVED' as const : 'UNRESOLVED' as const };
    });
    await sql`
      UPDATE ingested_events e SET resolution_status = x.status, contact_id = x.contact_id, account_id = x.account_id, resolved_at = ${now}
        FROM unnest(${outcome.map((o) => o.i.event.id)}::uuid[], ${outcome.map((o) => o.status)}::text[], ${outcome.map((o) => o.contactId)}::uuid[],
                    ${outcome.map((o) => o.accountId)}::uuid[]) AS x(id, status, contact_id, account_id)
       WHERE e.id = x.id AND e.resolution_status = 'PENDING'`.execute(db);
    const summaries = await contactSummaries(tx, outcome.flatMap((o) => (o.contactId ? [o.contactId] : [])));
    for (const o of outcome) {
      if (o.status === 'RESOLVED') result.resolved++; else result.unresolved++;
      await emitEvent(tx, {
        type: 'event.resolved',
        organizationId: o.i.org,
        contact: o.contactId ? summaries.get(o.contactId) ?? null : null,
        fields: {
          event_id: o.i.event.id, event_name: o.i.event.event_name, resolution_status: o.status, account_id: o.accountId, external_event_id: o.i.event.external_event_id,
        },
      });
    }

    // 9. Playbooks of the events that resolved to a contact.
    result.playbookRuns = await createRunsForResolvedEvents(tx, outcome.flatMap((o) => (o.contactId
      ? [{ eventId: o.i.event.id, organizationId: o.i.org, eventName: o.i.event.event_name, contactId: o.contactId }] : [])), now);
    return result;
  });
}

async function ensureAccount(tx: EntityManager, org: string, domain: string, name: string | null, now: Date, result: ResolveBatchResult): Promise<string> {
  const { rows } = await sql<{ id: string; inserted: boolean }>`
    INSERT INTO accounts (id, organization_id, name, domain, first_seen_at, last_seen_at, created_at, updated_at)
    VALUES (gen_random_uuid(), ${org}, ${name ?? domain}, ${domain}, ${now}, ${now}, ${now}, ${now})
    ON CONFLICT (organization_id, domain) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at RETURNING id, (xmax = 0) AS inserted`.execute(tx.getKysely());
  if (rows[0].inserted) result.accountsCreated++;
  return rows[0].id;
}

/** Contact summaries (as events embed them) of many contacts in one statement. */
export async function contactSummaries(em: EntityManager, ids: string[]): Promise<Map<string, ContactSummary>> {
  const out = new Map<string, ContactSummary>();
  if (!ids.length) return out;
  const { rows } = await sql<ContactSummary>`
    SELECT c.id, c.first_name, c.last_name, c.email, c.linkedin_url, c.job_title, COALESCE(c.company_name, a.name) AS company_name, a.domain AS company_domain
      FROM contacts c LEFT JOIN accounts a ON a.id = c.account_id WHERE c.id = ANY (${[...new Set(ids)]}::uuid[])`.execute(em.getKysely());
  for (const r of rows) out.set(r.id, r);
  return out;
}
