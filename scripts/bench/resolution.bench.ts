// `npm run bench -- resolution`: a backlog of PENDING ingested events drained by the event-resolution
// workflow (embedded PostgreSQL with the sandbox directory, Temporal dev server, `node worker.ts` as
// a child with a short EVENT_RESOLUTION_INTERVAL_MS). The backlog (BENCH_EVENTS, default 100,000)
// mixes workspace contacts (email or LinkedIn URL), directory people not yet in the workspace (the
// contact and account are created), company domains only, CRM ids, and unknown people
// (UNRESOLVED); a tenth of the events trigger a CREATE_TASK playbook. Reported: time from the
// worker's start until no event is PENDING, the rate, the outcome counts, and a check that every
// event got exactly one event.resolved. Goal: 100,000 in under 10 minutes.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Account, Contact, PlaybookRun, Task } from '../../db/entities/index.ts';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { createPlaybook } from '../../domain/playbooks/playbook-crud.ts';
import { ensureDirectoryLoaded } from '../../providers/directory/load.ts';
import { startTemporalDevServer } from '../local-stack.ts';
import { projectRoot, temporalCli } from '../tools.ts';
import { INSERT_CHUNK, benchDb, chunks } from './fixtures.ts';
import { benchDatabase, envNumber, freePort, sleep, stopChild } from './harness.ts';

export async function benchResolution(): Promise<void> {
  const total = envNumber('BENCH_EVENTS', 100_000);
  const workspaceContacts = envNumber('BENCH_CONTACTS', 10_000);
  const directoryPeople = envNumber('BENCH_DIRECTORY_PEOPLE', 20_000);
  const directoryCompanies = envNumber('BENCH_DIRECTORY_COMPANIES', 2_000);
  const batch = envNumber('BENCH_BATCH', 500);

  const database = await benchDatabase();
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 4 });
  let temporal: Awaited<ReturnType<typeof startTemporalDevServer>> | undefined;
  let worker: ChildProcess | undefined;
  try {
    await migrate(orm);
    await ensureDirectoryLoaded(orm, { companies: directoryCompanies, people: directoryPeople });
    const db = () => benchDb(orm);
    const org = await admin.bootstrap(orm.em.fork(), {
      orgName: 'Bench',
      ownerEmail: 'bench@example.com',
      ownerName: 'Bench',
    });
    const organizationId = org.organization_id;

    // The workspace: contacts of their own (email and LinkedIn URL), none of them directory people.
    const now = new Date();
    for (const chunk of chunks(Array.from({ length: workspaceContacts }, (_, i) => i + 1))) {
      await db()
        .insertInto('contacts')
        .values(
          chunk.map((g) => ({
            id: randomUUID(),
            organization_id: organizationId,
            email: `known${g}@workspace-bench.test`,
            linkedin_url: `https://www.linkedin.com/in/known-bench-${g}`,
            first_name: 'Known',
            email_status: 'UNVERIFIED',
            first_seen_at: now,
            last_seen_at: now,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const people = await db()
      .selectFrom('directory_people')
      .select((eb) => [eb.ref('email').$notNull().as('email'), 'linkedin_url'])
      .where('email', 'is not', null)
      .orderBy('id')
      .limit(Math.ceil(total * 0.3))
      .execute();
    const domains = await db()
      .selectFrom('directory_company_domains')
      .select('domain')
      .orderBy('domain')
      .limit(1000)
      .execute();
    await createPlaybook(orm.em.fork(), organizationId, org.user_id, {
      name: 'Bench to-do',
      event_name: 'bench.playbook',
      action: { type: 'CREATE_TASK', title: 'Follow up' },
    });

    // The backlog: 35% workspace emails, 5% workspace LinkedIn URLs, 30% directory people (email, or LinkedIn URL),
    // 10% company domains only, 2% CRM contact ids, 18% unknown people.
    const subjects: Record<string, string>[] = [];
    for (let i = 0; i < total; i++) {
      const r = i % 100;
      const known = 1 + (i % workspaceContacts);
      const person = people[i % people.length];
      if (r < 35) subjects.push({ email: `known${known}@workspace-bench.test` });
      else if (r < 40) subjects.push({ linkedin_url: `https://www.linkedin.com/in/known-bench-${known}` });
      else if (r < 70)
        subjects.push(
          r % 2 === 0 || !person.linkedin_url ? { email: person.email } : { linkedin_url: person.linkedin_url },
        );
      else if (r < 80) subjects.push({ company_domain: domains[i % domains.length].domain });
      else if (r < 82) subjects.push({ external_contact_id: i % 2 ? 'crm-contact-ada' : 'crm-contact-grace' });
      else subjects.push({ email: `unknown${i}@nowhere-bench.test` });
    }
    const insertStarted = Date.now();
    const base = Date.now() - 3_600_000;
    for (const [c, chunk] of chunks(subjects).entries()) {
      const from = c * INSERT_CHUNK;
      await db()
        .insertInto('ingested_events')
        .values(
          chunk.map((subject, i) => {
            const id = randomUUID();
            return {
              id,
              organization_id: organizationId,
              idempotency_key: `first-party:${organizationId}:${id}`,
              event_name: (from + i) % 10 === 0 ? 'bench.playbook' : 'bench.event',
              occurred_at: new Date(base),
              external_event_id: null,
              subject,
              payload_json: '{}',
              resolution_status: 'PENDING',
              received_at: new Date(base + from + i),
            };
          }),
        )
        .execute();
    }
    console.log(
      `backlog: ${total} PENDING events inserted in ${((Date.now() - insertStarted) / 1000).toFixed(1)} s ` +
        `(workspace ${workspaceContacts} contacts; directory ${directoryPeople} people / ${directoryCompanies} companies; batch ${batch})`,
    );

    temporal = await startTemporalDevServer({ cli: temporalCli(), port: await freePort(), uiPort: null, dbFile: null });
    const env = {
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: `bench-${randomUUID()}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      EVENT_RESOLUTION_INTERVAL_MS: '1000',
      EVENT_RESOLUTION_BATCH: String(batch),
    };
    const began = Date.now();
    worker = spawn(process.execPath, [join(projectRoot, 'worker.ts')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const pending = async () =>
      Number(
        (
          await db()
            .selectFrom('ingested_events')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('resolution_status', '=', 'PENDING')
            .executeTakeFirstOrThrow()
        ).n,
      );
    let left = total;
    let lastReport = began;
    while (left > 0 && Date.now() - began < 20 * 60_000) {
      await sleep(1000);
      left = await pending();
      if (Date.now() - lastReport >= 15_000) {
        lastReport = Date.now();
        console.log(
          `  ${((Date.now() - began) / 1000).toFixed(0)} s: ${total - left} resolved or unresolved, ${left} PENDING`,
        );
      }
    }
    const elapsed = (Date.now() - began) / 1000;
    const span = await db()
      .selectFrom('ingested_events')
      .select((eb) => [eb.fn.min('resolved_at').as('first'), eb.fn.max('resolved_at').as('last')])
      .executeTakeFirstOrThrow();
    const drainSeconds =
      (new Date(span.last ?? Number.NaN).getTime() - new Date(span.first ?? Number.NaN).getTime()) / 1000;
    const outcomes = await db()
      .selectFrom('ingested_events')
      .select((eb) => ['resolution_status', eb.fn.countAll<string>().as('n')])
      .groupBy('resolution_status')
      .orderBy('resolution_status')
      .execute();
    const em = orm.em.fork();
    const resolved = await db()
      .selectFrom('activities')
      .select((eb) => [
        eb.fn.countAll<string>().as('emitted'),
        eb.fn.count<string>(eb.ref('payload', '->>').key('event_id')).distinct().as('distinct_events'),
      ])
      .where('type', '=', 'event.resolved')
      .executeTakeFirstOrThrow();
    const counts = {
      contacts: await em.count(Contact, { organization: organizationId }),
      accounts: await em.count(Account, { organization: organizationId }),
      emitted: resolved.emitted,
      distinct_events: resolved.distinct_events,
      runs: await em.count(PlaybookRun),
      todos: await em.count(Task, { type: 'TODO' }),
    };
    console.log(
      `drained ${total - left}/${total} in ${elapsed.toFixed(1)} s from the worker's start (${drainSeconds.toFixed(1)} s from the first resolution to the last): ` +
        `${((total - left) / elapsed).toFixed(0)} events/s overall, ${((total - left) / Math.max(drainSeconds, 0.001)).toFixed(0)} events/s while draining (goal: 100,000 in < 600 s)`,
    );
    console.log(`  outcomes: ${outcomes.map((o) => `${o.resolution_status} ${o.n}`).join(', ')}`);
    console.log(
      `  workspace after: ${counts.contacts} contacts (${workspaceContacts} before), ${counts.accounts} accounts; ` +
        `event.resolved: ${counts.emitted} for ${counts.distinct_events} distinct events; playbook runs ${counts.runs}, to-dos ${counts.todos}`,
    );
  } finally {
    if (worker) await stopChild(worker, 10_000);
    await temporal?.stop();
    await orm.close();
    await database.stop();
  }
}
