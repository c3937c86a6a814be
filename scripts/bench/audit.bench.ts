// `npm run bench -- audit`: what the audit entry costs the two writes that carry it with their
// change, POST /v1/events and POST /v1/contacts, each with the request's entry and without it, in
// alternating rounds of BENCH_AUDIT_WRITES writes on the bench's own database, one at a time:
// - the event's INSERT as the route runs it (ingestEvent through the event store, the entry in the
//   same statement), a batch of one: the store's group commit shares nothing here;
// - an event in an INSERT of 20, what a batch of the store's group commit writes under load;
// - a new contact's upsert (upsertContact, the entry in its statement).
// Printed: CPU of this process (the entry's values, the driver) and of PostgreSQL (the entry's row
// and its indexes) per write, medians of BENCH_AUDIT_ROUNDS rounds, and the difference. The
// middleware's own work (the route's resource and the body's field names) is not in it; `npm run
// bench -- events|contacts --before <ref without the audit middleware>` measures the whole request.
import { randomUUID } from 'node:crypto';
import { RequestAudit } from '../../domain/audit/audit-log.ts';
import { eventStore } from '../../domain/events/event-store.ts';
import { insertEvents } from '../../domain/events/events.queries.ts';
import { ingestEvent } from '../../domain/events/ingest.service.ts';
import { upsertContact } from '../../domain/people/contact-upsert.ts';
import { useSuppressionHashKey } from '../../domain/people/suppression-hash.ts';
import { loadConfig } from '../../config.ts';
import { SandboxDirectory } from '../../providers/directory/sandbox.ts';
import { cpuMs, postmasterPid } from './cpu-time.ts';
import { benchDatabaseWithOrg, envNumber, median } from './harness.ts';

/** Events in one INSERT, for the batched kind. */
const BATCH = 20;

interface Cpu {
  node: number;
  postgres: number;
}

export async function benchAudit(): Promise<void> {
  const writes = envNumber('BENCH_AUDIT_WRITES', 2_000);
  const rounds = envNumber('BENCH_AUDIT_ROUNDS', 7);
  const { database, orm, org } = await benchDatabaseWithOrg();
  const postgres = postmasterPid(Number(new URL(database.url).port));
  const organizationId = org.organization_id;
  useSuppressionHashKey(loadConfig({ DATABASE_URL: database.url }).suppressionHashKey);
  const directory = new SandboxDirectory(orm);
  const events = eventStore(orm.em);
  const audit = (action: string, fields: string[]) =>
    new RequestAudit((status, createdId) => ({
      organizationId,
      actor: { type: 'API_KEY', keyId: randomUUID(), userId: org.user_id },
      requestId: randomUUID(),
      method: 'POST',
      action,
      resourceType: action.split('/')[2],
      resourceId: createdId,
      fields,
      status,
      outcome: 'SUCCEEDED',
    }));
  let n = 0;
  const kinds = {
    "the event's INSERT": (withEntry: boolean) => {
      const input = {
        event_name: 'page.viewed',
        occurred_at: new Date().toISOString(),
        subject: { email: `visitor-${++n}@audit-bench.test` },
        payload: { page: '/pricing' },
      };
      const body = new TextEncoder().encode(JSON.stringify({ ...input, n: randomUUID() }));
      const entry = withEntry ? audit('/v1/events', ['event_name', 'occurred_at', 'subject', 'payload']) : undefined;
      return ingestEvent(events, organizationId, input, body, '{"page":"/pricing"}', entry);
    },
    // What a request's entry costs when concurrent events share a statement (the store's group
    // commit under load): one INSERT of BATCH events, with their entries or without; per event.
    [`an event in an INSERT of ${BATCH}`]: async (withEntry: boolean) => {
      const batch = Array.from({ length: BATCH }, () => {
        const key = `batched-${++n}`;
        return {
          event: {
            id: randomUUID(),
            organization_id: organizationId,
            idempotency_key: `first-party:${organizationId}:${key}`,
            event_name: 'page.viewed',
            occurred_at: new Date(),
            external_event_id: key,
            subject: { email: `visitor-${n}@audit-bench.test` },
            payload_json: '{"page":"/pricing"}',
            received_at: new Date(),
          },
          entry: withEntry
            ? audit('/v1/events', ['event_name', 'occurred_at', 'subject', 'payload']).entry(202, null)
            : null,
        };
      });
      await insertEvents(
        orm.em,
        batch.map((b) => b.event),
        batch.flatMap((b) => (b.entry ? [b.entry] : [])),
      );
      return BATCH;
    },
    "a new contact's upsert": (withEntry: boolean) => {
      const input = { email: `person-${++n}@audit-bench.test`, first_name: 'Ada', last_name: 'Lovelace' };
      const entry = withEntry ? audit('/v1/contacts', ['email', 'first_name', 'last_name']) : undefined;
      return upsertContact(orm.em.fork(), directory, organizationId, input, entry);
    },
  };
  /**
   * µs of CPU per write of `writes` writes of one kind, each with its entry or not (a call that
   * answers a number made that many writes).
   */
  const round = async (write: (withEntry: boolean) => Promise<unknown>, withEntry: boolean): Promise<Cpu> => {
    const [node0, pg0] = [process.cpuUsage(), cpuMs(postgres)];
    for (let i = 0; i < writes;) {
      const made = await write(withEntry);
      i += typeof made === 'number' ? made : 1;
    }
    const node = process.cpuUsage(node0);
    return { node: (node.user + node.system) / writes, postgres: ((cpuMs(postgres) - pg0) * 1000) / writes };
  };
  try {
    for (const [kind, write] of Object.entries(kinds)) {
      const costs = { with: [] as Cpu[], without: [] as Cpu[] };
      // A warm-up round of each first (compiled code, prepared statements), not counted.
      await round(write, true);
      await round(write, false);
      for (let r = 1; r <= rounds; r++)
        for (const withEntry of r % 2 ? [true, false] : [false, true]) {
          const cpu = await round(write, withEntry);
          costs[withEntry ? 'with' : 'without'].push(cpu);
          console.log(
            `  ${kind}, round ${r} ${withEntry ? 'with the entry' : 'without     '}: µs CPU per write ${cpu.node.toFixed(0)} (this process) + ${cpu.postgres.toFixed(0)} (PostgreSQL)`,
          );
        }
      const m = (list: Cpu[], part: keyof Cpu) => median(list.map((c) => c[part]));
      const [nodeWith, nodeWithout, pgWith, pgWithout] = [
        m(costs.with, 'node'),
        m(costs.without, 'node'),
        m(costs.with, 'postgres'),
        m(costs.without, 'postgres'),
      ];
      const added = nodeWith + pgWith - (nodeWithout + pgWithout);
      console.log(
        `${kind}, medians of ${rounds} rounds x ${writes}: without the entry ${nodeWithout.toFixed(0)} + ${pgWithout.toFixed(0)} µs, ` +
          `with it ${nodeWith.toFixed(0)} + ${pgWith.toFixed(0)} µs (this process + PostgreSQL): the entry adds ${added.toFixed(0)} µs ` +
          `(${(nodeWith - nodeWithout).toFixed(0)} + ${(pgWith - pgWithout).toFixed(0)}), ${((added / (nodeWithout + pgWithout)) * 100).toFixed(1)}% of the write`,
      );
    }
  } finally {
    await orm.close();
    await database.stop();
  }
}
