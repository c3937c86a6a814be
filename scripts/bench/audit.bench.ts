// `npm run bench -- audit`: what the audit entry costs the cheapest write of the service, POST
// /v1/events. The event's one INSERT as the route runs it (ingestEvent), with the request's entry in
// the same statement and without it, in alternating rounds of BENCH_AUDIT_EVENTS events on the
// bench's own database, one statement at a time. Printed: CPU of this process (the entry's values,
// the driver) and of PostgreSQL (the entry's row and its indexes) per event, medians of
// BENCH_AUDIT_ROUNDS rounds, and the difference. The middleware's own work (the route's resource and
// the body's field names) is not in it; `npm run bench -- events --before <ref without the audit
// middleware>` measures the whole request.
import { randomUUID } from 'node:crypto';
import { RequestAudit } from '../../domain/audit/audit-log.ts';
import { ingestEvent } from '../../domain/events/ingest.service.ts';
import { cpuMs, postmasterPid } from './cpu-time.ts';
import { benchDatabaseWithOrg, envNumber, median } from './harness.ts';

interface Cpu {
  node: number;
  postgres: number;
}

export async function benchAudit(): Promise<void> {
  const events = envNumber('BENCH_AUDIT_EVENTS', 2_000);
  const rounds = envNumber('BENCH_AUDIT_ROUNDS', 7);
  const { database, orm, org } = await benchDatabaseWithOrg();
  const postgres = postmasterPid(Number(new URL(database.url).port));
  const organizationId = org.organization_id;
  const audit = () =>
    new RequestAudit((status) => ({
      organizationId,
      actor: { type: 'API_KEY', keyId: randomUUID(), userId: org.user_id },
      requestId: randomUUID(),
      method: 'POST',
      action: '/v1/events',
      resourceType: 'events',
      resourceId: null,
      fields: ['event_name', 'occurred_at', 'subject', 'payload'],
      status,
      outcome: 'SUCCEEDED',
    }));
  /** µs of CPU per event of `events` new events, each with its entry or not. */
  const round = async (withEntry: boolean): Promise<Cpu> => {
    const em = orm.em.fork();
    const [node0, pg0] = [process.cpuUsage(), cpuMs(postgres)];
    for (let i = 0; i < events; i++) {
      const input = {
        event_name: 'page.viewed',
        occurred_at: new Date().toISOString(),
        subject: { email: `visitor-${i}@audit-bench.test` },
        payload: { page: '/pricing' },
      };
      const body = new TextEncoder().encode(JSON.stringify({ ...input, n: randomUUID() }));
      await ingestEvent(em, organizationId, input, body, '{"page":"/pricing"}', withEntry ? audit() : undefined);
    }
    const node = process.cpuUsage(node0);
    return { node: (node.user + node.system) / events, postgres: ((cpuMs(postgres) - pg0) * 1000) / events };
  };
  try {
    const costs = { with: [] as Cpu[], without: [] as Cpu[] };
    // A warm-up round of each first (compiled code, prepared statements), not counted.
    await round(true);
    await round(false);
    for (let r = 1; r <= rounds; r++)
      for (const withEntry of r % 2 ? [true, false] : [false, true]) {
        const cpu = await round(withEntry);
        costs[withEntry ? 'with' : 'without'].push(cpu);
        console.log(
          `  round ${r} ${withEntry ? 'with the entry' : 'without     '}: µs CPU per event ${cpu.node.toFixed(0)} (this process) + ${cpu.postgres.toFixed(0)} (PostgreSQL)`,
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
      `the event's INSERT, medians of ${rounds} rounds x ${events}: without the entry ${nodeWithout.toFixed(0)} + ${pgWithout.toFixed(0)} µs, ` +
        `with it ${nodeWith.toFixed(0)} + ${pgWith.toFixed(0)} µs (this process + PostgreSQL): the entry adds ${added.toFixed(0)} µs ` +
        `(${(nodeWith - nodeWithout).toFixed(0)} + ${(pgWith - pgWithout).toFixed(0)}), ${((added / (nodeWithout + pgWithout)) * 100).toFixed(1)}% of the statement`,
    );
  } finally {
    await orm.close();
    await database.stop();
  }
}
