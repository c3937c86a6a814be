// First-party event ingestion (docs/api/events.md): the one
// INSERT behind `POST /v1/events` and the reads of GET /v1/events. The payload is stored as the JSON
// text the client sent (`payload_json`), never re-serialised, and reads splice that text back into
// the response, so keys, key order and number spellings come back exactly as sent.
import { createHash, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ResolutionStatus } from '../../db/entities/ingested-event.entity.ts';
import { DomainError } from '../shared/errors.ts';
import { unstorableReason } from '../people/identifiers.ts';
import { iso } from '../shared/time.ts';
import { eventById, eventPage, type EventRow } from './events.queries.ts';
import type { EventStore } from './event-store.ts';
import type { RequestAudit } from '../audit/audit-log.ts';

export const SUBJECT_FIELDS = [
  'email',
  'linkedin_url',
  'company_domain',
  'external_contact_id',
  'external_company_id',
] as const;
export type SubjectField = (typeof SUBJECT_FIELDS)[number];
export type Subject = Partial<Record<SubjectField, string>>;

export interface IngestInput {
  event_name: string;
  occurred_at: string;
  subject: Subject;
  external_event_id?: string;
  payload?: Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------
// Timestamps: RFC 3339 with a time zone (Z or ±hh:mm); naive and date-only values are refused.

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** The instant of an RFC 3339 timestamp with a zone, or null when it is not one (or not a real date). */
export function parseRfc3339(value: string): Date | null {
  const m = RFC3339.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 60) return null;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
  if (day > daysInMonth) return null;
  let offsetMinutes = 0;
  if (!m[8]) {
    const [oh, om] = [Number(m[10]), Number(m[11])];
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const ms = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: years 0-99 stay themselves. A leap second (:60) rolls into the next minute.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute - offsetMinutes, second, ms);
  // Years 1 to 9999 once in UTC: what both RFC 3339 and the PostgreSQL driver round-trip.
  const utcYear = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || utcYear < 1 || utcYear > 9999 ? null : date;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const TIMESTAMP_RULE = 'must be an RFC 3339 timestamp with a time zone (Z or ±hh:mm), e.g. 2026-01-31T09:30:00Z';

export function timestampOrThrow(path: string, value: string): Date {
  const date = parseRfc3339(value);
  if (!date) throw DomainError.invalid(path, TIMESTAMP_RULE);
  return date;
}

// ---------------------------------------------------------------------------------------------
// The exact payload text: a position-tracking scan of a document JSON.parse already accepted.

const Ch = {
  Quote: 34,
  Backslash: 92,
  Comma: 44,
  Colon: 58,
  OpenBrace: 123,
  CloseBrace: 125,
  OpenBracket: 91,
  CloseBracket: 93,
} as const;

function isWs(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function skipWs(text: string, i: number): number {
  while (i < text.length && isWs(text.charCodeAt(i))) i++;
  return i;
}

/** `i` at an opening quote: the index after the closing quote. */
function skipString(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const c = text.charCodeAt(j);
    if (c === Ch.Backslash) j += 2;
    else if (c === Ch.Quote) return j + 1;
    else if (Number.isNaN(c)) throw new Error('unterminated string');
    else j++;
  }
}

/** `i` at the first character of a value: the index after it. */
function skipValue(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === Ch.Quote) return skipString(text, i);
  if (first === Ch.OpenBrace || first === Ch.OpenBracket) {
    let depth = 0;
    let j = i;
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (c === Ch.Quote) {
        j = skipString(text, j);
        continue;
      }
      if (c === Ch.OpenBrace || c === Ch.OpenBracket) depth++;
      else if (c === Ch.CloseBrace || c === Ch.CloseBracket) {
        depth--;
        if (depth === 0) return j + 1;
      }
      j++;
    }
    throw new Error('unterminated container');
  }
  // number, true, false, null: up to the next delimiter
  let j = i;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === Ch.Comma || c === Ch.CloseBrace || c === Ch.CloseBracket || isWs(c)) break;
    j++;
  }
  return j;
}

/**
 * The source text of member `name` of the top-level object in `text`, exactly as written, or
 * undefined when absent. `text` must already be valid JSON (JSON.parse accepted it). As in
 * JSON.parse, the last of repeated members wins; escaped member names are decoded before comparing.
 */
export function topLevelMemberText(text: string, name: string): string | undefined {
  let i = skipWs(text, 0);
  if (text.charCodeAt(i) !== Ch.OpenBrace) return undefined;
  i = skipWs(text, i + 1);
  if (text.charCodeAt(i) === Ch.CloseBrace) return undefined;
  let found: string | undefined;
  for (;;) {
    const keyStart = i;
    i = skipString(text, i);
    const raw = text.slice(keyStart + 1, i - 1);
    const key = raw.includes('\\') ? (JSON.parse(text.slice(keyStart, i)) as string) : raw;
    i = skipWs(text, i);
    if (text.charCodeAt(i) !== Ch.Colon) throw new Error('expected a colon');
    i = skipWs(text, i + 1);
    const valueStart = i;
    i = skipValue(text, i);
    if (key === name) found = text.slice(valueStart, i);
    i = skipWs(text, i);
    if (text.charCodeAt(i) !== Ch.Comma) break;
    i = skipWs(text, i + 1);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Ingestion

/** Text PostgreSQL can store as given: no NUL and no unpaired surrogate (both would be refused or altered). */
function storableText(path: string, value: string): void {
  const reason = unstorableReason(value);
  if (reason) throw DomainError.invalid(path, reason);
}

/** The rules beyond the JSON schema: timestamp, identifiers present and non-blank, storable text. */
export function checkIngest(input: IngestInput): { occurredAt: Date; subject: Subject } {
  const occurredAt = timestampOrThrow('occurred_at', input.occurred_at);
  storableText('event_name', input.event_name);
  if (input.external_event_id !== undefined) storableText('external_event_id', input.external_event_id);
  const subject: Subject = {};
  for (const field of SUBJECT_FIELDS) {
    const value = input.subject[field];
    if (value === undefined) continue;
    if (value.trim() === '') throw DomainError.invalid(`subject.${field}`, 'must not be blank');
    storableText(`subject.${field}`, value);
    subject[field] = value;
  }
  if (Object.keys(subject).length === 0) {
    throw DomainError.invalid('subject', `must carry at least one identifier: ${SUBJECT_FIELDS.join(', ')}`);
  }
  return { occurredAt, subject };
}

/** `first-party:<organization_id>:<external_event_id or SHA-256 hex of the request body's bytes>`. */
export function idempotencyKey(organizationId: string, externalEventId: string | undefined, body: Uint8Array): string {
  return `first-party:${organizationId}:${externalEventId ?? createHash('sha256').update(body).digest('hex')}`;
}

/**
 * Stores the event once per idempotency key (a replay, also one racing this one, stores nothing)
 * through `store`, with the request's audit entry (a 202) when `audit` is given: both in one
 * autocommitted statement. When this resolves, the row is committed: the caller may answer 202.
 * `payloadJson` is the payload's exact source text, or null when the request had none.
 */
export async function ingestEvent(
  store: EventStore,
  organizationId: string,
  input: IngestInput,
  body: Uint8Array,
  payloadJson: string | null,
  audit?: RequestAudit,
): Promise<{ idempotencyKey: string; stored: boolean }> {
  const { occurredAt, subject } = checkIngest(input);
  const key = idempotencyKey(organizationId, input.external_event_id, body);
  const stored = await store(
    {
      id: randomUUID(),
      organization_id: organizationId,
      idempotency_key: key,
      event_name: input.event_name,
      occurred_at: occurredAt,
      external_event_id: input.external_event_id ?? null,
      subject,
      payload_json: payloadJson,
      received_at: new Date(),
    },
    audit ? audit.entry(202, null) : null,
  );
  return { idempotencyKey: key, stored };
}

// ---------------------------------------------------------------------------------------------
// Reads

/**
 * The record's JSON text. The payload is spliced in as stored (its source text), so it is not
 * re-serialised: parsing and re-stringifying would lose key order of numeric-like keys, number
 * spellings (`1.0`, `1e3`, `-0`) and precision beyond a double.
 */
export function eventJson(row: EventRow): string {
  const head = JSON.stringify({
    id: row.id,
    idempotency_key: row.idempotency_key,
    event_name: row.event_name,
    occurred_at: iso(row.occurred_at),
    external_event_id: row.external_event_id,
    subject: row.subject,
  });
  const tail = JSON.stringify({
    resolution_status: row.resolution_status,
    contact_id: row.contact_id,
    account_id: row.account_id,
    received_at: iso(row.received_at),
    resolved_at: iso(row.resolved_at),
  });
  return `${head.slice(0, -1)},"payload":${row.payload_json ?? 'null'},${tail.slice(1)}`;
}

export async function getEventJson(em: EntityManager, organizationId: string, id: string): Promise<string> {
  const row = await eventById(em, organizationId, id);
  if (!row) throw DomainError.notFound('Event');
  return eventJson(row);
}

export const EVENT_SORT_FIELDS = ['occurred_at'] as const;
export type EventSort = (typeof EVENT_SORT_FIELDS)[number];

export interface EventFilters {
  event_name?: string;
  resolution_status?: ResolutionStatus;
  external_event_id?: string;
  occurred_at_after?: string;
  occurred_at_before?: string;
}

/** The page's records as JSON texts (see eventJson), newest occurrence first unless asked otherwise. */
export async function listEventJson(
  em: EntityManager,
  organizationId: string,
  filters: EventFilters,
  page: { limit: number; offset: number; sortOrder: 'asc' | 'desc' },
): Promise<{ items: string[]; total: number }> {
  const after =
    filters.occurred_at_after !== undefined
      ? timestampOrThrow('occurred_at_after', filters.occurred_at_after)
      : undefined;
  const before =
    filters.occurred_at_before !== undefined
      ? timestampOrThrow('occurred_at_before', filters.occurred_at_before)
      : undefined;
  for (const name of ['event_name', 'external_event_id'] as const) {
    if (filters[name] !== undefined) storableText(name, filters[name]);
  }
  const where = {
    eventName: filters.event_name,
    resolutionStatus: filters.resolution_status,
    externalEventId: filters.external_event_id,
    occurredAfter: after,
    occurredBefore: before,
  };
  const { rows, total } = await eventPage(em, organizationId, where, page);
  return { items: rows.map(eventJson), total };
}
