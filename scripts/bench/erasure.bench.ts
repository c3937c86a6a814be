// `npm run bench -- erasure`: the erasure of a person with 1,000 messages, 10,000 ingested events and
// 2,000 activities (BENCH_ERASURE_MESSAGES, _EVENTS, _ACTIVITIES), in an organization whose other
// people have BENCH_ERASURE_BACKGROUND times as much (what the job's text searches read past). The
// job's steps run in the order its workflow runs them (domain/erasure/steps.ts through the
// activities, on embedded PostgreSQL; the person has no running run, so no Temporal is needed), and
// the same job for a person with one of each is the baseline of the same run. Goal: under 10 s.
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '../../config.ts';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { requestErasure } from '../../domain/erasure/request.ts';
import { useSuppressionHashKey } from '../../domain/people/suppression-hash.ts';
import { createErasureActivities } from '../../activities/erasure.activities.ts';
import { SandboxCrm } from '../../providers/crm/sandbox.ts';
import { createWorkflowClients } from '../../workflows/clients.ts';
import { benchDb, chunks } from './fixtures.ts';
import { benchDatabase, envNumber } from './harness.ts';

type Db = ReturnType<typeof benchDb>;

/** A contact with `messages` messages, `events` ingested events naming them and `activities` activities. */
async function person(db: Db, organizationId: string, tag: string, counts: Record<string, number>): Promise<string> {
  const id = randomUUID();
  const email = `${tag}@erasure-bench.test`;
  const now = new Date();
  await db
    .insertInto('contacts')
    .values({
      id,
      organization_id: organizationId,
      email,
      first_name: 'Bench',
      last_name: tag,
      email_status: 'UNVERIFIED',
      first_seen_at: now,
      last_seen_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const many = (n: number) => Array.from({ length: n }, (_, i) => i);
  for (const chunk of chunks(many(counts.messages)))
    await db
      .insertInto('messages')
      .values(
        chunk.map((i) => ({
          id: randomUUID(),
          organization_id: organizationId,
          contact_id: id,
          channel: 'EMAIL' as const,
          direction: 'OUTBOUND' as const,
          kind: 'MESSAGE',
          subject: `Hello ${i}`,
          body: `Hi Bench, message ${i}`,
          sent_at: now,
          created_at: now,
        })),
      )
      .execute();
  for (const chunk of chunks(many(counts.events)))
    await db
      .insertInto('ingested_events')
      .values(
        chunk.map(() => {
          const eventId = randomUUID();
          return {
            id: eventId,
            organization_id: organizationId,
            idempotency_key: `first-party:${organizationId}:${eventId}`,
            event_name: 'bench.event',
            occurred_at: now,
            external_event_id: null,
            subject: { email },
            payload_json: `{"page":"/pricing","email":"${email}"}`,
            resolution_status: 'RESOLVED' as const,
            contact_id: id,
            received_at: now,
          };
        }),
      )
      .execute();
  for (const chunk of chunks(many(counts.activities)))
    await db
      .insertInto('activities')
      .values(
        chunk.map(() => ({
          id: randomUUID(),
          organization_id: organizationId,
          type: 'message.opened',
          contact_id: id,
          payload: { type: 'message.opened', contact: { id, email } },
          created_at: now,
        })),
      )
      .execute();
  return id;
}

export async function benchErasure(): Promise<void> {
  const heavy = {
    messages: envNumber('BENCH_ERASURE_MESSAGES', 1_000),
    events: envNumber('BENCH_ERASURE_EVENTS', 10_000),
    activities: envNumber('BENCH_ERASURE_ACTIVITIES', 2_000),
  };
  const background = envNumber('BENCH_ERASURE_BACKGROUND', 3);
  const database = await benchDatabase();
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 4 });
  // Never dialled: the people erased here have no running run whose workflow would be asked about.
  const connection = Connection.lazy({ address: '127.0.0.1:1', connectTimeout: 200 });
  try {
    await migrate(orm);
    const config = loadConfig({ DATABASE_URL: database.url });
    useSuppressionHashKey(config.suppressionHashKey);
    const org = await admin.bootstrap(orm.em.fork(), {
      orgName: 'Bench',
      ownerEmail: 'bench@example.com',
      ownerName: 'Bench',
    });
    const organizationId = org.organization_id;
    const seeded = Date.now();
    for (let i = 0; i < background; i++) await person(benchDb(orm), organizationId, `other-${i}`, heavy);
    const light = await person(benchDb(orm), organizationId, 'light', { messages: 1, events: 1, activities: 1 });
    const target = await person(benchDb(orm), organizationId, 'heavy', heavy);
    console.log(
      `seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s: the person ${JSON.stringify(heavy)}, ` +
        `${background} other people as much, a light person with one of each`,
    );
    const workflows = createWorkflowClients(new Client({ connection }), 'bench');
    const activities = createErasureActivities({
      orm,
      logger: pino({ level: 'silent' }),
      config,
      workflows,
      providers: { crm: new SandboxCrm(orm) },
    });
    for (const [name, contactId] of [
      ['baseline (one of each)', light],
      ['the person', target],
    ] as const) {
      // The request's start of the workflow finds no Temporal here (the outbox keeps it): not part of the job's time.
      const { job } = await requestErasure(orm.em.fork(), { workflows }, organizationId, { contactId });
      const started = Date.now();
      const steps: Record<string, number> = {};
      const step = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
        const at = Date.now();
        const result = await work();
        steps[label] = Date.now() - at;
        return result;
      };
      const input = { jobId: job.id };
      await step('begin', () => activities.beginErasure(input));
      await step('settle', () => activities.settleErasedEffects({ ...input, force: false }));
      await step('runs', () => activities.awaitRunsClosed(input));
      await step('crm', () => activities.eraseInCrm(input));
      const erased = await step('rows', () => activities.eraseRows(input));
      console.log(
        `${name}: ${((Date.now() - started) / 1000).toFixed(2)} s (steps ms ${JSON.stringify(steps)}); erased ${JSON.stringify(erased)}`,
      );
    }
  } finally {
    await connection.close().catch(() => undefined);
    await orm.close();
    await database.stop();
  }
}
