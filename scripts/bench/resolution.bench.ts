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
import { sql } from 'kysely';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { createPlaybook } from '../../domain/playbooks/playbooks.service.ts';
import { ensureDirectoryLoaded } from '../../providers/directory/load.ts';
import { startTemporalDevServer } from '../local-stack.ts';
import { projectRoot, temporalCli } from '../tools.ts';
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
    const db = () => orm.em.fork().getKysely();
    const org = await admin.bootstrap(orm.em.fork(), { orgName: 'Bench', ownerEmail: 'bench@example.com', ownerName: 'Bench' });
    const organizationId = org.organization_id;

    // The workspace: contacts of their own (email and LinkedIn URL), none of them directory people.
    await sql`
      INSERT INTO contacts (id, organization_id, email, linkedin_url, first_name, email_status, first_seen_at, last_seen_at, created_at, updated_at)
      SELECT gen_random_uuid(), ${organizationId}, 'known' || g || '@workspace-bench.test', 'https://www.linkedin.com/in/known-bench-' || g, 'Known', 'UNVERIFIED', now(), now(), now(), now()
        FROM generate_series(1, ${workspaceContacts}) g`.execute(db());
    const { rows: people } = await sql<{ email: string; linkedin_url: string | null }>`
      SELECT email, linkedin_url FROM directory_people WHERE email IS NOT NULL ORDER BY id LIMIT ${Math.ceil(total * 0.3)}`.execute(db());
    const { rows: domains } = await sql<{ domain: string }>`SELECT domain FROM directory_company_domains ORDER BY domain LIMIT 1000`.execute(db());
    await createPlaybook(orm.em.fork(), organizationId, org.user_id, { name: 'Bench to-do', event_name: 'bench.playbook', action: { type: 'CREATE_TASK', title: 'Follow up' } });

    // The backlog: 35% workspace emails, 5% workspace LinkedIn URLs, 30% directory people (email, or LinkedIn URL),
    // 10% company domains only, 2% CRM contact ids, 18% unknown people.
    const subjects: Record<string, string>[] = [];
    for (let i = 0; i < total; i++) {
      const r = i % 100;
      const known = 1 + (i % workspaceContacts);
      const person = people[i % people.length];
      if (r < 35) subjects.push({ email: `known${known}@workspace-bench.test` });
      else if (r < 40) subjects.push({ linkedin_url: `https://www.linkedin.com/in/known-bench-${known}` });
      else if (r < 70) subjects.push(r % 2 === 0 || !person.linkedin_url ? { email: person.email } : { linkedin_url: person.linkedin_url });
      else if (r < 80) subjects.push({ company_domain: domains[i % domains.length].domain });
      else if (r < 82) subjects.push({ external_contact_id: i % 2 ? 'crm-contact-ada' : 'crm-contact-grace' });
      else subjects.push({ email: `unknown${i}@nowhere-bench.test` });
    }
    const insertStarted = Date.now();
    const base = Date.now() - 3_600_000;
    for (let from = 0; from < total; from += 10_000) {
      const chunk = subjects.slice(from, from + 10_000);
      const ids = chunk.map(() => randomUUID());
      await sql`
        INSERT INTO ingested_events (id, organization_id, idempotency_key, event_name, occurred_at, external_event_id, subject, payload_json, resolution_status, received_at)
        SELECT x.id, ${organizationId}, 'first-party:' || ${organizationId} || ':' || x.id, x.name, ${new Date(base)}, NULL, x.subject::jsonb, '{}', 'PENDING', x.received
          FROM unnest(${ids}::uuid[], ${chunk.map((_, i) => ((from + i) % 10 === 0 ? 'bench.playbook' : 'bench.event'))}::text[],
                      ${chunk.map((s) => JSON.stringify(s))}::text[], ${chunk.map((_, i) => new Date(base + from + i))}::timestamptz[]) AS x(id, name, subject, received)`.execute(db());
    }
    console.log(`backlog: ${total} PENDING events inserted in ${((Date.now() - insertStarted) / 1000).toFixed(1)} s `
      + `(workspace ${workspaceContacts} contacts; directory ${directoryPeople} people / ${directoryCompanies} companies; batch ${batch})`);

    temporal = await startTemporalDevServer({ cli: temporalCli(), port: await freePort(), uiPort: null, dbFile: null });
    const env = {
      DATABASE_URL: database.url, TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: `bench-${randomUUID()}`, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      EVENT_RESOLUTION_INTERVAL_MS: '1000', EVENT_RESOLUTION_BATCH: String(batch),
    };
    const began = Date.now();
    worker = spawn(process.execPath, [join(projectRoot, 'worker.ts')], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    const pending = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ingested_events WHERE resolution_status = 'PENDING'`.execute(db())).rows[0].n);
    let left = total;
    let lastReport = began;
    while (left > 0 && Date.now() - began < 20 * 60_000) {
      await sleep(1000);
      left = await pending();
      if (Date.now() - lastReport >= 15_000) {
        lastReport = Date.now();
        console.log(`  ${((Date.now() - began) / 1000).toFixed(0)} s: ${total - left} resolved or unresolved, ${left} PENDING`);
      }
    }
    const elapsed = (Date.now() - began) / 1000;
    const { rows: span } = await sql<{ first: Date; last: Date }>`SELECT min(resolved_at) AS first, max(resolved_at) AS last FROM ingested_events`.execute(db());
    const drainSeconds = (new Date(span[0].last).getTime() - new Date(span[0].first).getTime()) / 1000;
    const { rows: outcomes } = await sql<{ resolution_status: string; n: string }>`SELECT resolution_status, count(*) AS n FROM ingested_events GROUP BY 1 ORDER BY 1`.execute(db());
    const counts = (await sql<{ contacts: string; accounts: string; emitted: string; distinct_events: string; runs: string; todos: string }>`
      SELECT (SELECT count(*) FROM contacts WHERE organization_id = ${organizationId}) AS contacts,
             (SELECT count(*) FROM accounts WHERE organization_id = ${organizationId}) AS accounts,
             (SELECT count(*) FROM activities WHERE type = 'event.resolved') AS emitted,
             (SELECT count(DISTINCT payload ->> 'event_id') FROM activities WHERE type = 'event.resolved') AS distinct_events,
             (SELECT count(*) FROM playbook_runs) AS runs,
             (SELECT count(*) FROM tasks WHERE type = 'TODO') AS todos`.execute(db())).rows[0];
    console.log(`drained ${total - left}/${total} in ${elapsed.toFixed(1)} s from the worker's start (${drainSeconds.toFixed(1)} s from the first resolution to the last): `
      + `${((total - left) / elapsed).toFixed(0)} events/s overall, ${((total - left) / Math.max(drainSeconds, 0.001)).toFixed(0)} events/s while draining (goal: 100,000 in < 600 s)`);
    console.log(`  outcomes: ${outcomes.map((o) => `${o.resolution_status} ${o.n}`).join(', ')}`);
    console.log(`  workspace after: ${counts.contacts} contacts (${workspaceContacts} before), ${counts.accounts} accounts; `
      + `event.resolved: ${counts.emitted} for ${counts.distinct_events} distinct events; playbook runs ${counts.runs}, to-dos ${counts.todos}`);
  } finally {
    if (worker) await stopChild(worker, 10_000);
    await temporal?.stop();
    await orm.close();
    await database.stop();
  }
}
