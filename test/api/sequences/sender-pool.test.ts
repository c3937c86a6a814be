// A template's pool of senders (rotation, docs/api/sequence-templates.md#pools-of-senders) on the
// real stack: the pool's rules (422 naming the field), a burst of 300 enrollments through the one
// enrollment pipeline spread by each mailbox's remaining capacity today (its ramp included), no new
// runs for a mailbox that cannot send, and a run that keeps its sender for every step.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { enroll } from '../../../domain/sequences/enrollment/enroll.ts';
import { createProviders } from '../../../providers/index.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import { messagesOf, terminateSequenceWorkflows, until } from '../../helpers/sequence-fixtures.ts';

describe('a pool of senders (rotation)', function () {
  this.timeout(180_000);
  const fx = apiSuiteFixture({ other: 'Pool other org' });
  const db = () => fx.stack.orm.em.fork().getKysely();
  const runs: string[] = [];
  after(() => terminateSequenceWorkflows(fx.stack, runs, 'sender pool test cleanup'));

  /** A sender of the organization (no connected mailbox: the sandbox transport, unpaced). */
  async function newSender(organizationId = fx.org.organizationId, dailyLimit = 200): Promise<string> {
    const id = randomUUID();
    await sql`INSERT INTO users (id, organization_id, email, name, role, daily_send_limit, created_at, updated_at)
              VALUES (${id}, ${organizationId}, ${`s-${id}@pool.test`}, 'Pool sender', 'member', ${dailyLimit}, now(), now())`.execute(
      db(),
    );
    return id;
  }

  /** A mailbox row of the sender in `status` (its URLs are never used: nothing connects to it). */
  async function mailboxIn(userId: string, status: 'AUTH_FAILED' | 'ERROR'): Promise<void> {
    await sql`INSERT INTO mailboxes (id, organization_id, user_id, email, smtp_url_encrypted, imap_url_encrypted, status, last_error, created_at, updated_at)
              VALUES (${randomUUID()}, ${fx.org.organizationId}, ${userId}, ${`m-${userId}@pool.test`}, 'sealed', 'sealed', ${status}, 'test', now(), now())`.execute(
      db(),
    );
  }

  const post = (body: Record<string, unknown>) =>
    fx.api.post('/v1/sequence-templates', { key: fx.org.apiKey, body: { name: 'Pool', ...body } });
  const patch = (id: string, body: Record<string, unknown>) =>
    fx.api.patch(`/v1/sequence-templates/${id}`, { key: fx.org.apiKey, body });
  const refusedField = (response: { status: number; body: { data?: { errors?: { path: string }[] } } }) => [
    response.status,
    response.body.data?.errors?.map((e) => e.path),
  ];

  /** An ACTIVE template sending from the pool; its first email `delayDays` after enrollment. */
  async function pooledTemplate(pool: string[], steps?: unknown[]): Promise<string> {
    const response = await post({
      status: 'ACTIVE',
      sender_user_ids: pool,
      steps: steps ?? [{ type: 'EMAIL', delay_days: 5, subject: 'Hi', body: 'Hello' }],
    });
    assert.equal(response.status, 201, response.text);
    return response.body.id;
  }

  /** `n` contacts with a deliverable email (no verification due). */
  async function contacts(n: number): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO contacts (id, organization_id, email, first_name, email_status, first_seen_at, last_seen_at, created_at, updated_at)
      SELECT gen_random_uuid(), ${fx.org.organizationId}, 'p-' || gen_random_uuid() || '@prospect.test', 'Ada', 'DELIVERABLE', now(), now(), now(), now()
      FROM generate_series(1, ${n}) RETURNING id`.execute(db());
    return rows.map((r) => r.id);
  }

  /**
   * Enrolls the contacts through the one enrollment pipeline, `parallel` at a time; the runs' start
   * commands go to a task queue no worker polls, so the runs wait there (they only need their row).
   */
  async function enrollAll(templateId: string, contactIds: string[], parallel = 20): Promise<void> {
    const { stack, org } = fx;
    const deps = {
      directory: createProviders({ orm: stack.orm, config: stack.config }).directory,
      workflows: createWorkflowClients(stack.temporal, `idle-rotation-${randomUUID()}`),
    };
    const queue = [...contactIds];
    const lane = async () => {
      for (let contactId = queue.shift(); contactId; contactId = queue.shift()) {
        const enrolled = await enroll(stack.orm.em.fork(), deps, {
          organizationId: org.organizationId,
          contactId,
          sequenceTemplateId: templateId,
        });
        assert.ok(!enrolled.verificationDue && enrolled.result.outcome === 'CREATED');
        runs.push(enrolled.result.sequenceId);
        await enrolled.started;
      }
    };
    await Promise.all(Array.from({ length: parallel }, lane));
  }

  async function runsPerSender(templateId: string): Promise<Map<string, number>> {
    const { rows } = await sql<{ sender_id: string; n: string }>`
      SELECT sender_id, count(*) AS n FROM sequences WHERE sequence_template_id = ${templateId} GROUP BY sender_id`.execute(
      db(),
    );
    return new Map(rows.map((r) => [r.sender_id, Number(r.n)]));
  }

  it('when a pool is written, then its members are active users named once, and sender_user_id is its first (422 naming the field)', async () => {
    const [a, b, c] = [await newSender(), await newSender(), await newSender()];
    const stranger = await newSender(fx.other.organizationId);
    const removed = await newSender();
    await sql`UPDATE users SET removed_at = now() WHERE id = ${removed}`.execute(db());

    assert.equal((await post({ sender_user_ids: [a] })).status, 400, 'one sender is not a pool');
    assert.equal((await post({ sender_user_ids: [a, a] })).status, 400, 'the same id twice');
    assert.deepEqual(refusedField(await post({ sender_user_ids: [a, b, stranger] })), [422, ['sender_user_ids[2]']]);
    assert.deepEqual(refusedField(await post({ sender_user_ids: [removed, a] })), [422, ['sender_user_ids[0]']]);
    assert.deepEqual(refusedField(await post({ sender_user_ids: [a, a.toUpperCase()] })), [
      422,
      ['sender_user_ids[1]'],
    ]);
    assert.deepEqual(refusedField(await post({ sender_user_ids: [a, b], sender_user_id: b })), [
      422,
      ['sender_user_id'],
    ]);

    const created = await post({ sender_user_ids: [a, b, c] });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual([created.body.sender_user_id, created.body.sender_user_ids], [a, [a, b, c]]);
    const id = created.body.id;
    assert.deepEqual(refusedField(await patch(id, { sender_user_id: b })), [422, ['sender_user_id']]);
    const moved = await patch(id, { sender_user_ids: [c, a] });
    assert.deepEqual([moved.body.sender_user_id, moved.body.sender_user_ids], [c, [c, a]]);
    const single = await patch(id, { sender_user_ids: null });
    assert.deepEqual([single.body.sender_user_id, single.body.sender_user_ids], [c, null]);
    const other = await patch(id, { sender_user_id: b });
    assert.deepEqual([other.body.sender_user_id, other.body.sender_user_ids], [b, null]);
    const plain = await post({});
    assert.deepEqual(
      [plain.body.sender_user_id, plain.body.sender_user_ids],
      [fx.org.userId, null],
      'no pool by default',
    );
  });

  it('when 300 runs are enrolled at once over mailboxes of 200, a ramp at 100 and a paused one, then they spread 200/100/0', async () => {
    const full = await newSender();
    const ramping = await newSender(fx.org.organizationId, 400);
    await sql`UPDATE users SET ramp_start = 100, ramp_increase = 50, ramp_target = 400, ramp_started_at = date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
              WHERE id = ${ramping}`.execute(db());
    const paused = await newSender(fx.org.organizationId, 1000);
    await sql`UPDATE users SET reputation_paused_at = now(), reputation_pause_reason = 'SPAM_COMPLAINT' WHERE id = ${paused}`.execute(
      db(),
    );
    // The paused mailbox is first: the pool's order does not decide, capacity does.
    const templateId = await pooledTemplate([paused, full, ramping]);
    await enrollAll(templateId, await contacts(300));

    const spread = await runsPerSender(templateId);
    assert.equal(spread.get(paused) ?? 0, 0, 'a paused mailbox takes no new runs');
    // Exact under the rotation lock; a chooser that counted only sent mail would put all 300 on one.
    assert.ok(Math.abs((spread.get(full) ?? 0) - 200) <= 5, JSON.stringify([...spread]));
    assert.ok(Math.abs((spread.get(ramping) ?? 0) - 100) <= 5, JSON.stringify([...spread]));
  });

  it('when a mailbox is AUTH_FAILED or ERROR, then it takes no new runs; when no member can send, the run still gets one and waits', async () => {
    const [refused, failing, working] = [await newSender(), await newSender(), await newSender()];
    await mailboxIn(refused, 'AUTH_FAILED');
    await mailboxIn(failing, 'ERROR');
    const templateId = await pooledTemplate([refused, failing, working]);
    await enrollAll(templateId, await contacts(12), 4);
    assert.deepEqual([...(await runsPerSender(templateId))], [[working, 12]]);

    const stuck = await pooledTemplate([refused, failing]);
    await enrollAll(stuck, await contacts(4), 2);
    const given = await runsPerSender(stuck);
    assert.equal(
      [...given.values()].reduce((n, v) => n + v, 0),
      4,
      'enrolled all the same',
    );
    assert.ok([...given.keys()].every((id) => id === refused || id === failing));
  });

  it("when a pooled template requires a lead review, then the FOUND run gets its sender in the same write and its review task is that sender's", async () => {
    const [a, b] = [await newSender(), await newSender()];
    const created = await post({
      status: 'ACTIVE',
      requires_lead_review: true,
      sender_user_ids: [a, b],
      steps: [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' }],
    });
    assert.equal(created.status, 201, created.text);
    await enrollAll(created.body.id, await contacts(4), 2);
    const { rows } = await sql<{ status: string; sender_id: string; assignee_id: string }>`
      SELECT s.status, s.sender_id, t.assignee_id FROM sequences s JOIN tasks t ON t.sequence_id = s.id
      WHERE s.sequence_template_id = ${created.body.id}`.execute(db());
    assert.equal(rows.length, 4);
    assert.ok(rows.every((r) => r.status === 'FOUND' && r.assignee_id === r.sender_id));
    assert.deepEqual(
      [...(await runsPerSender(created.body.id))].sort(),
      [
        [a, 2],
        [b, 2],
      ].sort(),
      'spread 2/2',
    );
  });

  it('when pooled runs send their steps, then each run keeps the sender it was given for every email, and the detail shows it', async () => {
    const pool = [await newSender(), await newSender(), await newSender()];
    const templateId = await pooledTemplate(pool, [
      { type: 'EMAIL', delay_days: 0, subject: 'Hi {{ first_name }}', body: 'Hello' },
      { type: 'EMAIL', delay_days: 0, body: 'Following up.' },
    ]);
    const sequenceIds: string[] = [];
    for (const contactId of await contacts(3)) {
      const enrolled = await fx.api.post('/v1/sequences', {
        key: fx.org.apiKey,
        body: { contact_id: contactId, sequence_template_id: templateId },
      });
      assert.equal(enrolled.status, 201, enrolled.text);
      sequenceIds.push(enrolled.body.id);
      runs.push(enrolled.body.id);
    }
    await until(
      async () => (await Promise.all(sequenceIds.map((id) => messagesOf(fx.stack, id)))).every((m) => m.length === 2),
      {
        timeoutMs: 90_000,
      },
    );
    const given: string[] = [];
    for (const id of sequenceIds) {
      const detail = await fx.api.get(`/v1/sequences/${id}`, { key: fx.org.apiKey });
      const { rows } = await sql<{ sender_id: string; from_email: string }>`
        SELECT m.sender_id, e.request -> 'from' ->> 'email' AS from_email
        FROM messages m JOIN outbound_effects e ON e.key = 'sequence-step/' || m.sequence_id || '/' || m.step_number
        WHERE m.sequence_id = ${id} ORDER BY m.step_number`.execute(db());
      assert.equal(rows.length, 2);
      const sender = detail.body.sender_user_id;
      assert.ok(pool.includes(sender));
      assert.deepEqual(
        rows.map((r) => [r.sender_id, r.from_email]),
        [
          [sender, `s-${sender}@pool.test`],
          [sender, `s-${sender}@pool.test`],
        ],
      );
      given.push(sender);
    }
    assert.deepEqual([...given].sort(), [...pool].sort(), 'three runs, equal capacity: one per sender');
  });
});
