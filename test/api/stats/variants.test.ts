// Variants of a step on the real stack: the template's rules for them (400 and 422), and runs that
// each get one variant, by the rule of domain/sequences/variants.ts, recorded with the step's effect
// before the send and on the message record, in message.sent and in the per-variant stats.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { chooseVariant } from '../../../domain/sequences/variants.ts';
import { recordReply } from '../../../domain/engagement/engagement.service.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import {
  eventsOf,
  insertContact,
  insertSequence,
  messagesOf,
  startSequenceWorkflow,
  terminateSequenceWorkflows,
  until,
} from '../../helpers/sequence-fixtures.ts';
import { recordStepSend } from './fixtures.ts';

const VARIANT_STEP = {
  type: 'EMAIL',
  delay_days: 0,
  subject: 'Subject A {{ first_name }}',
  body: 'Body A',
  variants: [
    { subject: 'Subject B {{ first_name }}', body: 'Body B' },
    { subject: 'Subject C', body: 'Body C', weight: 2 },
  ],
};

describe('step variants', function () {
  this.timeout(180_000);
  const fx = apiSuiteFixture();
  const started: string[] = [];
  after(() => terminateSequenceWorkflows(fx.stack, started, 'suite done'));

  const create = (steps: unknown[]) =>
    fx.api.post('/v1/sequence-templates', {
      key: fx.org.apiKey,
      body: { name: `Variants ${randomUUID()}`, status: 'ACTIVE', steps },
    });

  it('when a template is written with variants, then their weights default to 1 and the rules hold (400, 422)', async () => {
    const created = await create([
      VARIANT_STEP,
      { type: 'LINKEDIN_MESSAGE', delay_days: 1, body: 'Hi', variants: [{ body: 'Hello' }] },
    ]);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(created.body.steps[0].variants, [
      { subject: 'Subject B {{ first_name }}', body: 'Body B', weight: 1 },
      { subject: 'Subject C', body: 'Body C', weight: 2 },
    ]);
    assert.equal(created.body.steps[0].weight, 1);
    assert.deepEqual(created.body.steps[1].variants, [{ body: 'Hello', weight: 1 }]);

    const call = await create([{ type: 'CALL', delay_days: 0, body: 'x', variants: [{ body: 'y' }] }]);
    assert.equal(call.status, 400);
    const noSubject = await create([{ ...VARIANT_STEP, variants: [{ body: 'B' }] }]);
    assert.equal(noSubject.status, 400);
    const linkedinSubject = await create([
      { type: 'LINKEDIN_MESSAGE', delay_days: 0, body: 'x', variants: [{ subject: 's', body: 'y' }] },
    ]);
    assert.equal(linkedinSubject.status, 400);
    const tooMany = await create([
      { ...VARIANT_STEP, variants: Array.from({ length: 5 }, () => ({ subject: 's', body: 'b' })) },
    ]);
    assert.equal(tooMany.status, 400);
    // A step that continues the thread: its variants are bodies, sent under the thread's subject.
    const threaded = await create([
      { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' },
      { type: 'EMAIL', delay_days: 1, thread: true, body: 'A', variants: [{ body: 'B', weight: 3 }] },
    ]);
    assert.equal(threaded.status, 201, JSON.stringify(threaded.body));
    assert.deepEqual(threaded.body.steps[1], {
      type: 'EMAIL',
      delay_days: 1,
      thread: true,
      body: 'A',
      weight: 1,
      variants: [{ body: 'B', weight: 3 }],
    });
    const badLiquid = await create([{ ...VARIANT_STEP, variants: [{ subject: 's', body: 'Hi {{ first_name' }] }]);
    assert.equal(badLiquid.status, 422);
    assert.equal(badLiquid.body.data.errors[0].path, 'steps[0].variants[0].body');
  });

  it('when runs send the step, then each gets the variant its run and step decide, recorded on the effect, the message, message.sent and the stats', async () => {
    const { stack, api, org } = fx;
    const template = await create([VARIANT_STEP, { type: 'EMAIL', delay_days: 30, subject: 'Later', body: 'Later' }]);
    assert.equal(template.status, 201);
    const templateId = template.body.id as string;
    const runs: string[] = [];
    for (let i = 0; i < 6; i++) {
      const contactId = await insertContact(stack, org.organizationId, {
        email: `v-${randomUUID()}@example.com`,
        firstName: 'Ada',
      });
      const sequenceId = await insertSequence(stack, org.organizationId, {
        contactId,
        templateId,
        senderUserId: org.userId,
      });
      await startSequenceWorkflow(stack, org.organizationId, sequenceId);
      started.push(sequenceId);
      runs.push(sequenceId);
    }
    await until(
      async () => (await Promise.all(runs.map((r) => messagesOf(stack, r)))).every((m) => m.length === 1),
      60_000,
    );
    const db = stack.orm.em.fork().getKysely();
    const perVariant = new Map<number, number>();
    for (const sequenceId of runs) {
      const expected = chooseVariant(sequenceId, 1, [1, 1, 2])!;
      perVariant.set(expected, (perVariant.get(expected) ?? 0) + 1);
      const [message] = await messagesOf(stack, sequenceId);
      const record = await api.get(`/v1/messages/${message.id}`, { key: org.apiKey });
      assert.equal(record.body.variant, expected);
      assert.equal(record.body.subject, `Subject ${'ABC'[expected - 1]}${expected === 3 ? '' : ' Ada'}`);
      assert.equal(record.body.body, `Body ${'ABC'[expected - 1]}`);
      const { rows } = await sql<{ variant: number }>`select (request ->> 'variant')::int as variant
        from outbound_effects where key = ${`sequence-step/${sequenceId}/1`}`.execute(db);
      assert.equal(rows[0].variant, expected, 'the variant is recorded with the effect, before the send');
      const sent = (await eventsOf(stack, sequenceId)).find((e) => e.type === 'message.sent');
      assert.equal((sent?.payload.message as { variant: number }).variant, expected);
    }
    const stats = await api.get(`/v1/sequence-templates/${templateId}/stats`, { key: org.apiKey });
    assert.equal(stats.status, 200);
    assert.deepEqual(
      stats.body.steps[0].variants.map((v: { variant: number; sent: number }) => [v.variant, v.sent]),
      [...perVariant.entries()].sort(([a], [b]) => a - b),
    );
  });

  it("when a step's A/B test has a clear winner, then the next run's send decides it once: the template shows it, variant_won is emitted once, later runs get the winner", async () => {
    const { stack, api, org } = fx;
    const template = await create([
      {
        type: 'EMAIL',
        delay_days: 0,
        subject: 'A',
        body: 'A',
        variants: [{ subject: 'B', body: 'B' }],
        ab_test: { min_sends_per_variant: 20 },
      },
      { type: 'EMAIL', delay_days: 30, subject: 'Later', body: 'Later' },
    ]);
    assert.equal(template.status, 201, JSON.stringify(template.body));
    assert.deepEqual(template.body.steps[0].ab_test, {
      metric: 'REPLY_RATE',
      min_sends_per_variant: 20,
      confidence: 0.95,
    });
    assert.deepEqual(template.body.variant_winners, {});
    const templateId = template.body.id as string;
    const deps = { em: stack.orm.em.fork(), workflows: createWorkflowClients(stack.temporal, stack.taskQueue) };
    // History: 25 sends of each variant; variant 1 got 1 reply, variant 2 got 12.
    for (const [variant, replies] of [
      [1, 1],
      [2, 12],
    ]) {
      for (let i = 0; i < 25; i++) {
        const contactId = await insertContact(stack, org.organizationId, { email: `ab-${randomUUID()}@example.com` });
        const sequenceId = await insertSequence(stack, org.organizationId, {
          contactId,
          templateId,
          senderUserId: org.userId,
        });
        const id = await recordStepSend(stack, sequenceId, { step: 1, sentAt: new Date(), variant });
        if (i < replies)
          await recordReply({ ...deps, em: stack.orm.em.fork() }, org.organizationId, id, { body: 'Who is this?' });
      }
    }
    const runs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const contactId = await insertContact(stack, org.organizationId, { email: `ab-new-${randomUUID()}@example.com` });
      const sequenceId = await insertSequence(stack, org.organizationId, {
        contactId,
        templateId,
        senderUserId: org.userId,
      });
      await startSequenceWorkflow(stack, org.organizationId, sequenceId);
      started.push(sequenceId);
      runs.push(sequenceId);
    }
    await until(
      async () => (await Promise.all(runs.map((r) => messagesOf(stack, r)))).every((m) => m.length === 1),
      60_000,
    );
    for (const sequenceId of runs) {
      const [message] = await messagesOf(stack, sequenceId);
      assert.equal((await api.get(`/v1/messages/${message.id}`, { key: org.apiKey })).body.variant, 2);
    }
    const read = await api.get(`/v1/sequence-templates/${templateId}`, { key: org.apiKey });
    const winner = read.body.variant_winners['1'];
    assert.equal(winner.variant, 2);
    assert.equal(winner.metric, 'REPLY_RATE');
    assert.deepEqual(
      winner.tallies.map((t: { variant: number; delivered: number; successes: number }) => [
        t.variant,
        t.delivered,
        t.successes,
      ]),
      [
        [1, 25, 1],
        [2, 25, 12],
      ],
    );
    assert.ok(winner.p_value < 0.05);
    const { rows } = await sql<{ payload: Record<string, unknown> }>`select payload from activities
      where organization_id = ${org.organizationId} and type = 'sequence_template.variant_won'`.execute(
      stack.orm.em.fork().getKysely(),
    );
    assert.equal(rows.length, 1, 'announced once');
    assert.equal(rows[0].payload.step_number, 1);
    assert.equal(rows[0].payload.variant, 2);
  });
});
