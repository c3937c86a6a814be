// The counters' triggers on the writes the service's paths rarely make (direct SQL): a step
// message's insert retried (on conflict do nothing), a message moved to a run of another template, its step, variant and sender changed, several markers or a
// marker's day changed at once (beside the one-marker writes the service makes), a message, task,
// meeting and run deleted, a task and a meeting moved, a run's step changed after it opted out.
// After each, the counters equal their recomputation. And the WHEN clauses hold back the writes
// that move no counter: those never call the triggers' functions.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { typedKysely } from '../../../db/kysely.ts';
import { counterDifferences } from '../../../domain/stats/stats.queries.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import { insertContact, insertSequence, insertTemplate } from '../../helpers/sequence-fixtures.ts';
import { recordStepSend } from './fixtures.ts';

const DAY1 = new Date('2026-04-06T10:00:00Z');
const DAY2 = new Date('2026-04-07T10:00:00Z');

describe('sequence stats counters (direct writes)', function () {
  this.timeout(180_000);
  const fx = apiSuiteFixture();

  it('when messages, tasks and meetings move between runs, change or are deleted, and runs change step after opting out or are deleted, then the counters equal their recomputation', async () => {
    const { stack, org } = fx;
    const o = org.organizationId;
    const db = () => stack.orm.em.fork().getKysely();
    const steps = [
      { type: 'EMAIL' as const, delay_days: 0, subject: 'Hi', body: 'Hi' },
      { type: 'EMAIL' as const, delay_days: 1, subject: 'Again', body: 'Again' },
    ];
    const [t1, t2] = [
      await insertTemplate(stack, o, steps, { senderUserId: org.userId }),
      await insertTemplate(stack, o, steps, { senderUserId: org.userId }),
    ];
    const run = async (templateId: string) => {
      const contactId = await insertContact(stack, o, { email: `${randomUUID()}@example.com` });
      return { id: await insertSequence(stack, o, { contactId, templateId, senderUserId: org.userId }), contactId };
    };
    const [a, b, c] = [await run(t1), await run(t2), await run(t1)];
    const am = await recordStepSend(stack, a.id, { step: 1, sentAt: DAY1, variant: 1 });
    const bm = await recordStepSend(stack, b.id, { step: 1, sentAt: DAY1, variant: 2 });
    await recordStepSend(stack, c.id, { step: 1, sentAt: DAY1 });

    const sums = async (templateId: string) => {
      const { rows } = await sql<{ sent: number; opened: number; opted_out: number; tasks: number; meetings: number }>`
        select coalesce(sum(sent), 0)::int sent, coalesce(sum(opened), 0)::int opened,
          coalesce(sum(opted_out), 0)::int opted_out, coalesce(sum(tasks_completed), 0)::int tasks,
          coalesce(sum(meetings), 0)::int meetings
        from sequence_stats_daily where sequence_template_id = ${templateId}`.execute(db());
      return rows[0];
    };
    const agrees = async (what: string) => assert.deepEqual(await counterDifferences(stack.orm.em.fork(), o), [], what);
    const write = async (what: string, statement: ReturnType<typeof sql>) => {
      await statement.execute(db());
      await agrees(what);
    };

    // A retried step message insert meets its row and does nothing: it counts nothing either.
    await write(
      'a step message inserted again',
      sql`insert into messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body,
          step_number, sent_at, created_at, variant)
        select id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body, step_number,
          sent_at, created_at, variant from messages where id = ${am}
        on conflict (id) do nothing`,
    );
    assert.equal((await sums(t1)).sent, 2);
    await write('an open', sql`update messages set unique_opened_at = ${DAY2} where id = ${am}`);
    await write('an open moved to another day', sql`update messages set unique_opened_at = ${DAY1} where id = ${am}`);
    await write(
      'two markers at once',
      sql`update messages set unique_clicked_at = ${DAY2}, bounced_at = ${DAY2} where id = ${am}`,
    );
    await write(
      'two markers cleared',
      sql`update messages set unique_clicked_at = null, bounced_at = null where id = ${am}`,
    );
    await write('a move to a run of another template', sql`update messages set sequence_id = ${b.id} where id = ${am}`);
    assert.deepEqual([(await sums(t1)).sent, (await sums(t2)).sent, (await sums(t2)).opened], [1, 2, 1]);
    await write(
      'a step, variant and sender changed',
      sql`update messages set step_number = 2, variant = 3, sender_id = null where id = ${am}`,
    );
    await write('a message deleted', sql`delete from messages where id = ${bm}`);
    assert.deepEqual([(await sums(t2)).sent, (await sums(t2)).opened], [1, 1]);

    await write(
      'an opt-out',
      sql`update sequences set status = 'STOPPED_EARLY', stopped_reason = 'UNSUBSCRIBED', ended_at = ${DAY2}
        where id = ${c.id}`,
    );
    await write('a step change after the opt-out', sql`update sequences set current_step = 2 where id = ${c.id}`);
    const { rows: optOuts } = await sql<{ step_number: number }>`select step_number from sequence_stats_daily
      where sequence_template_id = ${t1} and opted_out <> 0`.execute(db());
    assert.deepEqual(optOuts, [{ step_number: 2 }]);

    const task = randomUUID();
    await write(
      'a task completed',
      sql`insert into tasks (id, organization_id, type, status, sequence_id, contact_id, step_number, title,
          completed_at, created_at, updated_at)
        values (${task}, ${o}, 'CALL', 'COMPLETED', ${a.id}, ${a.contactId}, 1, 'Call', ${DAY2}, ${DAY1}, ${DAY2})`,
    );
    await write('a task moved', sql`update tasks set sequence_id = ${b.id}, step_number = 2 where id = ${task}`);
    assert.deepEqual([(await sums(t1)).tasks, (await sums(t2)).tasks], [0, 1]);
    await write('a task deleted', sql`delete from tasks where id = ${task}`);

    const meeting = randomUUID();
    await write(
      'a meeting booked',
      sql`insert into meetings (id, organization_id, contact_id, sequence_id, title, start_time, end_time, timezone, created_at)
        values (${meeting}, ${o}, ${a.contactId}, ${a.id}, 'Intro', ${DAY2}, ${DAY2}, 'UTC', ${DAY1})`,
    );
    await write(
      'a meeting moved',
      sql`update meetings set sequence_id = ${b.id}, created_at = ${DAY2} where id = ${meeting}`,
    );
    assert.deepEqual([(await sums(t1)).meetings, (await sums(t2)).meetings], [0, 1]);
    await write('a meeting deleted', sql`delete from meetings where id = ${meeting}`);

    await write(
      'a task of a run about to be deleted',
      sql`insert into tasks (id, organization_id, type, status, sequence_id, contact_id, step_number, title,
          completed_at, created_at, updated_at)
        values (${randomUUID()}, ${o}, 'CALL', 'COMPLETED', ${b.id}, ${b.contactId}, 1, 'Call', ${DAY2}, ${DAY1}, ${DAY2})`,
    );
    await write(
      'a meeting of a run about to be deleted',
      sql`insert into meetings (id, organization_id, contact_id, sequence_id, title, start_time, end_time, timezone, created_at)
        values (${randomUUID()}, ${o}, ${b.contactId}, ${b.id}, 'Intro', ${DAY2}, ${DAY2}, 'UTC', ${DAY1})`,
    );
    assert.deepEqual(await sums(t2), { sent: 1, opened: 1, opted_out: 0, tasks: 1, meetings: 1 });
    await write('a run deleted', sql`delete from sequences where id = ${b.id}`);
    assert.deepEqual(await sums(t2), { sent: 0, opened: 0, opted_out: 0, tasks: 0, meetings: 0 });
  });

  it('when a write changes nothing a counter reads, then no trigger function runs; when it does, one does', async () => {
    const { stack, org } = fx;
    const o = org.organizationId;
    const templateId = await insertTemplate(stack, o, [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' }], {
      senderUserId: org.userId,
    });
    const contactId = await insertContact(stack, o, { email: `${randomUUID()}@example.com` });
    const id = await insertSequence(stack, o, { contactId, templateId, senderUserId: org.userId });
    const message = await recordStepSend(stack, id, { step: 1, sentAt: DAY1 });

    await stack.orm.em.fork().transactional(async (tx) => {
      const db = typedKysely(tx);
      // The functions' calls in this transaction (pg_stat_get_xact_function_calls counts them with track_functions).
      await sql`set local track_functions = 'pl'`.execute(db);
      const calls = async () => {
        const { rows } = await sql<{ runs: number; messages: number }>`select
          coalesce(pg_stat_get_xact_function_calls('sequences_stats'::regproc), 0)::int runs,
          coalesce(pg_stat_get_xact_function_calls('messages_stats'::regproc), 0)::int messages`.execute(db);
        return rows[0];
      };
      await sql`update sequences set current_step = 2, revision = revision + 1, updated_at = now() where id = ${id}`.execute(
        db,
      );
      await sql`update messages set open_count = 3, opened_at = ${DAY2}, click_count = 1 where id = ${message}`.execute(
        db,
      );
      assert.deepEqual(await calls(), { runs: 0, messages: 0 });
      await sql`update sequences set status = 'COMPLETED', ended_at = ${DAY2} where id = ${id}`.execute(db);
      await sql`update messages set unique_opened_at = ${DAY2} where id = ${message}`.execute(db);
      assert.deepEqual(await calls(), { runs: 1, messages: 1 });
    });
    assert.deepEqual(await counterDifferences(stack.orm.em.fork(), o), []);
  });
});
