// The migration's backfill (sequence_stats_backfill, which Migration20261130130000_sequence_stats
// runs once for every row) on rows written as before the counters existed: the triggers off, the
// messages with only their old columns (opened_at, clicked_at, no sender, no reply markers). It
// derives the markers, the counters then agree with the consistency check and hold the numbers
// those rows mean, through the stats routes.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { typedKysely } from '../../../db/kysely.ts';
import { counterDifferences } from '../../../domain/stats/stats.queries.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import { insertContact, insertTemplate } from '../../helpers/sequence-fixtures.ts';
import { setStatsTriggers } from '../../helpers/stats-triggers.ts';

const DAY1 = new Date('2026-02-02T10:00:00Z');
const DAY2 = new Date('2026-02-03T10:00:00Z');
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

describe('sequence stats backfill', function () {
  this.timeout(180_000);
  const fx = apiSuiteFixture();

  it('when runs, messages, replies, tasks and meetings were written before the counters, then the backfill derives the markers and counts them as the triggers would', async () => {
    const { stack, org, api } = fx;
    const o = org.organizationId;
    const templateId = await insertTemplate(
      stack,
      o,
      [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi', variants: [{ subject: 'Hey', body: 'Hey' }] },
        { type: 'EMAIL', delay_days: 1, subject: 'Again', body: 'Again' },
      ],
      { senderUserId: org.userId },
    );
    const contact = () => insertContact(stack, o, { email: `${randomUUID()}@example.com` });
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const [a1, a2, b1] = [randomUUID(), randomUUID(), randomUUID()];
    const contacts = [await contact(), await contact(), await contact(), await contact()];

    await stack.orm.em.fork().transactional(async (tx) => {
      const db = typedKysely(tx);
      await setStatsTriggers(tx, false);
      // A ran both steps (its sender known only from its effects); B opted out at step 1 (no sender);
      // C was refused (not enrolled); D still runs.
      const run = (id: string, i: number, status: string, step: number, sender: string | null, ended: Date | null) =>
        sql`insert into sequences (id, organization_id, contact_id, sequence_template_id, status, stopped_reason,
            current_step, variables, sender_id, created_at, updated_at, ended_at)
          values (${id}, ${o}, ${contacts[i]}, ${templateId}, ${status}, ${status === 'STOPPED_EARLY' ? 'UNSUBSCRIBED' : null},
            ${step}, '{}', ${sender}, ${DAY1}, ${DAY1}, ${ended})`.execute(db);
      await run(a, 0, 'COMPLETED', 2, org.userId, DAY2);
      await run(b, 1, 'STOPPED_EARLY', 1, null, DAY2);
      await run(c, 2, 'REFUSED', 0, org.userId, DAY1);
      await run(d, 3, 'ACTIVE', 0, org.userId, null);
      for (const [step, messageId] of [
        [1, a1],
        [2, a2],
      ] as const)
        await sql`insert into outbound_effects (id, organization_id, key, kind, state, sequence_id, request, created_at)
          values (${randomUUID()}, ${o}, ${`sequence-step/${a}/${step}`}, 'EMAIL', 'DONE', ${a},
            ${JSON.stringify({ senderId: org.userId, messageId })}::jsonb, ${DAY1})`.execute(db);
      const message = (
        id: string,
        run: string,
        i: number,
        step: number,
        variant: number,
        at: Date,
        marks: { opened?: Date; clicked?: Date; bounced?: Date },
      ) =>
        sql`insert into messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body,
            step_number, sent_at, created_at, variant, open_count, opened_at, click_count, clicked_at, bounced_at)
          values (${id}, ${o}, ${contacts[i]}, ${run}, 'EMAIL', 'OUTBOUND', 'MESSAGE', 'Hi', 'Hi', ${step}, ${at}, ${at},
            ${variant}, ${marks.opened ? 1 : 0}, ${marks.opened ?? null}, ${marks.clicked ? 1 : 0},
            ${marks.clicked ?? null}, ${marks.bounced ?? null})`.execute(db);
      await message(a1, a, 0, 1, 2, DAY1, { opened: minutes(DAY1, 10), clicked: minutes(DAY1, 20) });
      await message(a2, a, 0, 2, 0, DAY2, { bounced: minutes(DAY2, 1) });
      await message(b1, b, 1, 1, 1, DAY1, {});
      // A's first step was answered INTERESTED; B's out of office, then not interested.
      const reply = (to: string, run: string, i: number, category: string, at: Date) =>
        sql`insert into messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, body,
            sent_at, created_at, in_reply_to_id, reply_category)
          values (${randomUUID()}, ${o}, ${contacts[i]}, ${run}, 'EMAIL', 'INBOUND', 'MESSAGE', 'Re', ${at}, ${at},
            ${to}, ${category})`.execute(db);
      await reply(a1, a, 0, 'INTERESTED', minutes(DAY2, 60));
      await reply(b1, b, 1, 'OUT_OF_OFFICE', minutes(DAY1, 5));
      await reply(b1, b, 1, 'NOT_INTERESTED', minutes(DAY2, 120));
      await sql`insert into tasks (id, organization_id, type, status, sequence_id, contact_id, step_number, title,
          completed_at, created_at, updated_at)
        values (${randomUUID()}, ${o}, 'CALL', 'COMPLETED', ${a}, ${contacts[0]}, 2, 'Call', ${DAY2}, ${DAY1}, ${DAY2})`.execute(
        db,
      );
      await sql`insert into meetings (id, organization_id, contact_id, sequence_id, title, start_time, end_time,
          timezone, created_at)
        values (${randomUUID()}, ${o}, ${contacts[0]}, ${a}, 'Intro', ${DAY2}, ${DAY2}, 'UTC', ${DAY2})`.execute(db);
      await setStatsTriggers(tx, true);
    });

    const stats = () => api.get(`/v1/sequence-templates/${templateId}/stats`, { key: org.apiKey });
    assert.equal((await stats()).body.enrolled, 0, 'the rows were written with no counter');
    assert.ok((await counterDifferences(stack.orm.em.fork(), o)).length > 0, 'the check sees them missing');

    await sql`select sequence_stats_backfill(${o}::uuid)`.execute(stack.orm.em.fork().getKysely());

    assert.deepEqual(await counterDifferences(stack.orm.em.fork(), o), []);
    const s = (await stats()).body;
    const numbers = (n: Record<string, number>) => ({
      sent: n.sent,
      bounced: n.bounced,
      unique_opens: n.unique_opens,
      unique_clicks: n.unique_clicks,
      replies: n.replies,
      positive_replies: n.positive_replies,
      opt_outs: n.opt_outs,
    });
    assert.deepEqual(
      { ...numbers(s), enrolled: s.enrolled, active: s.active, meetings: s.meetings_booked, tasks: s.tasks_completed },
      {
        sent: 3,
        bounced: 1,
        unique_opens: 1,
        unique_clicks: 1,
        replies: 2,
        positive_replies: 1,
        opt_outs: 1,
        enrolled: 3,
        active: 1,
        meetings: 1,
        tasks: 1,
      },
    );
    const [step1, step2] = s.steps;
    assert.deepEqual(
      step1.variants.map((v: Record<string, number>) => ({ variant: v.variant, ...numbers(v) })),
      [
        {
          variant: 1,
          sent: 1,
          bounced: 0,
          unique_opens: 0,
          unique_clicks: 0,
          replies: 1,
          positive_replies: 0,
          opt_outs: 0,
        },
        {
          variant: 2,
          sent: 1,
          bounced: 0,
          unique_opens: 1,
          unique_clicks: 1,
          replies: 1,
          positive_replies: 1,
          opt_outs: 0,
        },
      ],
    );
    assert.deepEqual([step1.opt_outs, step2.sent, step2.bounced, step2.tasks_completed], [1, 1, 1, 1]);
    // The sender of A's emails came from their effects: the mailbox's stats hold them, B's (no sender) not.
    const sender = await api.get(`/v1/users/${org.userId}/stats`, { key: org.apiKey });
    assert.equal(sender.status, 200);
    assert.deepEqual(numbers(sender.body), {
      sent: 2,
      bounced: 1,
      unique_opens: 1,
      unique_clicks: 1,
      replies: 1,
      positive_replies: 1,
      opt_outs: 0,
    });
  });
});
