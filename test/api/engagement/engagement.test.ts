// Engagement on the real stack, the other sandbox test helpers: a booked meeting ends the run
// SUCCEEDED (bad times refused), a LinkedIn invitation accepted once; and the helpers exist only
// in sandbox mode. Tracking: tracking.test.ts; replies and bounces: replies.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { createApp } from '../../../api/app.ts';
import { KeyStore } from '../../../api/key-store.ts';
import { createProviders } from '../../../providers/index.ts';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { eventsOf, sequenceRow } from '../../helpers/sequence-fixtures.ts';
import { engagementFixture } from './fixtures.ts';

describe('engagement API: meetings, LinkedIn acceptance and sandbox mode', function () {
  this.timeout(60_000);
  const fx = engagementFixture();
  const { emailed, stop } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  it('when a meeting is booked through the test helper, then 201, the run SUCCEEDED (MEETING_BOOKED), and bad times are 422', async () => {
    const run = await emailed();
    const bad = await api.post(`/v1/test-helpers/contacts/${run.contactId}/meeting`, {
      key: org.apiKey,
      body: { start_time: '2030-01-01T10:00:00Z', end_time: '2030-01-01T09:00:00Z' },
    });
    assert.deepEqual([bad.status, bad.body.data.errors[0].path], [422, 'end_time']);
    const zone = await api.post(`/v1/test-helpers/contacts/${run.contactId}/meeting`, {
      key: org.apiKey,
      body: { timezone: 'Mars/Olympus' },
    });
    assert.deepEqual([zone.status, zone.body.data.errors[0].path], [422, 'timezone']);
    assert.equal((await sequenceRow(stack, run.sequenceId)).status, 'ACTIVE', 'refusals change nothing');
    const booked = await api.post(`/v1/test-helpers/contacts/${run.contactId}/meeting`, {
      key: org.apiKey,
      body: { title: 'Demo' },
    });
    assert.equal(booked.status, 201, booked.text);
    assert.deepEqual(
      [booked.body.meeting.title, booked.body.meeting.sequence_id, booked.body.stopped_sequence_ids],
      ['Demo', run.sequenceId, [run.sequenceId]],
    );
    const row = await sequenceRow(stack, run.sequenceId);
    assert.deepEqual([row.status, row.stopped_reason], ['SUCCEEDED', 'MEETING_BOOKED']);
    await stack.temporal.workflow.getHandle(sequenceWorkflowId(run.sequenceId)).result();
  });

  it('when a LinkedIn invitation is accepted through the test helper, then invitation.accepted once; without an invitation 422', async () => {
    const none = await api.post(`/v1/test-helpers/contacts/${(await emailed()).contactId}/linkedin-accept`, {
      key: org.apiKey,
    });
    assert.deepEqual([none.status, none.body.type], [422, 'BusinessIssue']);
    const run = await emailed(
      [
        { type: 'LINKEDIN_INVITATION', delay_days: 0, body: 'Connect?' },
        { type: 'EMAIL', delay_days: 3, subject: 'x', body: 'x' },
      ],
      { linkedinUrl: `https://www.linkedin.com/in/acc-${randomUUID().slice(0, 8)}` },
    );
    const accepted = await api.post(`/v1/test-helpers/contacts/${run.contactId}/linkedin-accept`, { key: org.apiKey });
    assert.equal(accepted.status, 200, accepted.text);
    assert.ok(accepted.body.message.accepted_at);
    await api.post(`/v1/test-helpers/contacts/${run.contactId}/linkedin-accept`, { key: org.apiKey });
    const events = (await eventsOf(stack, run.sequenceId)).filter((e) => e.type === 'invitation.accepted');
    assert.deepEqual(
      events.map((e) => [e.payload.message_id, e.payload.step_number]),
      [[run.messageId, 1]],
    );
    await stop(run.sequenceId);
  });

  it('when sandbox mode is off, then the app has no test-helper routes', async () => {
    const logger = pino({ level: 'silent' });
    const keys = new KeyStore(stack.orm, { ttlMs: 1000, flushMs: 60_000, logger });
    const build = (sandboxMode: boolean) =>
      createApp({
        config: { ...stack.config, sandboxMode },
        orm: stack.orm,
        temporal: stack.temporal,
        logger,
        keys,
        providers: createProviders({ orm: stack.orm }),
      }).routes;
    assert.ok(build(true).some((r) => r.path.startsWith('/v1/test-helpers/')));
    assert.ok(!build(false).some((r) => r.path.startsWith('/v1/test-helpers/')));
    await keys.close();
  });
});
