// Subject resolution of ingested events (docs/api/events.md, 'Event
// resolution'), one batch per call of the event-resolution workflow's activity.
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
import type { ResolveBatchResult } from './resolution.types.ts';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CrmConnector } from '../../providers/crm/index.ts';
import type { Directory } from '../../providers/directory/index.ts';
import { suppressionHash } from '../people/suppression-hash.ts';
import { emitEvent } from '../activity/emit.ts';
import { createRunsForResolvedEvents } from '../playbooks/triggered-runs.ts';
import {
  compare,
  itemOf,
  key,
  pool,
  type AccountMatch,
  type ContactMatch,
  type Item,
  type NewPerson,
} from './resolution-subjects.ts';
import { createMatchers, workspaceMatch } from './resolution-matchers.ts';
import {
  accountsByDomain,
  claimPending,
  contactSummaries,
  contactsBy,
  erasedIdentities,
  insertContacts,
  insertCrmLinks,
  linkedBy,
  upsertAccounts,
  writeOutcomes,
} from './events.queries.ts';

export { contactSummaries } from './events.queries.ts';

/** One account (created when missing), counted in the batch's result when this call created it. */
async function ensureAccount(
  tx: EntityManager,
  org: string,
  domain: string,
  name: string | null,
  now: Date,
  result: ResolveBatchResult,
): Promise<string> {
  const [row] = await upsertAccounts(tx, [{ org, domain, name }], now);
  if (row.inserted) result.accountsCreated++;
  return row.id;
}

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

/**
 * Resolves one batch of PENDING events (see the header). Answers the counts; claimed 0 means the
 * queue was empty (for these organizations).
 */
export async function resolveEventBatch(
  em: EntityManager,
  providers: { directory: Directory; crm: CrmConnector },
  options: ResolveBatchOptions,
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

async function resolveOnce(
  em: EntityManager,
  providers: { directory: Directory; crm: CrmConnector },
  options: ResolveBatchOptions,
): Promise<ResolveBatchResult> {
  const { directory, crm } = providers;
  const concurrency = options.lookupConcurrency ?? 1;
  return em.fork().transactional(async (tx) => {
    const claimed = await claimPending(tx, options.limit, options.organizationIds);
    const result: ResolveBatchResult = {
      claimed: claimed.length,
      resolved: 0,
      unresolved: 0,
      contactsCreated: 0,
      accountsCreated: 0,
      playbookRuns: 0,
    };
    if (!claimed.length) return result;
    const items = claimed.map(itemOf);

    // 1. The workspace, set-based: contacts by email, by LinkedIn URL, by CRM link; accounts by CRM link.
    const pairsOf = (pick: (i: Item) => string | null) =>
      items.flatMap((i): [string, string][] => {
        const v = pick(i);
        return v ? [[i.org, v]] : [];
      });
    const workspace = {
      byEmail: await contactsBy(
        tx,
        'email',
        pairsOf((i) => i.email),
      ),
      byLinkedin: await contactsBy(
        tx,
        'linkedin_url',
        pairsOf((i) => i.linkedinUrl),
      ),
      byContactLink: await linkedBy(
        tx,
        crm.type,
        'contact',
        pairsOf((i) => i.externalContactId),
      ),
      byAccountLink: await linkedBy(
        tx,
        crm.type,
        'account',
        pairsOf((i) => i.externalCompanyId),
      ),
    };

    // 2. What the workspace did not answer: the directory, then the CRM (other connections, memoised per batch).
    const { matchContact, matchAccount } = createMatchers(directory, crm, workspace);
    const contactOf = new Map<Item, ContactMatch | null>();
    const accountOf = new Map<Item, AccountMatch | null>();
    await pool(items, concurrency, async (i) => {
      contactOf.set(i, await matchContact(i));
      accountOf.set(i, await matchAccount(i));
    });

    // 3. New people whose email or LinkedIn URL the workspace already has are that contact; erased people are not created again.
    const newPeople = items
      .map((i) => contactOf.get(i))
      .filter((m): m is Extract<ContactMatch, { kind: 'new' }> => m?.kind === 'new');
    const itemOfMatch = new Map<ContactMatch, Item>(
      items.flatMap((i) => {
        const m = contactOf.get(i);
        return m ? [[m, i] as [ContactMatch, Item]] : [];
      }),
    );
    const orgOf = (m: ContactMatch) => itemOfMatch.get(m)!.org;
    const [knownEmail, knownLinkedin] = [
      await contactsBy(
        tx,
        'email',
        newPeople.flatMap((m): [string, string][] => (m.person.email ? [[orgOf(m), m.person.email]] : [])),
      ),
      await contactsBy(
        tx,
        'linkedin_url',
        newPeople.flatMap((m): [string, string][] => (m.person.linkedinUrl ? [[orgOf(m), m.person.linkedinUrl]] : [])),
      ),
    ];
    const hashes = newPeople.flatMap((m) => [
      ...(m.person.email
        ? [[orgOf(m), 'EMAIL', suppressionHash(orgOf(m), m.person.email)] as [string, string, string]]
        : []),
      ...(m.person.linkedinUrl
        ? [[orgOf(m), 'LINKEDIN_URL', suppressionHash(orgOf(m), m.person.linkedinUrl)] as [string, string, string]]
        : []),
    ]);
    const erased = await erasedIdentities(tx, hashes);
    for (const i of items) {
      const m = contactOf.get(i);
      if (m?.kind !== 'new') continue;
      const known =
        (m.person.email && knownEmail.get(key(i.org, m.person.email))) ||
        (m.person.linkedinUrl && knownLinkedin.get(key(i.org, m.person.linkedinUrl)));
      if (known) {
        contactOf.set(i, workspaceMatch(known, m.person.crmExternalId));
        continue;
      }
      const isErased = [m.person.email, m.person.linkedinUrl].some(
        (v) => v && erased.has(key(i.org, suppressionHash(i.org, v))),
      );
      if (isErased) contactOf.set(i, null);
    }

    // 4. Accounts: the workspace's by primary domain; the missing known companies created (new people's employers too).
    const now = new Date();
    const domainWanted: { org: string; domain: string; name: string | null; create: boolean }[] = [];
    for (const i of items) {
      const a = accountOf.get(i);
      if (a?.kind === 'domain') domainWanted.push({ org: i.org, domain: a.domain, name: a.name, create: a.create });
      const m = contactOf.get(i);
      if (m?.kind === 'new' && m.person.companyDomain)
        domainWanted.push({ org: i.org, domain: m.person.companyDomain, name: m.person.companyName, create: true });
    }
    let accountIds = new Map<string, string>();
    if (domainWanted.length) {
      accountIds = await accountsByDomain(tx, [
        ...new Map(domainWanted.map((d) => [key(d.org, d.domain), d])).values(),
      ]);
      // Sorted: concurrent batches insert shared domains in one order, so they wait on each other instead of deadlocking.
      const create = [
        ...new Map(
          domainWanted
            .filter((d) => d.create && !accountIds.has(key(d.org, d.domain)))
            .map((d) => [key(d.org, d.domain), d]),
        ).values(),
      ].sort((a, b) => compare(key(a.org, a.domain), key(b.org, b.domain)));
      if (create.length) {
        for (const r of await upsertAccounts(tx, create, now)) {
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
      if (m?.kind === 'workspace')
        contactIds.set(i, { id: m.id, accountId: m.accountId, crmExternalId: m.crmExternalId });
      if (m?.kind !== 'new') continue;
      const keys = [
        m.person.email && key(i.org, `e:${m.person.email}`),
        m.person.linkedinUrl && key(i.org, `l:${m.person.linkedinUrl}`),
      ].filter((k): k is string => !!k);
      const existing = keys.map((k) => toCreate.get(k)).find(Boolean);
      const entry = existing ?? { org: i.org, person: m.person, id: randomUUID() };
      for (const k of keys) if (!toCreate.has(k)) toCreate.set(k, entry);
      personKey.set(i, keys[0]);
    }
    const created = [...new Set(toCreate.values())].sort((a, b) =>
      compare(
        key(a.org, a.person.email ?? a.person.linkedinUrl ?? ''),
        key(b.org, b.person.email ?? b.person.linkedinUrl ?? ''),
      ),
    );
    const createdIds = new Map<string, { id: string; accountId: string | null }>();
    if (created.length) {
      const employer = (c: (typeof created)[number]) =>
        c.person.companyDomain ? (accountIds.get(key(c.org, c.person.companyDomain)) ?? null) : null;
      const done = await insertContacts(
        tx,
        created.map((c) => ({ ...c, accountId: employer(c) })),
        now,
      );
      result.contactsCreated += done.size;
      for (const c of created) if (done.has(c.id)) createdIds.set(c.id, { id: c.id, accountId: employer(c) });
      // Lost a race with a concurrent write of the same person (API upsert, another drain): use that contact.
      const raced = created.filter((c) => !done.has(c.id));
      if (raced.length) {
        const [e, l] = [
          await contactsBy(
            tx,
            'email',
            raced.flatMap((c): [string, string][] => (c.person.email ? [[c.org, c.person.email]] : [])),
          ),
          await contactsBy(
            tx,
            'linkedin_url',
            raced.flatMap((c): [string, string][] => (c.person.linkedinUrl ? [[c.org, c.person.linkedinUrl]] : [])),
          ),
        ];
        for (const c of raced) {
          const hit =
            (c.person.email && e.get(key(c.org, c.person.email))) ||
            (c.person.linkedinUrl && l.get(key(c.org, c.person.linkedinUrl)));
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
          else if (second?.kind === 'domain')
            accountId =
              accountIds.get(key(i.org, second.domain)) ??
              (await ensureAccount(tx, i.org, second.domain, second.name, now, result));
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
      if (a?.kind === 'domain' && a.crmExternalId && accountId)
        links.push([i.org, 'account', accountId, a.crmExternalId]);
    }
    await insertCrmLinks(tx, crm.type, links, now);

    // 8. The outcome of every event in one statement, then its event.resolved.
    const outcome = items.map((i) => {
      const contactId = contactIds.get(i)?.id ?? null;
      const accountId = eventAccount.get(i) ?? null;
      return {
        i,
        contactId,
        accountId,
        status: contactId || accountId ? ('RESOLVED' as const) : ('UNRESOLVED' as const),
      };
    });
    await writeOutcomes(
      tx,
      outcome.map((o) => ({ eventId: o.i.event.id, status: o.status, contactId: o.contactId, accountId: o.accountId })),
      now,
    );
    const summaries = await contactSummaries(
      tx,
      outcome.flatMap((o) => (o.contactId ? [o.contactId] : [])),
    );
    for (const o of outcome) {
      if (o.status === 'RESOLVED') result.resolved++;
      else result.unresolved++;
      await emitEvent(tx, {
        type: 'event.resolved',
        organizationId: o.i.org,
        contact: o.contactId ? (summaries.get(o.contactId) ?? null) : null,
        fields: {
          event_id: o.i.event.id,
          event_name: o.i.event.event_name,
          resolution_status: o.status,
          account_id: o.accountId,
          external_event_id: o.i.event.external_event_id,
        },
      });
    }

    // 9. Playbooks of the events that resolved to a contact.
    result.playbookRuns = await createRunsForResolvedEvents(
      tx,
      outcome.flatMap((o) =>
        o.contactId
          ? [
              {
                eventId: o.i.event.id,
                organizationId: o.i.org,
                eventName: o.i.event.event_name,
                contactId: o.contactId,
              },
            ]
          : [],
      ),
      now,
    );
    return result;
  });
}
