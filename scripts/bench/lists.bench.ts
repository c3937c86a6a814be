// `npm run bench -- lists`: contact entries end to end (embedded PostgreSQL with a small sandbox
// directory, Temporal dev server, `node worker.ts` and `node api/server.ts` as children).
// (a) POST /v1/contact-entries latency for batches of 100 new people (list without template);
// (b) 2,000 new people into a list with a default template (20 batches of 100): time from the
// first POST until every entry is enrolled or refused (a sourced sequence row), and the rate.
// One in 20 addresses is at bounce.test, so refusals (EMAIL_UNDELIVERABLE) are part of the run.
import { randomUUID } from 'node:crypto';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { ensureDirectoryLoaded } from '../../providers/directory/load.ts';
import { startTemporalDevServer } from '../local-stack.ts';
import { temporalCli } from '../tools.ts';
import { activeTemplate, benchDb } from './fixtures.ts';
import { benchDatabase, envNumber, freePort, percentile, sleep, startServices } from './harness.ts';

const summary = (d: number[]) =>
  `p50 ${percentile(d, 50).toFixed(0)} ms, p95 ${percentile(d, 95).toFixed(0)} ms, max ${d[d.length - 1]?.toFixed(0)} ms (n=${d.length})`;

export async function benchLists(): Promise<void> {
  const latencyBatches = envNumber('BENCH_BATCHES', 30);
  const enrollTotal = envNumber('BENCH_ENTRIES', 2000);
  const concurrency = envNumber('BENCH_CONNECTIONS', 4);

  const database = await benchDatabase();
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 4 });
  await migrate(orm);
  await ensureDirectoryLoaded(orm, { companies: 2000, people: 20000 });
  const db = () => benchDb(orm);
  const temporal = await startTemporalDevServer({
    cli: temporalCli(),
    port: await freePort(),
    uiPort: null,
    dbFile: null,
  });
  const org = await admin.bootstrap(orm.em.fork(), {
    orgName: 'Bench',
    ownerEmail: 'bench@example.com',
    ownerName: 'Bench',
  });
  const organizationId = org.organization_id;

  // Two EMAIL steps, the first a day away: enrolled sequences just wait.
  const templateId = await activeTemplate(orm, organizationId, org.user_id, 'Bench lists', [
    { type: 'EMAIL', delay_days: 1, subject: 'Hi', body: 'Hello' },
    { type: 'EMAIL', delay_days: 30, subject: 'Again', body: 'Again' },
  ]);

  let stopServices = async () => {};
  try {
    const services = await startServices(database.url, temporal.address, org.api_key);
    stopServices = services.stop;
    const post = (path: string, body: unknown, expected: number) =>
      services.post<{ items: { status: string; resource: { id: string } }[]; summary: { failed: number } }>(
        path,
        body,
        expected,
      );
    const newList = async (template: string | null) =>
      (
        await post(
          '/v1/contact-lists',
          { items: [{ name: `Bench ${randomUUID().slice(0, 8)}`, default_sequence_template_id: template }] },
          201,
        )
      ).items[0].resource.id;
    let n = 0;
    const batch = (listId: string) =>
      Array.from({ length: 100 }, () => {
        const i = ++n;
        return {
          contact_list_id: listId,
          email: i % 20 === 0 ? `person${i}@bounce.test` : `person${i}@bench-co-${i % 50}.com`,
          first_name: 'Ada',
          last_name: `Bench${i}`,
          company_domain: `bench-co-${i % 50}.com`,
          external_contact_id: `crm-${i}`,
        };
      });

    // Warm-up: the first batch (connections, caches) is not measured.
    const plain = await newList(null);
    await post('/v1/contact-entries', { items: batch(plain) }, 200);

    console.log(`(a) POST /v1/contact-entries, batches of 100 new people: ${latencyBatches} batches, one at a time`);
    const latencies: number[] = [];
    for (let b = 0; b < latencyBatches; b++) {
      const started = performance.now();
      const result = await post('/v1/contact-entries', { items: batch(plain) }, 200);
      latencies.push(performance.now() - started);
      if (result.summary.failed) throw new Error(`${result.summary.failed} items failed`);
    }
    latencies.sort((a, b) => a - b);
    console.log(`    200: ${summary(latencies)} (goal p95 < 1 s)`);

    console.log(
      `(b) ${enrollTotal} new people into a list with a default template (batches of 100, ${concurrency} at a time)`,
    );
    const listId = await newList(templateId);
    const batches = Math.ceil(enrollTotal / 100);
    const began = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < batches) {
          next++;
          await post('/v1/contact-entries', { items: batch(listId) }, 200);
        }
      }),
    );
    const posted = Date.now() - began;
    const deadline = began + 10 * 60_000;
    let done = 0;
    const sequenceStatuses = () =>
      db()
        .selectFrom('sequences as s')
        .innerJoin('contact_entries as e', 'e.id', 's.source_contact_entry_id')
        .select((eb) => ['s.status', eb.fn.countAll<string>().as('n')])
        .where('e.contact_list_id', '=', listId)
        .groupBy('s.status')
        .execute();
    let statuses: Awaited<ReturnType<typeof sequenceStatuses>> = [];
    while (Date.now() < deadline) {
      statuses = await sequenceStatuses();
      done = statuses.reduce((sum, r) => sum + Number(r.n), 0);
      if (done >= batches * 100) break;
      await sleep(250);
    }
    const elapsed = (Date.now() - began) / 1000;
    const entryStates = await db()
      .selectFrom('contact_entries')
      .select((eb) => ['enrichment_status', eb.fn.countAll<string>().as('n')])
      .where('contact_list_id', '=', listId)
      .groupBy('enrichment_status')
      .execute();
    console.log(
      `    posted in ${(posted / 1000).toFixed(1)} s; ${done}/${batches * 100} enrolled or refused in ${elapsed.toFixed(1)} s: ${(done / elapsed).toFixed(0)} entries/s (goal: all within 5 min)`,
    );
    console.log(
      `    sequences: ${statuses.map((r) => `${r.status} ${r.n}`).join(', ')}; entries: ${entryStates.map((r) => `${r.enrichment_status} ${r.n}`).join(', ')}`,
    );
  } finally {
    await stopServices();
    await temporal.stop();
    await orm.close();
    await database.stop();
  }
}
