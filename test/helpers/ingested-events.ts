// Ingested events written straight into their table (PENDING), as POST /v1/events stores them, and
// read back: the resolution and playbook tests do not depend on the ingestion route.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Stack } from './stack.ts';

const db = (stack: Stack) => stack.orm.em.fork().getKysely();

export interface EventSpec {
  eventName?: string;
  subject: Record<string, string>;
  externalEventId?: string | null;
  receivedAt?: Date;
}

export async function insertEvent(stack: Stack, organizationId: string, spec: EventSpec): Promise<string> {
  return (await insertEvents(stack, organizationId, [spec]))[0];
}

/** One statement for many events; ids in the order given. */
export async function insertEvents(stack: Stack, organizationId: string, specs: EventSpec[]): Promise<string[]> {
  const ids = specs.map(() => randomUUID());
  const now = Date.now();
  await sql`
    INSERT INTO ingested_events (id, organization_id, idempotency_key, event_name, occurred_at, external_event_id, subject, payload_json, resolution_status, received_at)
    SELECT x.id, ${organizationId}, x.key, x.name, ${new Date(now)}, x.ext, x.subject::jsonb, '{"source":"test"}', 'PENDING', x.received
      FROM unnest(${ids}::uuid[], ${specs.map((s, i) => `first-party:${organizationId}:${s.externalEventId ?? ids[i]}`)}::text[],
                  ${specs.map((s) => s.eventName ?? 'test.event')}::text[], ${specs.map((s) => s.externalEventId ?? null)}::text[],
                  ${specs.map((s) => JSON.stringify(s.subject))}::text[], ${specs.map((s, i) => s.receivedAt ?? new Date(now + i))}::timestamptz[])
        AS x(id, key, name, ext, subject, received)`.execute(db(stack));
  return ids;
}

export interface EventRow {
  id: string;
  organization_id: string;
  resolution_status: 'PENDING' | 'RESOLVED' | 'UNRESOLVED';
  contact_id: string | null;
  account_id: string | null;
  /** As the driver returns it. */
  resolved_at: Date | string | null;
}

export async function eventRows(stack: Stack, ids: string[]): Promise<EventRow[]> {
  const { rows } = await sql<EventRow>`
    SELECT id, organization_id, resolution_status, contact_id, account_id, resolved_at FROM ingested_events WHERE id = ANY (${ids}::uuid[])`.execute(
    db(stack),
  );
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

export async function eventRow(stack: Stack, id: string): Promise<EventRow> {
  return (await eventRows(stack, [id]))[0];
}

/** The event.resolved activities of an ingested event (their webhook payloads). */
export async function resolvedEventsOf(stack: Stack, eventId: string): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<{ payload: Record<string, unknown> }>`
    SELECT payload FROM activities WHERE type = 'event.resolved' AND payload ->> 'event_id' = ${eventId} ORDER BY created_at`.execute(
    db(stack),
  );
  return rows.map((r) => r.payload);
}
