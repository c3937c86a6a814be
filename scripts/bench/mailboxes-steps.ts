// The `sequences` load the `mailboxes` benchmark runs beside the inbox sync in its clean and hostile
// phases, on the same stack (the same `node worker.ts`, Temporal and PostgreSQL): sequence runs
// started at a steady rate during the phase's window, each with its first EMAIL due `delayS` after
// its start (sent by the organization's owner, who has no connected mailbox: the sandbox transport),
// so steps come due all through the window. Measured as `sequences` (c) measures it: from the due
// time (the workflow's start time plus the delay) to the message row's `created_at`.
import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId, type SequenceInput } from '../../workflows/sequence.definitions.ts';
import { activeTemplate, benchDb, chunks, insertVerifiedContacts, liftSendLimit } from './fixtures.ts';
import { percentile, sleep } from './harness.ts';

const DAY_S = 24 * 60 * 60;

export interface StepLag {
  /** Runs started in the window. */
  started: number;
  /** Of those, runs whose first message was written. */
  written: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface StepPhase {
  /** Starts the runs on schedule from now; resolves once all are started. */
  run(): Promise<void>;
  /** Waits (at most `waitMs`) for every first message, then the lags. */
  lags(waitMs?: number): Promise<StepLag>;
}

export interface StepLoad {
  perSecond: number;
  delayS: number;
  /** Inserts the runs of a window of `seconds` (before it opens): their steps fall due within it. */
  prepare(seconds: number): Promise<StepPhase>;
}

export async function stepLoad(o: {
  orm: MikroORM;
  client: Client;
  taskQueue: string;
  organizationId: string;
  ownerId: string;
  perSecond: number;
  delayS: number;
}): Promise<StepLoad> {
  const db = () => benchDb(o.orm);
  await liftSendLimit(o.orm, o.ownerId);
  const templateId = await activeTemplate(o.orm, o.organizationId, o.ownerId, 'Bench step lag', [
    { type: 'EMAIL', delay_days: o.delayS / DAY_S, subject: 'Hi {{first_name}}', body: 'Hello {{first_name}}.' },
    { type: 'EMAIL', delay_days: 30, subject: 'Again', body: 'Following up.' },
  ]);
  return {
    perSecond: o.perSecond,
    delayS: o.delayS,
    async prepare(seconds) {
      const n = Math.max(0, Math.floor(o.perSecond * (seconds - o.delayS)));
      const runs = Array.from({ length: n }, () => ({ id: randomUUID(), contactId: randomUUID() }));
      await insertVerifiedContacts(
        o.orm,
        o.organizationId,
        runs.map((r) => r.contactId),
        (id) => `steps-${id}@example.com`,
      );
      for (const chunk of chunks(runs)) {
        const now = new Date();
        await db()
          .insertInto('sequences')
          .values(
            chunk.map((r) => ({
              id: r.id,
              organization_id: o.organizationId,
              contact_id: r.contactId,
              sequence_template_id: templateId,
              status: 'ACTIVE',
              current_step: 0,
              variables: {},
              sender_id: o.ownerId,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
      }
      const startedAt = new Map<string, number>();
      let lastStart = Date.now();
      return {
        async run() {
          const began = Date.now();
          const starts: Promise<void>[] = [];
          for (let i = 0; i < runs.length; i++) {
            const due = began + (i * 1000) / o.perSecond;
            if (due > Date.now()) await sleep(due - Date.now());
            const input: SequenceInput = { sequenceId: runs[i].id, organizationId: o.organizationId };
            starts.push(
              o.client.workflow
                .start(SEQUENCE_WORKFLOW, {
                  taskQueue: o.taskQueue,
                  workflowId: sequenceWorkflowId(runs[i].id),
                  args: [input],
                })
                .then((handle) => handle.describe())
                .then((d) => {
                  startedAt.set(runs[i].id, d.startTime.getTime());
                }),
            );
          }
          await Promise.all(starts);
          lastStart = Date.now();
        },
        async lags(waitMs = 60_000) {
          const ids = runs.map((r) => r.id);
          const deadline = Math.max(Date.now(), lastStart + o.delayS * 1000) + waitMs;
          // created_at: the database's now() when the step's activity wrote the message.
          const written = () =>
            ids.length === 0
              ? Promise.resolve([])
              : db()
                  .selectFrom('messages')
                  .select((eb) => [
                    eb.ref('sequence_id').$notNull().as('sequence_id'),
                    eb.fn.min('created_at').as('created_at'),
                  ])
                  .where((eb) => eb('sequence_id', '=', eb.fn.any(eb.val(ids))))
                  .groupBy('sequence_id')
                  .execute();
          let rows = await written();
          while (rows.length < ids.length && Date.now() < deadline) {
            await sleep(500);
            rows = await written();
          }
          const lags = rows
            .filter((r) => startedAt.has(r.sequence_id))
            .map((r) => new Date(r.created_at).getTime() - (startedAt.get(r.sequence_id)! + o.delayS * 1000))
            .sort((a, b) => a - b);
          return {
            started: startedAt.size,
            written: rows.length,
            p50: percentile(lags, 50),
            p95: percentile(lags, 95),
            p99: percentile(lags, 99),
          };
        },
      };
    },
  };
}
