// The per-day counters equal their recomputation from the source rows after any mix of what the
// service records (property test): enrollments, step sends, opens (by people and by privacy
// proxies), clicks (by people and link scanners), replies of every category, bounces, opt-outs,
// meetings, tasks completed and reopened, and contacts deleted with their runs.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { recordOpen, recordClick } from '../../../domain/engagement/opens-clicks.service.ts';
import { recordBounce, recordReply } from '../../../domain/engagement/engagement.service.ts';
import { recordMeeting } from '../../../domain/engagement/invitations-meetings.service.ts';
import { lockRun } from '../../../domain/sequences/runs.ts';
import { insertCallTask } from '../../../domain/sequences/step-writes.ts';
import { unsubscribe } from '../../../domain/sequences/unenroll.service.ts';
import { COUNTER_COLUMNS, counterDifferences, type CounterColumn } from '../../../domain/stats/stats.queries.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { apiSuiteFixture, newOrg } from '../../helpers/fixtures.ts';
import { insertContact, insertSequence, insertTemplate } from '../../helpers/sequence-fixtures.ts';
import { recordStepSend } from './fixtures.ts';

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 5);
const REPLIES = [
  { body: 'Sounds great, tell me more', category: undefined },
  { body: 'Not interested, thanks', category: undefined },
  { body: 'Please unsubscribe me', category: undefined },
  { body: 'Who is this?', category: undefined },
  { body: 'Away until Monday', category: 'OUT_OF_OFFICE' as const },
];

type Op =
  | { kind: 'enroll'; withSender: boolean; day: number }
  | { kind: 'send'; run: number; day: number; variant: number | null }
  | { kind: 'open'; message: number; proxy: boolean; minutes: number }
  | { kind: 'click'; message: number; seconds: number }
  | { kind: 'reply'; message: number; reply: number; minutes: number }
  | { kind: 'bounce'; message: number; minutes: number }
  | { kind: 'optOut'; run: number }
  | { kind: 'meeting'; run: number }
  | { kind: 'callTask'; run: number }
  | { kind: 'task'; task: number; day: number; done: boolean }
  | { kind: 'delete'; run: number };

const index = fc.nat(50);
const enroll = fc.record({ kind: fc.constant('enroll' as const), withSender: fc.boolean(), day: fc.nat(3) });
const send = fc.record({
  kind: fc.constant('send' as const),
  run: index,
  day: fc.nat(5),
  variant: fc.option(fc.integer({ min: 1, max: 3 })),
});
const op: fc.Arbitrary<Op> = fc.oneof(
  enroll,
  send,
  send,
  fc.record({ kind: fc.constant('open' as const), message: index, proxy: fc.boolean(), minutes: fc.nat(4000) }),
  fc.record({ kind: fc.constant('click' as const), message: index, seconds: fc.oneof(fc.nat(9), fc.nat(200_000)) }),
  fc.record({
    kind: fc.constant('reply' as const),
    message: index,
    reply: fc.nat(REPLIES.length - 1),
    minutes: fc.nat(4000),
  }),
  fc.record({ kind: fc.constant('bounce' as const), message: index, minutes: fc.nat(100) }),
  fc.record({ kind: fc.constant('optOut' as const), run: index }),
  fc.record({ kind: fc.constant('meeting' as const), run: index }),
  fc.record({ kind: fc.constant('callTask' as const), run: index }),
  fc.record({ kind: fc.constant('task' as const), task: index, day: fc.nat(4), done: fc.boolean() }),
  fc.record({ kind: fc.constant('task' as const), task: index, day: fc.nat(4), done: fc.constant(true) }),
  fc.record({ kind: fc.constant('delete' as const), run: index }),
);

/** A case that moves every counter, run first: the check below (every counter exercised) never rests on chance. */
const EVERY_COUNTER: Op[] = [
  { kind: 'enroll', withSender: true, day: 0 },
  { kind: 'enroll', withSender: false, day: 1 },
  { kind: 'enroll', withSender: true, day: 2 },
  { kind: 'send', run: 0, day: 0, variant: 1 },
  { kind: 'send', run: 1, day: 0, variant: 2 },
  { kind: 'send', run: 2, day: 1, variant: null },
  { kind: 'open', message: 0, proxy: true, minutes: 1 },
  { kind: 'open', message: 0, proxy: false, minutes: 2000 },
  { kind: 'click', message: 0, seconds: 2 },
  { kind: 'click', message: 0, seconds: 5000 },
  { kind: 'reply', message: 0, reply: 0, minutes: 3000 },
  { kind: 'bounce', message: 1, minutes: 5 },
  { kind: 'reply', message: 2, reply: 3, minutes: 10 },
  { kind: 'task', task: 0, day: 3, done: true },
  { kind: 'meeting', run: 2 },
  { kind: 'enroll', withSender: true, day: 3 },
  { kind: 'send', run: 3, day: 1, variant: 1 },
  { kind: 'optOut', run: 3 },
];

describe('sequence stats counters (property)', function () {
  this.timeout(600_000);
  const fx = apiSuiteFixture();

  it('after any mix of sends, opens, clicks, replies, bounces, opt-outs, meetings, tasks and deletions, the counters equal their recomputation', async () => {
    const { stack } = fx;
    const workflows = createWorkflowClients(stack.temporal, stack.taskQueue);
    const deps = () => ({ em: stack.orm.em.fork(), workflows });
    const db = () => stack.orm.em.fork().getKysely();
    const exercised = new Set<CounterColumn>();

    await fc.assert(
      fc.asyncProperty(
        // A few runs and sends first, so that most of what follows has something to act on.
        fc
          .tuple(
            fc.array(enroll, { minLength: 2, maxLength: 4 }),
            fc.array(send, { minLength: 3, maxLength: 8 }),
            fc.array(op, { maxLength: 40 }),
          )
          .map(([runs, sends, rest]) => [...runs, ...sends, ...rest]),
        async (ops) => {
          // Each case in an organization of its own: the check compares that organization alone.
          const { organizationId, userId } = await newOrg(stack);
          const templateId = await insertTemplate(
            stack,
            organizationId,
            [
              { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' },
              { type: 'LINKEDIN_MESSAGE', delay_days: 1, body: 'Hello' },
              { type: 'EMAIL', delay_days: 2, subject: 'Again', body: 'Again' },
            ],
            { senderUserId: userId },
          );
          const runs: { id: string; contactId: string; step: number }[] = [];
          const messages: { id: string; channel: string; sentAt: number }[] = [];
          const pick = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

          for (const o of ops) {
            if (o.kind === 'enroll') {
              const contactId = await insertContact(stack, organizationId, { email: `${randomUUID()}@example.com` });
              const id = await insertSequence(stack, organizationId, {
                contactId,
                templateId,
                senderUserId: o.withSender ? userId : null,
              });
              await sql`update sequences set created_at = ${new Date(START + o.day * DAY_MS)} where id = ${id}`.execute(
                db(),
              );
              runs.push({ id, contactId, step: 0 });
            } else if (o.kind === 'send') {
              const run = pick(runs, o.run);
              if (!run || run.step >= 3) continue;
              const step = run.step + 1;
              const sentAt = START + (o.day + step) * DAY_MS;
              const channel = step === 2 ? 'LINKEDIN' : 'EMAIL';
              const id = await recordStepSend(stack, run.id, {
                step,
                sentAt: new Date(sentAt),
                variant: o.variant,
                channel,
              });
              run.step = step;
              messages.push({ id, channel, sentAt });
            } else if (o.kind === 'open' || o.kind === 'click' || o.kind === 'bounce') {
              const m = pick(
                messages.filter((x) => x.channel === 'EMAIL'),
                o.message,
              );
              if (!m) continue;
              if (o.kind === 'open')
                await recordOpen(deps(), organizationId, m.id, new Date(m.sentAt + o.minutes * 60_000), o.proxy);
              else if (o.kind === 'click')
                await recordClick(deps(), organizationId, m.id, null, new Date(m.sentAt + o.seconds * 1000));
              else await recordBounce(deps(), organizationId, m.id, new Date(m.sentAt + o.minutes * 60_000));
            } else if (o.kind === 'reply') {
              const m = pick(messages, o.message);
              if (!m) continue;
              const r = REPLIES[o.reply];
              await recordReply(
                deps(),
                organizationId,
                m.id,
                { body: r.body },
                new Date(m.sentAt + o.minutes * 60_000),
                r.category ? { category: r.category } : {},
              );
            } else if (o.kind === 'optOut') {
              const run = pick(runs, o.run);
              if (run) await unsubscribe(stack.orm.em.fork(), workflows, run.id);
            } else if (o.kind === 'meeting') {
              const run = pick(runs, o.run);
              if (run) await recordMeeting(deps(), organizationId, run.contactId, {});
            } else if (o.kind === 'callTask') {
              const run = pick(runs, o.run);
              if (!run) continue;
              await stack.orm.em.fork().transactional(async (tx) => {
                const row = await lockRun(tx, run.id);
                await insertCallTask(tx, row, {
                  id: randomUUID(),
                  stepNumber: Math.max(1, run.step),
                  assigneeId: userId,
                  title: 'Call',
                  notes: 'Call',
                  at: new Date(START),
                });
              });
            } else if (o.kind === 'task') {
              const { rows } = await sql<{
                id: string;
              }>`select t.id from tasks t join sequences s on s.id = t.sequence_id
              where s.organization_id = ${organizationId} order by t.id`.execute(db());
              const task = pick(rows, o.task);
              if (!task) continue;
              await sql`update tasks set status = ${o.done ? 'COMPLETED' : 'PENDING'},
                completed_at = ${o.done ? new Date(START + o.day * DAY_MS) : null} where id = ${task.id}`.execute(db());
            } else {
              const run = pick(runs, o.run);
              if (!run) continue;
              await sql`delete from contacts where id = ${run.contactId}`.execute(db());
              runs.splice(runs.indexOf(run), 1);
              const { rows } = await sql<{
                id: string;
              }>`select id from messages where organization_id = ${organizationId}`.execute(db());
              const left = new Set(rows.map((r) => r.id));
              messages.splice(0, messages.length, ...messages.filter((m) => left.has(m.id)));
            }
          }
          const differences = await counterDifferences(stack.orm.em.fork(), organizationId);
          assert.deepEqual(differences, []);
          const { rows } = await sql<Record<CounterColumn, number>>`select ${sql.raw(
            COUNTER_COLUMNS.map((c) => `coalesce(sum(${c}), 0)::int as ${c}`).join(', '),
          )} from sequence_stats_daily where organization_id = ${organizationId}`.execute(db());
          for (const c of COUNTER_COLUMNS) if (rows[0][c] !== 0) exercised.add(c);
        },
      ),
      { numRuns: 20, examples: [[EVERY_COUNTER]] },
    );
    // The property is not met vacuously: every counter was non-zero in some case.
    assert.deepEqual([...exercised].sort(), [...COUNTER_COLUMNS].sort());
  });
});
