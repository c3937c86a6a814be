// The unsubscribe link on the real stack: a real run's email carries it (List-Unsubscribe); the
// one-click POST excludes the contact (UNSUBSCRIBED) and fails the run; tampered tokens answer 404.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId, type SequenceInput } from '../../../workflows/sequence.definitions.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';
import { apiSuite, type TestOrg } from '../../helpers/fixtures.ts';
import {
  eventsOf,
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  sequenceRow,
  until,
} from '../../helpers/sequence-fixtures.ts';

describe('unsubscribe link', function () {
  this.timeout(60_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  const db = () => stack.orm.em.fork().getKysely();
  const oneClick = {
    rawBody: 'List-Unsubscribe=One-Click',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  };

  before(async () => ({ stack, api, org } = await apiSuite()));

  /** A running sequence that sent its first email; answers its id, the contact's email and the link's path from the email's header. */
  async function emailedSequence(): Promise<{ sequenceId: string; email: string; path: string }> {
    const email = `unsub-${randomUUID().slice(0, 8)}@example.com`;
    const contactId = await insertContact(stack, org.organizationId, { email, firstName: 'Ada' });
    const templateId = await insertTemplate(
      stack,
      org.organizationId,
      [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi {{first_name}}' },
        { type: 'EMAIL', delay_days: 3, subject: 'Again', body: 'Again' },
      ],
      { senderUserId: org.userId },
    );
    const sequenceId = await insertSequence(stack, org.organizationId, {
      contactId,
      templateId,
      senderUserId: org.userId,
    });
    const input: SequenceInput = { sequenceId, organizationId: org.organizationId };
    await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, {
      taskQueue: stack.taskQueue,
      workflowId: sequenceWorkflowId(sequenceId),
      args: [input],
    });
    await until(async () => (await messagesOf(stack, sequenceId)).length === 1);
    const { rows } = await sql<{
      headers: Record<string, string>;
    }>`SELECT headers FROM sandbox_outbound_emails WHERE to_email = ${email}`.execute(db());
    assert.equal(rows.length, 1);
    assert.equal(rows[0].headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    const url = /^<(.+)>$/.exec(rows[0].headers['List-Unsubscribe'])![1];
    return { sequenceId, email, path: new URL(url).pathname };
  }

  it("when the email's link is POSTed one-click, then the contact is excluded UNSUBSCRIBED, the run is FAILED, and a repeat answers 200", async () => {
    const { sequenceId, email, path } = await emailedSequence();
    const page = await api.get(path);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assert.ok(page.text.includes(`action="${path}"`) && page.text.includes('method="post"'), page.text);
    assert.equal((await sequenceRow(stack, sequenceId)).status, 'ACTIVE', 'the page alone changes nothing');

    const response = await api.post(path, oneClick);
    assert.equal(response.status, 200, response.text);
    const row = await sequenceRow(stack, sequenceId);
    assert.deepEqual([row.status, row.stopped_reason], ['FAILED', 'UNSUBSCRIBED']);
    await stack.temporal.workflow.getHandle(sequenceWorkflowId(sequenceId)).result(); // ended through its workflow
    const stopped = (await eventsOf(stack, sequenceId)).filter((e) => e.type === 'sequence.stopped');
    assert.deepEqual(
      stopped.map((e) => [e.payload.status, e.payload.stopped_reason]),
      [['FAILED', 'UNSUBSCRIBED']],
    );
    const exclusions = await sql<{ id: string; reason: string; until: Date | null }>`
      SELECT id, reason, until FROM contact_exclusions WHERE organization_id = ${org.organizationId} AND email = ${email}`.execute(
      db(),
    );
    assert.deepEqual(
      exclusions.rows.map((r) => [r.reason, r.until]),
      [['UNSUBSCRIBED', null]],
    );
    const created = await sql<{ payload: Record<string, unknown> }>`
      SELECT payload FROM activities WHERE organization_id = ${org.organizationId} AND type = 'contact_exclusion.created'
         AND payload->>'exclusion_id' = ${exclusions.rows[0].id}`.execute(db());
    assert.equal(created.rows.length, 1);

    const again = await api.post(path, { rawBody: '' });
    assert.equal(again.status, 200, again.text);
    assert.equal(
      (
        await sql`SELECT 1 FROM contact_exclusions WHERE organization_id = ${org.organizationId} AND email = ${email}`.execute(
          db(),
        )
      ).rows.length,
      1,
    );
    assert.equal((await eventsOf(stack, sequenceId)).filter((e) => e.type === 'sequence.stopped').length, 1);
  });

  it('when the person already has a temporary exclusion, then the unsubscribe makes it permanent and UNSUBSCRIBED', async () => {
    const { email, path } = await emailedSequence();
    await sql`INSERT INTO contact_exclusions (id, organization_id, email, reason, until, created_at, updated_at)
              VALUES (${randomUUID()}, ${org.organizationId}, ${email}, 'BAD_TIMING', now() + interval '7 days', now(), now())`.execute(
      db(),
    );
    assert.equal((await api.post(path, oneClick)).status, 200);
    const exclusions = await sql<{ reason: string; until: Date | null }>`
      SELECT reason, until FROM contact_exclusions WHERE organization_id = ${org.organizationId} AND email = ${email}`.execute(
      db(),
    );
    assert.deepEqual(
      exclusions.rows.map((r) => [r.reason, r.until]),
      [['UNSUBSCRIBED', null]],
      'never reachable again when the week is over',
    );
  });

  it('when the token is tampered with or malformed, then 404 in the error shape and nothing changes', async () => {
    const { sequenceId, email, path } = await emailedSequence();
    const mac = path.slice(path.indexOf('.') + 1);
    const flipped = `${path.slice(0, path.indexOf('.') + 1)}${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    for (const bad of [flipped, `/u/${randomUUID()}.${mac}`, `/u/${sequenceId}`, '/u/nonsense']) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await api.call(method, bad, method === 'POST' ? oneClick : {});
        assert.deepEqual(
          [response.status, response.body.type, response.body.status_code],
          [404, 'NotFoundIssue', 404],
          `${method} ${bad}`,
        );
      }
    }
    assert.equal((await sequenceRow(stack, sequenceId)).status, 'ACTIVE');
    assert.equal((await sql`SELECT 1 FROM contact_exclusions WHERE email = ${email}`.execute(db())).rows.length, 0);
    await api.post(path, oneClick);
  });
});
