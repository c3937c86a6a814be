// Where POST /v1/events stores its events: one store per process, through which concurrent
// requests' events and their audit entries share one statement and one commit (group commit,
// domain/shared/group-commit.ts). A lone request's event is written at once; under load, a batch's
// round trip, statement and WAL flush are paid once for all its events. Each write resolves when
// its event (and entry) is committed, so the route may answer 202 then.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditInsert } from '../audit/audit.queries.ts';
import { groupCommit } from '../shared/group-commit.ts';
import { insertEvents, type NewEvent } from './events.queries.ts';

/** Stores an event with its request's audit entry (if any); answers whether the event was new (not a replay). */
export type EventStore = (event: NewEvent, entry: AuditInsert | null) => Promise<boolean>;

/** Events one statement writes at most. */
const BATCH_MAX = 200;
/** The payload text a statement carries at most (a batch's first event alone may exceed it). */
const BATCH_PAYLOAD_MAX = 4 * 1024 * 1024;

export function eventStore(em: EntityManager): EventStore {
  const write = groupCommit(
    async (items: { event: NewEvent; entry: AuditInsert | null }[]) => {
      const entries = items.flatMap((item) => (item.entry ? [item.entry] : []));
      const stored = await insertEvents(
        em,
        items.map((item) => item.event),
        entries,
      );
      return items.map((item) => stored.has(item.event.id));
    },
    {
      batchMax: BATCH_MAX,
      sizeMax: BATCH_PAYLOAD_MAX,
      sizeOf: (item) => item.event.payload_json?.length ?? 0,
    },
  );
  return (event, entry) => write({ event, entry });
}
