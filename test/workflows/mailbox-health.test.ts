// A sender's mailbox health on the time-skipping server, real activities on the stack's database:
// the warm-up ramp's limit holds a run on the ramp's first UTC day once its start volume is sent,
// and the run sends on the next day; a sender paused for their reputation holds a run for days
// (not failed, nothing sent) until resumed, and it sends then.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { resumeSender, setRamp } from '../../domain/mailboxes/sender-sending.ts';
import { pauseSenderRow } from '../../domain/mailboxes/reputation.queries.ts';
import { deliverRunsChanged } from '../../domain/workflow-commands/deliver.ts';
import { createWorkflowClients } from '../../workflows/clients.ts';
import { DAY_MS, utcDate } from '../../domain/shared/time.ts';
import { sequenceStatusQuery } from '../../workflows/sequence.definitions.ts';
import { useTimeSkippingWorker } from '../helpers/time-skipping.ts';
import {
  insertContact,
  insertTemplate,
  messagesOf,
  sequenceRow,
  startRunOnSuite,
  until,
} from '../helpers/sequence-fixtures.ts';

describe('mailbox health (time-skipping)', function () {
  this.timeout(120_000);
  const ts = useTimeSkippingWorker('mailbox-health');
  const db = () => ts.stack.orm.em.fork().getKysely();

  async function newSender(): Promise<string> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO users (id, organization_id, email, name, role, created_at, updated_at)
      VALUES (${randomUUID()}, ${ts.org.organizationId}, ${`ramp-${randomUUID().split('-')[0]}@example.com`}, 'Ramp', 'member', now(), now()) RETURNING id`.execute(
      db(),
    );
    return rows[0].id;
  }

  async function start(senderUserId: string) {
    const contactId = await insertContact(ts.stack, ts.org.organizationId, {
      email: `r-${randomUUID().split('-')[0]}@example.com`,
    });
    const templateId = await insertTemplate(
      ts.stack,
      ts.org.organizationId,
      [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' }],
      { senderUserId },
    );
    return startRunOnSuite(ts, contactId, templateId, senderUserId);
  }

  it("when a ramp allows 1 email on its first day, then a second run waits for the next UTC day (SEND_LIMIT) and sends then, within that day's 2", async () => {
    const senderUserId = await newSender();
    const today = utcDate(new Date(await ts.env.currentTimeMs()));
    const sending = await setRamp(ts.stack.orm.em.fork(), senderUserId, {
      start: 1,
      increase: 1,
      target: 5,
      startedOn: today,
    });
    assert.equal(sending.ramp?.started_on, today);

    // Polled, not awaited: awaiting a result lets the server skip time, and this must stay day 0.
    const first = await start(senderUserId);
    await until(async () => (await messagesOf(ts.stack, first.sequenceId)).length === 1);

    const second = await start(senderUserId);
    await until(async () => (await second.handle.query(sequenceStatusQuery)).waitingFor === 'SEND_LIMIT');
    const waiting = await second.handle.query(sequenceStatusQuery);
    assert.equal(
      utcDate(new Date(waiting.nextWakeUp!)) > today,
      true,
      `waits until the next UTC day: ${waiting.nextWakeUp}`,
    );
    assert.equal((await messagesOf(ts.stack, second.sequenceId)).length, 0, 'held on day 0, not sent, not dropped');

    await second.handle.result();
    const [sent] = await messagesOf(ts.stack, second.sequenceId);
    assert.ok(sent.sent_at.getTime() >= Date.parse(waiting.nextWakeUp!), `sent ${sent.sent_at.toISOString()}`);
    const counts = await sql<{ day: string; sent: number }>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, sent FROM sender_daily_sends WHERE user_id = ${senderUserId} ORDER BY day`.execute(
      db(),
    );
    const tomorrow = utcDate(new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS));
    assert.deepEqual(
      counts.rows,
      [
        { day: today, sent: 1 },
        { day: tomorrow, sent: 1 },
      ],
      'one email on day 0 (its limit), the held one on day 1',
    );
  });

  it('when the sender is paused for their reputation, then a run waits (REPUTATION) for days without sending or failing, and sends once resumed', async () => {
    const senderUserId = await newSender();
    await pauseSenderRow(ts.stack.orm.em.fork(), senderUserId, 'SPAM_COMPLAINT', new Date());
    const run = await start(senderUserId);
    await until(async () => (await run.handle.query(sequenceStatusQuery)).waitingFor === 'REPUTATION');
    await ts.env.sleep(3 * DAY_MS);
    assert.equal((await run.handle.query(sequenceStatusQuery)).waitingFor, 'REPUTATION');
    assert.equal((await messagesOf(ts.stack, run.sequenceId)).length, 0, 'held: nothing sent');
    assert.equal((await sequenceRow(ts.stack, run.sequenceId)).status, 'ACTIVE', 'held: not failed');

    const resumed = await resumeSender(ts.stack.orm.em.fork(), senderUserId);
    assert.deepEqual([resumed.was_pause_reason, resumed.woken_sequence_ids], ['SPAM_COMPLAINT', [run.sequenceId]]);
    const workflows = createWorkflowClients(ts.env.client, ts.taskQueue);
    await deliverRunsChanged(ts.stack.orm.em.fork(), { workflows }, resumed.woken_sequence_ids);
    await run.handle.result();
    assert.equal((await messagesOf(ts.stack, run.sequenceId)).length, 1, 'sent once resumed');
  });
});
