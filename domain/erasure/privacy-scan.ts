// The privacy scan (`admin privacy-scan`, docs/api/people.md): proof that a person is gone. Every
// text and JSON column of every table is searched for their identifiers (email, name, LinkedIn URL,
// phone), one pass per column counting each identifier in the database, each statement time-bounded; the stored idempotent
// answers, sealed at rest, are opened and searched too. After an erasure it finds nothing in the
// service's tables; the suppression hash is reported on its own (a hash, not the identifier).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sealedAnswers } from '../idempotency/answer-seal.ts';
import { normalizeEmail, normalizeLinkedinUrl } from '../people/identifiers.ts';
import { suppressionHash } from '../people/suppression-hash.ts';
import { storedAnswers } from './erase.queries.ts';
import { countMentions, hasSuppression, textColumns } from './privacy-scan.queries.ts';

/**
 * Tables that stand for systems outside the service (the sandbox providers' own stores, and the
 * lead directory every organization shares): a hit there is the outside system's copy, not ours.
 */
export const OUTSIDE_TABLES: Record<string, string> = {
  sandbox_outbound_emails: 'the sandbox mail transport: what was sent (the recipient has it)',
  sandbox_linkedin_actions: 'the sandbox LinkedIn channel: what was sent',
  sandbox_enrichment_jobs: "the sandbox enrichment vendor's own store",
  crm_records: "the sandbox CRM's own store (an erasure deletes the organization's record through the CRM)",
  directory_people: 'the lead directory every organization shares (a data source, not a copy kept for one)',
  directory_companies: 'the lead directory every organization shares',
  directory_company_domains: 'the lead directory every organization shares',
  directory_meta: 'the lead directory every organization shares',
};

export interface ScanSubject {
  organizationId: string | null;
  email?: string;
  name?: string;
  linkedinUrl?: string;
  phone?: string;
}

export interface ScanHit {
  table: string;
  column: string;
  identifier: 'email' | 'name' | 'linkedin_url' | 'phone';
  count: number;
  /** Why a hit here is not a copy the service keeps (OUTSIDE_TABLES); null for the service's own tables. */
  outside_system: string | null;
}

export interface ScanReport {
  columns_scanned: number;
  hits: ScanHit[];
  /** Hits in the service's own tables (zero after an erasure). */
  service_hits: number;
  /** The organization keeps the suppression hash of the email or LinkedIn URL. */
  suppressed: boolean;
}

/** A value as it may be written: as given, and percent-encoded (as in a stored path or query). */
function variantsOf(value: string): string[] {
  return [...new Set([value, encodeURIComponent(value)])];
}

const nameParts = (name: string) => name.split(/\s+/).filter((part) => [...part].length >= 4);

/** ILIKE patterns matching text that contains one of the values. */
const patternsOf = (values: string[]) => values.map((v) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

function identifiersOf(subject: ScanSubject): [ScanHit['identifier'], string[]][] {
  const linkedin = subject.linkedinUrl ? normalizeLinkedinUrl(subject.linkedinUrl) : null;
  const email = subject.email ? (normalizeEmail(subject.email) ?? subject.email.trim()) : null;
  return [
    ['email', email ? variantsOf(email) : []],
    // The whole name, and each part of it long enough to say something (first and last names are stored apart).
    ['name', subject.name?.trim() ? [...new Set([subject.name.trim(), ...nameParts(subject.name)])] : []],
    // The profile's path, whatever host and scheme a copy was written with.
    ['linkedin_url', linkedin ? variantsOf(linkedin.replace(/^https:\/\/www\./, '')) : []],
    ['phone', subject.phone?.trim() ? variantsOf(subject.phone.trim()) : []],
  ] satisfies [ScanHit['identifier'], string[]][];
}

export async function privacyScan(
  em: EntityManager,
  secretKey: string,
  subject: ScanSubject,
  options: { statementTimeoutMs?: number } = {},
): Promise<ScanReport> {
  const identifiers = identifiersOf(subject).filter(([, values]) => values.length);
  const columns = await textColumns(em);
  const hits: ScanHit[] = [];
  for (const column of columns) {
    const counts = await countMentions(
      em.fork(),
      column,
      identifiers.map(([, values]) => patternsOf(values)),
      subject.organizationId,
      options.statementTimeoutMs ?? 60_000,
    );
    identifiers.forEach(([identifier], i) => {
      if (counts[i] > 0)
        hits.push({ ...column, identifier, count: counts[i], outside_system: OUTSIDE_TABLES[column.table] ?? null });
    });
  }
  if (subject.organizationId)
    hits.push(...(await sealedAnswerHits(em, secretKey, subject.organizationId, identifiers)));
  const email = subject.email ? normalizeEmail(subject.email) : null;
  const linkedin = subject.linkedinUrl ? normalizeLinkedinUrl(subject.linkedinUrl) : null;
  const suppressed =
    !!subject.organizationId &&
    (
      await Promise.all(
        [email, linkedin]
          .filter((v): v is string => !!v)
          .map((v) => hasSuppression(em, subject.organizationId!, suppressionHash(subject.organizationId!, v))),
      )
    ).some(Boolean);
  return {
    columns_scanned: columns.length,
    hits,
    service_hits: hits.filter((h) => h.outside_system === null).reduce((n, h) => n + h.count, 0),
    suppressed,
  };
}

/** The organization's stored idempotent answers, opened with the service's key and searched. */
async function sealedAnswerHits(
  em: EntityManager,
  secretKey: string,
  organizationId: string,
  identifiers: [ScanHit['identifier'], string[]][],
): Promise<ScanHit[]> {
  const seal = sealedAnswers(secretKey);
  const texts: string[] = [];
  for (const row of await storedAnswers(em.fork(), organizationId)) {
    try {
      texts.push(seal.decrypt(row.response_body!).toLowerCase());
    } catch {
      // sealed under another key: unreadable with this one
    }
  }
  const hits: ScanHit[] = [];
  for (const [identifier, values] of identifiers) {
    const needles = values.map((v) => v.toLowerCase());
    const count = texts.filter((t) => needles.some((n) => t.includes(n))).length;
    if (count > 0)
      hits.push({
        table: 'idempotency_keys',
        column: 'response_body (opened)',
        identifier,
        count,
        outside_system: null,
      });
  }
  return hits;
}
