// Custom event signals: a poll of the organization's ingested events after the signal's
// watermark, one transaction for its rows, entries, events and watermark, enrollments after it.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  distinctPresent,
  jsonStorable,
  normalizeDomain,
  normalizeEmail,
  normalizeLinkedinUrl,
} from '../people/identifiers.ts';
import type { CheckResult, SignalCheckDeps } from './check-deps.ts';
import { enroll, resumeEnrollments } from './after-import.ts';
import {
  insertAccountEntries,
  insertContactEntries,
  lockSignal,
  recordImports,
  retryConcurrentWrites,
} from './import-writes.ts';
import {
  contactFieldsOf,
  eventsAfter,
  lookedAtKeys,
  type ImportRow,
  type PersonFields,
} from './signal-imports.queries.ts';
import { setWatermark } from './signals.queries.ts';
import type { SignalRow } from './signal-row.ts';

/** Events read per poll (the documented limit). */
export const EVENTS_PER_POLL = 500;
/** The payload size rule: the copy is left out above 32 KB of serialized JSON. */
export const PAYLOAD_COPY_MAX_BYTES = 32 * 1024;

/**
 * The payload copy for the metadata, or undefined above 32 KB of serialized JSON (the event still
 * counts). The feed answers the event's exact source text in its place (imports.service.ts); a
 * payload jsonb cannot hold (a `\u0000` or an unpaired surrogate escape, which ingestion keeps as
 * text) is stored as null here, and the feed still answers its text.
 */
export function payloadCopy(payloadJson: string | null): unknown {
  if (payloadJson === null) return null;
  if (Buffer.byteLength(payloadJson, 'utf8') > PAYLOAD_COPY_MAX_BYTES) return undefined;
  try {
    const parsed: unknown = JSON.parse(payloadJson);
    return jsonStorable(parsed) ? parsed : null;
  } catch {
    return undefined;
  }
}

const NO_PERSON: PersonFields = {
  first_name: null,
  last_name: null,
  email: null,
  job_title: null,
  linkedin_url: null,
  company_name: null,
  company_domain: null,
};

/** One event's candidate entry: its feed row, and the contact or account entry it would make. */
interface PollItem {
  row: ImportRow;
  contactId: string | null;
  fields: PersonFields;
  account: { id: string | null; name: string; domain: string } | null;
  entryId?: string;
}

/**
 * Rules 3-8: events of the signal's event_name after the watermark, oldest first (received_at,
 * id), at most 500; the read stops before the first PENDING event (its resolution has not
 * finished: a later poll reads it, so it is never skipped). PEOPLE: one entry per email (or per
 * matched person without email), carrying the company domain; company-only events are passed
 * over for good. COMPANIES: one entry per domain. Resolved events link the entry to the contact or
 * account; unresolved ones keep the raw email or domain. Entries land whether or not the person is
 * excluded (events are trusted); enrollment still refuses excluded people. A dedup key already
 * looked at (a re-read, or the same person again) makes no second entry. No caps. A person or
 * domain already on the list (put there another way) is SKIPPED_DUPLICATE. The poll's rows,
 * entries, events and watermark are one transaction (writePoll); enrollments follow its commit,
 * and a retried poll (same `at`) resumes them first.
 */
export async function pollEvents(
  em: EntityManager,
  deps: SignalCheckDeps,
  signal: SignalRow,
  at: Date,
): Promise<CheckResult> {
  await resumeEnrollments(em, deps, signal, at);
  const wm = signal.watermark;
  const rows = await eventsAfter(em, signal.organization_id, signal.event_name, wm, EVENTS_PER_POLL);
  const pending = rows.findIndex((r) => r.resolution_status === 'PENDING');
  const finished = pending === -1 ? rows : rows.slice(0, pending);
  const people = (signal.event_subject ?? (signal.import_target === 'COMPANIES' ? 'COMPANIES' : 'PEOPLE')) === 'PEOPLE';

  const items = new Map<string, PollItem>();
  for (const event of finished) {
    const resolved = event.resolution_status === 'RESOLVED';
    const copy = payloadCopy(event.payload_json);
    const metadata: Record<string, unknown> = {
      event_id: event.id,
      event_name: signal.event_name,
      resolution_status: event.resolution_status,
      subject: event.subject,
      ...(copy === undefined ? { payload_omitted: true } : { payload: copy }),
      check_at: at.toISOString(),
    };
    const subjectDomain = event.subject.company_domain ? normalizeDomain(event.subject.company_domain) : null;
    const domain = (resolved ? event.account_domain : null) ?? subjectDomain;
    const occurred_at = new Date(event.occurred_at);
    if (people) {
      const email = event.subject.email
        ? (normalizeEmail(event.subject.email) ?? event.subject.email)
        : resolved
          ? event.contact_email
          : null;
      const linkedin = event.subject.linkedin_url
        ? (normalizeLinkedinUrl(event.subject.linkedin_url) ?? event.subject.linkedin_url)
        : null;
      const contactId = resolved ? event.contact_id : null;
      // Rule 7: a company-only event (or an unmatched subject with no email) never makes a person entry.
      const key = email ? `email:${email}` : contactId ? `contact:${contactId}` : null;
      if (!key || items.has(key)) continue;
      const fields: PersonFields = {
        first_name: null,
        last_name: null,
        email,
        job_title: null,
        linkedin_url: linkedin,
        company_name: resolved ? event.account_name : null,
        company_domain: domain,
      };
      items.set(key, {
        contactId,
        fields,
        account: null,
        row: {
          fact_key: key,
          kind: 'CONTACT',
          status: 'IMPORTED',
          occurred_at,
          contact_id: contactId,
          account_id: resolved ? event.account_id : null,
          metadata,
        },
      });
    } else {
      if (!domain || items.has(`domain:${domain}`)) continue;
      const key = `domain:${domain}`;
      const name = (resolved ? event.account_name : null) ?? domain;
      items.set(key, {
        contactId: null,
        fields: NO_PERSON,
        account: { id: resolved ? event.account_id : null, name, domain },
        row: {
          fact_key: key,
          kind: 'ACCOUNT',
          status: 'IMPORTED',
          occurred_at,
          account_name: name,
          account_domain: domain,
          account_id: resolved ? event.account_id : null,
          metadata,
        },
      });
    }
  }

  deps.heartbeat?.();
  const last = finished.at(-1);
  const watermark = last ? { received_at: new Date(last.received_at).toISOString(), id: last.id } : null;
  const written = await retryConcurrentWrites(() =>
    em.fork().transactional((tx) => writePoll(tx, signal, people, [...items.values()], watermark)),
  );
  for (const item of written.filter((i) => i.entryId && i.contactId)) {
    deps.heartbeat?.();
    await enroll(em, deps, signal, item.contactId!, item.entryId!);
  }
  const imported = written.filter((i) => i.row.status === 'IMPORTED').length;
  return { outcome: 'CHECKED', imported, skipped: written.length - imported, read: finished.length };
}

/**
 * One poll's writes under the signal's advisory lock: the keys not looked at yet get their entry
 * (IMPORTED) or, when the person or domain is on the list already, none (SKIPPED_DUPLICATE); then
 * every feed row in one insert, the entries' events, and the watermark. Answers the items written.
 */
async function writePoll(
  tx: EntityManager,
  signal: SignalRow,
  people: boolean,
  candidates: PollItem[],
  watermark: { received_at: string; id: string } | null,
): Promise<PollItem[]> {
  await lockSignal(tx, signal);
  const keys = candidates.map((i) => i.row.fact_key);
  const seen = keys.length ? await lookedAtKeys(tx, signal.id, keys) : [];
  const looked = new Set(seen.map((r) => r.fact_key));
  // Copies: a retried transaction starts again from the candidates as read.
  const items: PollItem[] = candidates
    .filter((i) => !looked.has(i.row.fact_key))
    .map((i) => ({ ...i, row: { ...i.row }, entryId: randomUUID() }));
  let made: Set<string>;
  if (people) {
    // A matched person's entry carries the contact's own fields (the event's identifiers first).
    const contacts = await contactFieldsOf(tx, distinctPresent(items.map((i) => i.contactId)));
    const contactOf = new Map(contacts.map((c) => [c.id, c]));
    for (const i of items) {
      const c = i.contactId ? contactOf.get(i.contactId) : undefined;
      if (c)
        i.fields = {
          ...c,
          email: i.fields.email ?? c.email,
          linkedin_url: i.fields.linkedin_url ?? c.linkedin_url,
          company_domain: i.fields.company_domain,
        };
      Object.assign(i.row, i.fields);
    }
    made = await insertContactEntries(
      tx,
      signal,
      items.map((i) => ({ id: i.entryId!, contactId: i.contactId, fields: i.fields })),
    );
  } else {
    made = await insertAccountEntries(
      tx,
      signal,
      items.map((i) => ({
        id: i.entryId!,
        accountId: i.account!.id,
        name: i.account!.name,
        domain: i.account!.domain,
      })),
    );
  }
  for (const i of items) {
    if (made.has(i.entryId!)) continue;
    i.entryId = undefined;
    i.row.status = 'SKIPPED_DUPLICATE';
  }
  await recordImports(
    tx,
    signal,
    items.map((i) => i.row),
    items.filter((i) => i.entryId && i.contactId).map((i) => ({ entryId: i.entryId!, contactId: i.contactId! })),
  );
  if (watermark) await setWatermark(tx, signal.id, watermark);
  return items;
}
