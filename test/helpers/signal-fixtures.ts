// Signal rows written straight into their tables (as the signals API leaves them after a create),
// and a small fake signal-data provider whose facts are derived from the query's window end, so
// the workflow tests do not depend on the sandbox's facts.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FactPerson, FactQuery, SignalDataProvider, SignalFact } from '../../providers/signals/index.ts';
import type { Stack } from './stack.ts';

const db = (stack: Stack) => stack.orm.em.fork().getKysely();

export interface SignalSpec {
  signalType?: string;
  cadence?: 'DAILY' | 'WEEKLY';
  importTarget?: 'PEOPLE' | 'COMPANIES';
  maxPerDay?: number;
  maxCompaniesPerRun?: number | null;
  maxContactsPerCompany?: number | null;
  importSearchFilters?: Record<string, string[]>;
  eventName?: string | null;
  eventSubject?: 'PEOPLE' | 'COMPANIES' | null;
  sequenceTemplateId?: string | null;
  enrich?: boolean;
  createdAt?: Date;
  lastCheckedAt?: Date | null;
}

/** An ACTIVE signal with its destination list; its id and list ids. */
export async function insertSignal(stack: Stack, organizationId: string, spec: SignalSpec = {}) {
  const id = randomUUID();
  const target = spec.importTarget ?? (spec.eventSubject === 'COMPANIES' ? 'COMPANIES' : 'PEOPLE');
  const contactListId = target === 'PEOPLE' ? randomUUID() : null;
  const accountListId = target === 'COMPANIES' ? randomUUID() : null;
  const name = `Signal ${id.slice(0, 8)}`;
  const created = spec.createdAt ?? new Date();
  if (contactListId) {
    await sql`INSERT INTO contact_lists (id, organization_id, name, created_at, updated_at) VALUES (${contactListId}, ${organizationId}, ${name}, now(), now())`.execute(
      db(stack),
    );
  }
  if (accountListId) {
    await sql`INSERT INTO account_lists (id, organization_id, name, created_at, updated_at) VALUES (${accountListId}, ${organizationId}, ${name}, now(), now())`.execute(
      db(stack),
    );
  }
  const custom = spec.eventName != null;
  await sql`
    INSERT INTO signals (id, organization_id, name, signal_type, status, cadence, search_filters, import_search_filters, import_target, event_subject, event_name,
                         sequence_template_id, enrich_email, enrich_phones, max_companies_per_run, max_contacts_per_company, max_per_day, contact_list_id, account_list_id, last_checked_at, created_at, updated_at)
    VALUES (${id}, ${organizationId}, ${name}, ${spec.signalType ?? (custom ? 'CUSTOM_EVENT' : 'NEW_JOB')}, 'ACTIVE', ${spec.cadence ?? 'DAILY'},
            ${JSON.stringify(custom ? { first_party_event_name: [spec.eventName] } : {})}::jsonb, ${JSON.stringify(spec.importSearchFilters ?? {})}::jsonb, ${target}, ${spec.eventSubject ?? null},
            ${spec.eventName ?? null}, ${spec.sequenceTemplateId ?? null}, ${spec.enrich ?? false}, ${spec.enrich ?? false},
            ${spec.maxCompaniesPerRun ?? null}, ${spec.maxContactsPerCompany ?? null}, ${spec.maxPerDay ?? (custom ? 500 : 5)},
            ${contactListId}, ${accountListId}, ${spec.lastCheckedAt ?? null}, ${created}, ${created})`.execute(
    db(stack),
  );
  return { id, contactListId, accountListId };
}

export async function setSignalStatus(
  stack: Stack,
  id: string,
  status: 'ACTIVE' | 'PAUSED' | 'ARCHIVED',
): Promise<void> {
  await sql`UPDATE signals SET status = ${status}, archived_at = ${status === 'ARCHIVED' ? new Date() : null} WHERE id = ${id}`.execute(
    db(stack),
  );
}

export interface ImportRow {
  fact_key: string;
  status: string;
  kind: string;
  email: string | null;
  contact_id: string | null;
  account_id: string | null;
  occurred_at: Date;
  metadata: Record<string, unknown>;
}

export async function importsOf(stack: Stack, signalId: string): Promise<ImportRow[]> {
  const { rows } = await sql<ImportRow>`
    SELECT fact_key, status, kind, email, contact_id, account_id, occurred_at, metadata FROM signal_imports WHERE signal_id = ${signalId} ORDER BY created_at, id`.execute(
    db(stack),
  );
  return rows;
}

/**
 * `perDay` person facts on each day (day = floor(t / dayMs)): fact i of day d occurred at the
 * day's start + i minutes, about `p<d>-<i>@fake-signals.test`. The provider ignores `from` and
 * answers the two days before `to`, so consecutive checks overlap and the dedup is exercised.
 */
export class FakeSignals implements SignalDataProvider {
  searches = 0;
  private readonly perDay: number;
  private readonly dayMs: number;
  private readonly tag = randomUUID().slice(0, 6);
  constructor(perDay: number, dayMs = 24 * 60 * 60 * 1000) {
    this.perDay = perDay;
    this.dayMs = dayMs;
  }

  async search(query: FactQuery) {
    this.searches++;
    const to = query.to.getTime();
    const items: SignalFact[] = [];
    for (let d = Math.floor(to / this.dayMs); d >= Math.floor(to / this.dayMs) - 2; d--) {
      for (let i = this.perDay - 1; i >= 0; i--) {
        const occurred = d * this.dayMs + i * 60_000;
        if (occurred >= to || occurred < to - 2 * this.dayMs) continue;
        const email = `p${d}-${i}-${this.tag}@fake-signals.test`;
        items.push({
          key: `fake:${d}:${i}`,
          event_type: 'JOB_CHANGE',
          occurred_at: new Date(occurred),
          company: {
            name: 'Fake Co',
            domain: 'fake-signals.test',
            industry: null,
            size_band: null,
            country_code: null,
          },
          person: {
            first_name: `P${i}`,
            last_name: `D${d}`,
            job_title: 'VP Sales',
            linkedin_url: null,
            email,
            company_domain: 'fake-signals.test',
          },
          metadata: { day: d, index: i },
        });
      }
    }
    const offset = query.offset ?? 0;
    return { items: items.slice(offset, offset + query.limit), total: items.length };
  }

  async peopleAt(): Promise<FactPerson[]> {
    return [];
  }
}
