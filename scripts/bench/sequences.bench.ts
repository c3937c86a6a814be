// `npm run bench -- sequences`: enrollment and sequence controls end to end (embedded PostgreSQL,
// Temporal dev server, `node worker.ts` and `node api/server.ts` as children, sandbox mail).
// (a) `POST /v1/sequences` 201 latency for already-verified contacts, (b) pause then resume
// latency on running sequences, (c) lag from a step's due time to its message with many
// sequences running, their first steps due spread over a window.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Client, Connection } from '@temporalio/client';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { SEQUENCE_WORKFLOW, sequenceStatusQuery, sequenceWorkflowId, type SequenceInput } from '../../workflows/sequence.definitions.ts';
import { startTemporalDevServer } from '../local-stack.ts';
import { temporalCli } from '../tools.ts';
import { benchDatabase, envNumber, freePort, percentile, sleep, startServices } from './harness.ts';

const DAY_S = 24 * 60 * 60;

/** Runs `task(i)` for i in 0..n-1 with at most `concurrency` at once; returns each call's duration in ms. */
async function timed(n: number, concurrency: number, task: (i: number) => Promise<void>): Promise<number[]> {
  const durations: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) {
      const i = next++;
      const started = performance.now();
      await task(i);
      durations.push(performance.now() - started);
    }
  }));
  return durations.sort((a, b) => a - b);
}

const summary = (d: number[]) => `p50 ${percentile(d, 50).toFixed(0)} ms, p95 ${percentile(d, 95).toFixed(0)} ms, p99 ${percentile(d, 99).toFixed(0)} ms (n=${d.length})`;

export async function benchSequences(): Promise<void> {
  const enrollments = envNumber('BENCH_ENROLLMENTS', 200);
  const concurrency = envNumber('BENCH_CONNECTIONS', 5);
  const running = envNumber('BENCH_SEQUENCES', 1000);
  const windowS = envNumber('BENCH_SEQUENCES_WINDOW', 60);
  const firstDelayS = envNumber('BENCH_SEQUENCES_DELAY', 30);

  const database = await benchDatabase();
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 8 });
  await migrate(orm);
  const db = () => orm.em.fork().getKysely();
  const temporal = await startTemporalDevServer({ cli: temporalCli(), port: await freePort(), uiPort: null, dbFile: null });
  const connection = await Connection.connect({ address: temporal.address });
  const client = new Client({ connection });
  const org = await admin.bootstrap(orm.em.fork(), { orgName: 'Bench', ownerEmail: 'bench@example.com', ownerName: 'Bench' });
  const organizationId = org.organization_id;
  // The bench's one sender sends every email: lift its daily send limit (default 200) out of the way.
  await sql`UPDATE users SET daily_send_limit = 1000000 WHERE id = ${org.user_id}`.execute(orm.em.fork().getKysely());

  const insertTemplate = async (steps: unknown[]) => {
    const id = randomUUID();
    await sql`INSERT INTO sequence_templates (id, organization_id, name, status, language, timezone, activated_at, steps, on_missing_channel, schedule, sender_user_id, requires_lead_review, created_at, updated_at)
              VALUES (${id}, ${organizationId}, ${`Bench ${id.slice(0, 8)}`}, 'ACTIVE', 'en', 'UTC', now(), ${JSON.stringify(steps)}::jsonb, 'STOP', NULL, ${org.user_id}, false, now(), now())`.execute(db());
    return id;
  };
  const insertContacts = async (n: number, prefix: string) => {
    const ids = Array.from({ length: n }, () => randomUUID());
    for (let i = 0; i < n; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await sql`INSERT INTO contacts (id, organization_id, email, first_name, company_name, email_status, first_seen_at, last_seen_at, created_at, updated_at)
                SELECT id, ${organizationId}, ${prefix} || '-' || left(id::text, 8) || '@example.com', 'Ada', 'Acme', 'DELIVERABLE', now(), now(), now(), now()
                FROM unnest(${chunk}::uuid[]) AS id`.execute(db());
    }
    return ids;
  };
  // Two EMAIL steps, the second a month later: sequences stay running once the first is sent.
  const enrollTemplate = await insertTemplate([
    { type: 'EMAIL', delay_days: 0, subject: 'Hi {{first_name}}', body: 'Hello {{first_name}} at {{company_name}}.' },
    { type: 'EMAIL', delay_days: 30, subject: 'Again', body: 'Following up, {{first_name}}.' },
  ]);
  const lagTemplate = await insertTemplate([
    { type: 'EMAIL', delay_days: firstDelayS / DAY_S, subject: 'Hi {{first_name}}', body: 'Hello {{first_name}}.' },
    { type: 'EMAIL', delay_days: 30, subject: 'Again', body: 'Following up.' },
  ]);
  const enrollContacts = await insertContacts(enrollments + 1, 'enroll');
  const lagContacts = await insertContacts(running, 'lag');

  let stopServices = async () => {};
  try {
    const services = await startServices(database.url, temporal.address, org.api_key);
    stopServices = services.stop;
    const { taskQueue, base, headers } = services;
    const post = (path: string, body: unknown, expected: number) => services.post<{ id: string }>(path, body, expected);

    // Warm-up (and wait for the worker): one enrollment until it answers 201.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const response = await fetch(`${base}/v1/sequences`, { method: 'POST', headers, body: JSON.stringify({ contact_id: enrollContacts[enrollments], sequence_template_id: enrollTemplate }) });
      await response.text();
      if (response.status === 201 || response.status === 409) break;
      if (Date.now() > deadline) throw new Error(`warm-up enrollment: ${response.status}`);
      await sleep(500);
    }

    console.log(`(a) POST /v1/sequences: ${enrollments} already-verified contacts, concurrency ${concurrency}`);
    const sequenceIds: string[] = [];
    const enroll = await timed(enrollments, concurrency, async (i) => {
      sequenceIds.push((await post('/v1/sequences', { contact_id: enrollContacts[i], sequence_template_id: enrollTemplate }, 201)).id);
    });
    console.log(`    201: ${summary(enroll)} (goal p50 < 300 ms)`);

    // Each sequence's first email is sent: the run then waits on its month-long delay.
    const sentDeadline = Date.now() + 60_000;
    while (Date.now() < sentDeadline) {
      const { rows } = await sql<{ n: string }>`SELECT count(DISTINCT sequence_id) AS n FROM messages WHERE sequence_id = ANY(${sequenceIds}::uuid[])`.execute(db());
      if (Number(rows[0].n) >= sequenceIds.length) break;
      await sleep(200);
    }

    console.log(`(b) pause then resume each of ${sequenceIds.length} running sequences, concurrency ${concurrency}`);
    const pauses: number[] = [];
    const resumes: number[] = [];
    await timed(sequenceIds.length, concurrency, async (i) => {
      let started = performance.now();
      await post(`/v1/sequences/${sequenceIds[i]}/pause`, {}, 200);
      pauses.push(performance.now() - started);
      started = performance.now();
      await post(`/v1/sequences/${sequenceIds[i]}/resume`, {}, 200);
      resumes.push(performance.now() - started);
    });
    pauses.sort((a, b) => a - b);
    resumes.sort((a, b) => a - b);
    console.log(`    pause: ${summary(pauses)}; resume: ${summary(resumes)} (goal p99 < 300 ms)`);

    console.log(`(c) ${running} sequences started over ${windowS} s, first EMAIL due ${firstDelayS} s after each start (due times spread over ${windowS} s)`);
    const lagSequences = lagContacts.map((contactId) => ({ id: randomUUID(), contactId }));
    for (let i = 0; i < lagSequences.length; i += 500) {
      const chunk = lagSequences.slice(i, i + 500);
      await sql`INSERT INTO sequences (id, organization_id, contact_id, sequence_template_id, status, current_step, variables, sender_id, created_at, updated_at)
                SELECT s.id, ${organizationId}, s.contact_id, ${lagTemplate}, 'ACTIVE', 0, '{}'::jsonb, ${org.user_id}, now(), now()
                FROM unnest(${chunk.map((s) => s.id)}::uuid[], ${chunk.map((s) => s.contactId)}::uuid[]) AS s(id, contact_id)`.execute(db());
    }
    const startedAt = new Map<string, number>();
    const began = Date.now();
    await timed(lagSequences.length, 10, async (i) => {
      const due = began + (i * windowS * 1000) / lagSequences.length;
      if (due > Date.now()) await sleep(due - Date.now());
      const input: SequenceInput = { sequenceId: lagSequences[i].id, organizationId };
      const handle = await client.workflow.start(SEQUENCE_WORKFLOW, { taskQueue, workflowId: sequenceWorkflowId(lagSequences[i].id), args: [input] });
      startedAt.set(lagSequences[i].id, (await handle.describe()).startTime.getTime());
    });
    console.log(`    started ${startedAt.size} in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    const lagIds = lagSequences.map((s) => s.id);
    const lagDeadline = Date.now() + firstDelayS * 1000 + 300_000;
    // created_at is the database's now() when the send activity wrote the message (sent_at is the
    // workflow's time of the step, which does not see activity queueing).
    let sent: { sequence_id: string; created_at: Date }[] = [];
    while (Date.now() < lagDeadline) {
      sent = (await sql<{ sequence_id: string; created_at: Date }>`SELECT sequence_id, min(created_at) AS created_at FROM messages WHERE sequence_id = ANY(${lagIds}::uuid[]) GROUP BY sequence_id`.execute(db())).rows;
      if (sent.length >= lagIds.length) break;
      await sleep(1000);
    }
    const lags = sent.map((r) => new Date(r.created_at).getTime() - (startedAt.get(r.sequence_id)! + firstDelayS * 1000)).sort((a, b) => a - b);
    const { rows: statuses } = await sql<{ status: string; n: string }>`SELECT status, count(*) AS n FROM sequences GROUP BY status`.execute(db());
    console.log(`    due -> message written lag: ${summary(lags)}; sent ${sent.length}/${lagIds.length} (goal p99 < 5 s at 5,000 over ten minutes)`);
    console.log(`    sequences by status: ${statuses.map((r) => `${r.status} ${r.n}`).join(', ')}`);
    const sentIds = new Set(sent.map((r) => r.sequence_id));
    const unsent = lagIds.filter((id) => !sentIds.has(id)).slice(0, 3);
    for (const id of unsent) {
      // Where a run that did not send is waiting (the operator's view: the status query and pending activities).
      const handle = client.workflow.getHandle(sequenceWorkflowId(id));
      const [status, description] = await Promise.all([handle.query(sequenceStatusQuery).catch((e: Error) => e.message), handle.describe()]);
      console.log(`    unsent ${id}: ${JSON.stringify(status)} pending activities: ${JSON.stringify(description.raw.pendingActivities?.map((a) => [a.activityType?.name, a.attempt, a.lastFailure?.message]))}`);
    }
  } finally {
    await stopServices();
    await connection.close();
    await temporal.stop();
    await orm.close();
    await database.stop();
  }
}
