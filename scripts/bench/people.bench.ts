// People-data benchmarks.
// `contacts`: POST /v1/contacts (a new person each request, 100 company domains) through the whole
//   API vs. a bare route running the same statements through `pg`, same run, alternating rounds.
// `search`: with 100,000 contacts in one organization, GET /v1/contacts?email= and
//   GET /v1/search?query= (3+ characters) latency at 10 connections.
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { ensureDirectoryLoaded } from '../../providers/directory/load.ts';
import { benchDb } from './fixtures.ts';
import {
  benchDatabase,
  envNumber,
  freePort,
  measure,
  median,
  roundSettings,
  startServer,
  stopChild,
  type Measurement,
} from './harness.ts';
import { cpuLine, withCpu, type CpuTurn } from './server-cpu.ts';

async function setup(directory: { companies: number; people: number }) {
  const database = await benchDatabase();
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 4 });
  await migrate(orm);
  const started = Date.now();
  await ensureDirectoryLoaded(orm, directory);
  console.log(
    `directory loaded (${directory.companies} companies, ${directory.people} people) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const org = await admin.bootstrap(orm.em.fork(), {
    orgName: 'Bench',
    ownerEmail: 'bench@example.com',
    ownerName: 'Bench',
  });
  const apiPort = await freePort();
  const api = await startServer(
    'api/server.ts',
    {
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    `http://127.0.0.1:${apiPort}/healthz`,
  );
  return { database, orm, org, api, apiUrl: `http://127.0.0.1:${apiPort}` };
}

function report(label: string, runs: Measurement[]): string {
  const failed = runs.reduce((n, m) => n + m.non2xx + m.errors, 0);
  return `${label}: ${median(runs.map((m) => m.requestsPerSecond)).toFixed(0)} req/s, p50 ${median(runs.map((m) => m.p50))} ms, p99 ${median(runs.map((m) => m.p99))} ms${failed ? `, ${failed} failed` : ''}`;
}

export async function benchContacts(): Promise<void> {
  const { rounds, duration, connections } = roundSettings();
  const { database, orm, org, api, apiUrl } = await setup({ companies: 2000, people: 20000 });
  const basePort = await freePort();
  const baseline = await startServer(
    'scripts/bench/baseline-upsert-server.ts',
    { PORT: String(basePort), DATABASE_URL: database.url, ORG_ID: org.organization_id },
    `http://127.0.0.1:${basePort}/`,
  ).catch(async (error) => {
    await stopChild(api, 5000);
    await orm.close();
    await database.stop();
    throw error;
  });
  let n = 0;
  const person = (prefix: string) => () => {
    n++;
    return {
      path: prefix,
      body: JSON.stringify({
        email: `person${n}@company${n % 100}.test`,
        first_name: `Person${n}`,
        company_domain: `company${n % 100}.test`,
      }),
    };
  };
  const results: { api: Measurement[]; baseline: Measurement[] } = { api: [], baseline: [] };
  const cpu: { api: CpuTurn[]; baseline: CpuTurn[] } = { api: [], baseline: [] };
  try {
    // Accept-Encoding as HTTP clients send it (fetch, curl --compressed): the answer is under the compression threshold.
    const headers = { authorization: `Bearer ${org.api_key}`, 'accept-encoding': 'gzip, deflate, br' };
    for (let round = 1; round <= rounds; round++) {
      const { measurement: a, cpu: ac } = await withCpu(api.pid, database.url, duration, () =>
        measure(apiUrl, {
          connections,
          durationSeconds: duration,
          headers,
          method: 'POST',
          next: person('/v1/contacts'),
        }),
      );
      const { measurement: b, cpu: bc } = await withCpu(baseline.pid, database.url, duration, () =>
        measure(`http://127.0.0.1:${basePort}`, {
          connections,
          durationSeconds: duration,
          method: 'POST',
          next: person('/'),
        }),
      );
      results.api.push(a);
      results.baseline.push(b);
      cpu.api.push(ac);
      cpu.baseline.push(bc);
      console.log(
        `round ${round}: api ${a.requestsPerSecond.toFixed(0)} req/s p99 ${a.p99} ms (non-2xx ${a.non2xx}) | baseline ${b.requestsPerSecond.toFixed(0)} req/s p99 ${b.p99} ms (non-2xx ${b.non2xx})`,
      );
    }
  } finally {
    await stopChild(api, 5000);
    await stopChild(baseline, 5000);
    await orm.close();
    await database.stop();
  }
  console.log(report('POST /v1/contacts (new person each)', results.api));
  console.log(report('baseline, same statements via pg', results.baseline));
  const ratio =
    median(results.api.map((m) => m.requestsPerSecond)) / median(results.baseline.map((m) => m.requestsPerSecond));
  console.log(cpuLine(cpu.api, cpu.baseline));
  console.log(`ratio (POST /v1/contacts req/s / baseline req/s): ${ratio.toFixed(2)} (goal >= 0.80)`);
}

export async function benchSearch(): Promise<void> {
  const { rounds, duration, connections } = roundSettings();
  const contacts = envNumber('BENCH_CONTACTS', 100_000);
  const { database, orm, org, api, apiUrl } = await setup({ companies: 20_000, people: 200_000 });
  const connection = orm.em.fork().getConnection();
  try {
    // 100,000 contacts copied from directory people (realistic names, emails and companies), in two INSERT ... SELECT.
    const db = benchDb(orm);
    await db
      .insertInto('accounts')
      .columns(['id', 'organization_id', 'name', 'domain', 'first_seen_at', 'last_seen_at', 'created_at', 'updated_at'])
      .expression(
        db
          .selectFrom('directory_companies as c')
          .select((eb) => [
            eb.fn<string>('gen_random_uuid').as('id'),
            eb.cast<string>(eb.val(org.organization_id), 'uuid').as('organization_id'),
            'c.name',
            'c.domain',
            eb.fn<Date>('now').as('first_seen_at'),
            eb.fn<Date>('now').as('last_seen_at'),
            eb.fn<Date>('now').as('created_at'),
            eb.fn<Date>('now').as('updated_at'),
          ]),
      )
      .execute();
    await db
      .insertInto('contacts')
      .columns([
        'id',
        'organization_id',
        'account_id',
        'email',
        'linkedin_url',
        'first_name',
        'last_name',
        'job_title',
        'email_status',
        'first_seen_at',
        'last_seen_at',
        'created_at',
        'updated_at',
      ])
      .expression(
        db
          .selectFrom((eb) => eb.selectFrom('directory_people').selectAll().orderBy('id').limit(contacts).as('p'))
          .leftJoin('directory_companies as dc', 'dc.id', 'p.company_id')
          .leftJoin('accounts as a', (join) =>
            join.on('a.organization_id', '=', org.organization_id).onRef('a.domain', '=', 'dc.domain'),
          )
          .select((eb) => [
            eb.fn<string>('gen_random_uuid').as('id'),
            eb.cast<string>(eb.val(org.organization_id), 'uuid').as('organization_id'),
            'a.id as account_id',
            'p.email',
            'p.linkedin_url',
            'p.first_name',
            'p.last_name',
            'p.job_title',
            eb.cast<'UNVERIFIED'>(eb.val('UNVERIFIED'), 'text').as('email_status'),
            eb.fn<Date>('now').as('first_seen_at'),
            eb.fn<Date>('now').as('last_seen_at'),
            eb.fn<Date>('now').as('created_at'),
            eb.fn<Date>('now').as('updated_at'),
          ]),
      )
      .execute();
    // Not queries: maintenance commands, which no builder covers. A live database has autovacuum; a
    // bulk load needs the same before GIN indexes answer quickly.
    await connection.execute('VACUUM ANALYZE contacts');
    await connection.execute('VACUUM ANALYZE accounts');
    const sample = await db
      .selectFrom('contacts as c')
      .leftJoin('accounts as a', 'a.id', 'c.account_id')
      .select((eb) => [
        eb.ref('c.email').$notNull().as('email'),
        eb.ref('c.last_name').$notNull().as('last_name'),
        'a.name as company',
      ])
      .where('c.organization_id', '=', org.organization_id)
      .where('c.email', 'is not', null)
      .orderBy((eb) => eb.fn('md5', [eb.cast('c.id', 'text')]))
      .limit(1000)
      .execute();
    console.log(`seeded ${contacts} contacts in one organization`);
    let i = 0;
    const byEmail = () => ({
      path: `/v1/contacts?email=${encodeURIComponent(sample[i++ % sample.length].email.toUpperCase())}`,
    });
    const bySearch = () => {
      const row = sample[i++ % sample.length];
      const words = [row.last_name, row.company ?? row.last_name, row.email.split('@')[0]];
      const word = words[i % words.length].toLowerCase();
      const start = i % Math.max(1, word.length - 4);
      return { path: `/v1/search?query=${encodeURIComponent(word.slice(start, start + 3 + (i % 3)))}` };
    };
    const headers = { authorization: `Bearer ${org.api_key}` };
    const results: { email: Measurement[]; search: Measurement[] } = { email: [], search: [] };
    for (let round = 1; round <= rounds; round++) {
      const e = await measure(apiUrl, { connections, durationSeconds: duration, headers, next: byEmail });
      const s = await measure(apiUrl, { connections, durationSeconds: duration, headers, next: bySearch });
      results.email.push(e);
      results.search.push(s);
      console.log(
        `round ${round}: email ${e.requestsPerSecond.toFixed(0)} req/s p99 ${e.p99} ms | search ${s.requestsPerSecond.toFixed(0)} req/s p99 ${s.p99} ms`,
      );
    }
    console.log(report(`GET /v1/contacts?email= (${contacts} contacts)`, results.email) + ' (goal p99 < 20 ms)');
    console.log(
      report(`GET /v1/search?query= (3-5 characters, ${contacts} contacts)`, results.search) + ' (goal p99 < 50 ms)',
    );
  } finally {
    await stopChild(api, 5000);
    await orm.close();
    await database.stop();
  }
}
