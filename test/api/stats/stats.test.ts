// GET /v1/sequence-templates/{id}/stats and GET /v1/users/{id}/stats on the real stack: a template's
// whole, steps and rates over a range of UTC days, a sender's mailbox, the tenant boundary and the
// refusals; and `admin stats-check`, which finds a counter that no longer matches its source rows
// and, with --fix, puts it right.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { recordClick, recordOpen } from '../../../domain/engagement/opens-clicks.service.ts';
import { recordBounce, recordReply } from '../../../domain/engagement/engagement.service.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { adminCli } from '../../helpers/admin-cli.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import { insertContact, insertSequence, insertTemplate } from '../../helpers/sequence-fixtures.ts';
import { recordStepSend } from './fixtures.ts';

const DAY1 = new Date('2026-03-02T10:00:00Z');
const DAY2 = new Date('2026-03-03T10:00:00Z');
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

describe('sequence stats API', function () {
  this.timeout(180_000);
  const fx = apiSuiteFixture({ other: 'Other' });
  let templateId: string;

  /** A run of the template with its step messages sent at `at` (step 1) and a day later (step 2). */
  async function runWithSends(steps: number, variant: number): Promise<string[]> {
    const { stack, org } = fx;
    const contactId = await insertContact(stack, org.organizationId, { email: `${randomUUID()}@example.com` });
    const sequenceId = await insertSequence(stack, org.organizationId, {
      contactId,
      templateId,
      senderUserId: org.userId,
    });
    const ids: string[] = [];
    for (let step = 1; step <= steps; step++) {
      const id = await recordStepSend(stack, sequenceId, {
        step,
        sentAt: step === 1 ? DAY1 : DAY2,
        senderId: org.userId,
        variant: step === 1 ? variant : null,
      });
      ids.push(id);
    }
    return ids;
  }

  before(async () => {
    const { stack, org } = fx;
    templateId = await insertTemplate(
      stack,
      org.organizationId,
      [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' },
        { type: 'EMAIL', delay_days: 1, subject: 'Again', body: 'Again' },
        { type: 'CALL', delay_days: 2, body: 'Call' },
      ],
      { senderUserId: org.userId },
    );
    const deps = () => ({ em: stack.orm.em.fork(), workflows: createWorkflowClients(stack.temporal, stack.taskQueue) });
    const o = org.organizationId;
    // Four runs, their first step in variants 1 (A, C) and 2 (B, D): A opened (twice, and by Apple's proxy) and clicked by a scanner then a person, and
    // replied INTERESTED to step 2; B bounced; C replied out of office; D was only sent to.
    const [a1, a2] = await runWithSends(2, 1);
    await recordOpen(deps(), o, a1, minutes(DAY1, 1), true);
    await recordOpen(deps(), o, a1, minutes(DAY1, 30));
    await recordOpen(deps(), o, a1, minutes(DAY1, 40));
    await recordClick(deps(), o, a1, null, new Date(DAY1.getTime() + 3000));
    await recordClick(deps(), o, a1, null, minutes(DAY1, 31));
    await recordReply(deps(), o, a2, { body: 'Sounds great, tell me more' }, minutes(DAY2, 60));
    const [b1] = await runWithSends(1, 2);
    await recordBounce(deps(), o, b1, minutes(DAY1, 2));
    const [c1] = await runWithSends(1, 1);
    await recordReply(deps(), o, c1, { body: 'Away until Monday' }, minutes(DAY1, 5), { category: 'OUT_OF_OFFICE' });
    await runWithSends(1, 2);
  });

  it('when a template ran, then its stats count each step and variant, unique opens and clicks apart from proxies and scanners, and the rates', async () => {
    const { api, org } = fx;
    const res = await api.get(`/v1/sequence-templates/${templateId}/stats`, { key: org.apiKey });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const s = res.body;
    assert.equal(s.sequence_template_id, templateId);
    assert.deepEqual(
      {
        enrolled: s.enrolled,
        sent: s.sent,
        delivered: s.delivered,
        bounced: s.bounced,
        unique_opens: s.unique_opens,
        proxy_opens: s.proxy_opens,
        unique_clicks: s.unique_clicks,
        bot_clicks: s.bot_clicks,
        replies: s.replies,
        positive_replies: s.positive_replies,
      },
      {
        enrolled: 4,
        sent: 5,
        delivered: 4,
        bounced: 1,
        unique_opens: 1,
        proxy_opens: 1,
        unique_clicks: 1,
        bot_clicks: 1,
        replies: 1,
        positive_replies: 1,
      },
    );
    // A ended SUCCEEDED (INTERESTED), B FAILED (bounced); C and D still run.
    assert.equal(s.active, 2);
    assert.deepEqual(s.rates, {
      bounce_rate: 0.2,
      open_rate: 0.25,
      click_rate: 0.25,
      reply_rate: 0.25,
      positive_reply_rate: 0.25,
      opt_out_rate: 0,
    });
    assert.deepEqual(
      s.steps.map((step: { step_number: number; sent: number; replies: number; variants: unknown[] }) => [
        step.step_number,
        step.sent,
        step.replies,
        step.variants.length,
      ]),
      [
        [1, 4, 0, 2],
        [2, 1, 1, 0],
        [3, 0, 0, 0],
      ],
    );
    const [v1, v2] = s.steps[0].variants;
    assert.deepEqual(
      [v1.variant, v1.sent, v1.unique_opens, v1.bounced, v2.variant, v2.sent, v2.unique_opens, v2.bounced],
      [1, 2, 1, 0, 2, 2, 0, 1],
    );
    assert.equal(v2.rates.bounce_rate, 0.5);
    assert.equal(s.steps[2].rates.open_rate, null, 'nothing delivered: no rate');
  });

  it('when a range of UTC days is given, then only those days count', async () => {
    const { api, org } = fx;
    const day2 = await api.get(`/v1/sequence-templates/${templateId}/stats?from=2026-03-03&to=2026-03-03`, {
      key: org.apiKey,
    });
    assert.equal(day2.status, 200);
    assert.equal(day2.body.sent, 1);
    assert.equal(day2.body.replies, 1);
    assert.equal(day2.body.bounced, 0);
    const before = await api.get(`/v1/sequence-templates/${templateId}/stats?to=2026-03-01`, { key: org.apiKey });
    assert.equal(before.body.sent, 0);
    assert.equal(before.body.from, null);
    assert.equal(before.body.to, '2026-03-01');
  });

  it("when a sender's stats are read, then they hold the messages their mailbox sent, with bounce and reply rates", async () => {
    const { api, org } = fx;
    const res = await api.get(`/v1/users/${org.userId}/stats?from=2026-03-01`, { key: org.apiKey });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.user_id, org.userId);
    assert.equal(res.body.sent, 5);
    assert.equal(res.body.rates.bounce_rate, 0.2);
    assert.equal(res.body.rates.reply_rate, 0.25);
    assert.deepEqual(
      res.body.sequence_templates.map((t: { sequence_template_id: string }) => t.sequence_template_id),
      [templateId],
    );
  });

  it("when another organization's template or user, a reversed range or a malformed day is asked for, then 404, 422 and 400", async () => {
    const { api, org, other } = fx;
    assert.equal((await api.get(`/v1/sequence-templates/${templateId}/stats`, { key: other.apiKey })).status, 404);
    assert.equal((await api.get(`/v1/users/${org.userId}/stats`, { key: other.apiKey })).status, 404);
    const reversed = await api.get(`/v1/sequence-templates/${templateId}/stats?from=2026-03-03&to=2026-03-02`, {
      key: org.apiKey,
    });
    assert.equal(reversed.status, 422);
    assert.equal(reversed.body.data.errors[0].path, 'to');
    const malformed = await api.get(`/v1/sequence-templates/${templateId}/stats?from=March`, { key: org.apiKey });
    assert.equal(malformed.status, 400);
  });

  it('when a counter no longer matches its source rows, then stats-check reports it and --fix recomputes it', async () => {
    const { stack, org } = fx;
    const cli = adminCli(stack);
    assert.equal(cli.json('stats-check', '--org', org.organizationId).differences, 0);
    await sql`update sequence_stats_daily set sent = sent + 7
      where sequence_template_id = ${templateId} and step_number = 1 and variant = 1`.execute(
      stack.orm.em.fork().getKysely(),
    );
    const found = cli.json('stats-check', '--org', org.organizationId);
    assert.equal(found.differences, 1);
    assert.equal(found.keys[0].step_number, 1);
    assert.equal(found.keys[0].stored.sent - found.keys[0].recomputed.sent, 7);
    assert.equal(cli.json('stats-check', '--org', org.organizationId, '--fix').fixed, true);
    assert.equal(cli.json('stats-check', '--org', org.organizationId).differences, 0);
  });
});
