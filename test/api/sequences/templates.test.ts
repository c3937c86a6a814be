// Sequence templates over HTTP on the real stack, the writes: create and patch rules (defaults,
// validation naming fields, ACTIVE needs a step, activated_at set once, the sender an active user
// of the organization) and the write scope. Lists, search, fetch and isolation:
// templates-reads.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as admin from '../../../domain/admin/admin.service.ts';
import { truncateText } from '../../../domain/shared/text.ts';
import type { client } from '../../helpers/http.ts';
import { newKey, sleep, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { templatesFixture } from './fixtures.ts';

describe('sequence templates: create and patch', () => {
  const fx = templatesFixture();
  const { email, create, paths } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  before(() => ({ stack, api, org, other } = fx));

  describe('POST /v1/sequence-templates', () => {
    it("when only a name is sent, then 201 with the documented defaults and the key's user as sender", async () => {
      const response = await create({ name: '  Draft one ' });
      assert.equal(response.status, 201, response.text);
      const t = response.body;
      assert.deepEqual(Object.keys(t).sort(), [
        'activated_at',
        'click_tracking',
        'created_at',
        'holiday_country',
        'id',
        'language',
        'name',
        'on_missing_channel',
        'open_tracking',
        'requires_lead_review',
        'schedule',
        'sender_user_id',
        'sender_user_ids',
        'skip_holidays',
        'status',
        'step_count',
        'steps',
        'summary',
        'timezone',
        'updated_at',
        'variant_winners',
        'window_timezone',
      ]);
      assert.deepEqual(
        [
          t.name,
          t.summary,
          t.status,
          t.step_count,
          t.language,
          t.timezone,
          t.activated_at,
          t.on_missing_channel,
          t.schedule,
          t.sender_user_id,
          t.sender_user_ids,
          t.requires_lead_review,
          t.window_timezone,
          t.skip_holidays,
          t.holiday_country,
          t.open_tracking,
          t.click_tracking,
        ],
        [
          'Draft one',
          null,
          'PENDING_SETUP',
          0,
          'en',
          'UTC',
          null,
          'STOP',
          null,
          org.userId,
          null,
          false,
          'TEMPLATE',
          false,
          null,
          true,
          true,
        ],
      );
      const read = await api.get(`/v1/sequence-templates/${t.id}`, { key: org.apiKey });
      assert.deepEqual(read.body, t);
    });

    it('when every field is sent and status is ACTIVE, then they are stored and activated_at is set', async () => {
      const member = await admin.createUser(stack.orm.em.fork(), {
        organizationId: org.organizationId,
        email: 'sender@templates.test',
        name: 'Sender',
      });
      const body = {
        name: 'Full',
        summary: 'All fields',
        status: 'ACTIVE',
        language: 'fr',
        timezone: 'Europe/Paris',
        on_missing_channel: 'SKIP_STEP',
        requires_lead_review: true,
        open_tracking: false,
        click_tracking: false,
        steps: [
          email,
          { type: 'LINKEDIN_INVITATION', delay_days: 1.5, body: 'Hi {{ first_name }}' },
          { type: 'CALL', delay_days: 2, body: 'Call script' },
        ],
        schedule: { days: ['MON', 'TUE'], start_hour: 9, end_hour: 17 },
        sender_user_id: member.id,
      };
      const response = await create(body);
      assert.equal(response.status, 201, response.text);
      const { steps, ...rest } = body;
      for (const [key, value] of Object.entries(rest)) assert.deepEqual(response.body[key], value, key);
      assert.deepEqual(response.body.steps, steps);
      assert.equal(response.body.step_count, 3);
      assert.ok(response.body.activated_at && response.body.activated_at === response.body.created_at);
    });

    it('when EMAIL steps continue the thread (no subject, or thread: true), then they are stored and read back with thread: true; steps with a subject read back as sent', async () => {
      const steps = [
        email,
        { type: 'EMAIL', delay_days: 2, body: 'Following up' },
        { type: 'EMAIL', delay_days: 2, thread: true, subject: null, body: 'Last one' },
        { type: 'EMAIL', delay_days: 2, thread: false, subject: 'New topic', body: 'Other' },
      ];
      const response = await create({ name: 'Threads', steps });
      assert.equal(response.status, 201, response.text);
      assert.deepEqual(response.body.steps, [
        email,
        { type: 'EMAIL', delay_days: 2, thread: true, body: 'Following up' },
        { type: 'EMAIL', delay_days: 2, thread: true, body: 'Last one' },
        { type: 'EMAIL', delay_days: 2, subject: 'New topic', body: 'Other' },
      ]);
    });

    it('when fields break the schema, then 400 naming each field', async () => {
      const cases: [Record<string, unknown>, string[]][] = [
        [{ name: '' }, ['name']],
        [{ name: 'x'.repeat(201) }, ['name']],
        [{ status: 'LIVE' }, ['status']],
        [{ timezone: 'Mars/Olympus' }, ['timezone']],
        [{ steps: [{ ...email, type: 'FAX' }] }, ['steps[0].type']],
        [{ steps: [{ ...email, delay_days: -1 }] }, ['steps[0].delay_days']],
        [{ steps: [{ ...email, subject: 'x'.repeat(501) }] }, ['steps[0].subject']],
        [{ steps: [{ ...email, body: 'x'.repeat(20_001) }] }, ['steps[0].body']],
        [{ steps: Array.from({ length: 51 }, () => email) }, ['steps']],
        [{ steps: [email, { type: 'EMAIL', delay_days: 0, thread: false, body: 'no subject' }] }, ['steps[1].subject']],
        [{ steps: [email, { ...email, thread: true }] }, ['steps[1].subject']],
        [{ steps: [email, { type: 'CALL', delay_days: 0, thread: true, body: 'call' }] }, ['steps[1].thread']],
        // Variants follow the step's subject rule: required where it starts the thread, refused where it continues it.
        [{ steps: [{ ...email, variants: [{ body: 'B' }] }] }, ['steps[0].variants[0].subject']],
        [
          { steps: [email, { ...email, subject: null, variants: [{ subject: 'B', body: 'B' }] }] },
          ['steps[1].variants[0].subject'],
        ],
        [
          {
            steps: [
              email,
              { type: 'EMAIL', delay_days: 0, thread: true, body: 'A', variants: [{ subject: 'B', body: 'B' }] },
            ],
          },
          ['steps[1].variants[0].subject'],
        ],
        [{ schedule: { days: [], start_hour: 9, end_hour: 17 } }, ['schedule.days']],
        [{ schedule: { days: ['MON'], start_hour: 24, end_hour: 25 } }, ['schedule.start_hour', 'schedule.end_hour']],
        [{ on_missing_channel: 'IGNORE' }, ['on_missing_channel']],
        [{ unknown: 1 }, ['unknown']],
      ];
      for (const [body, expected] of cases) {
        const response = await create(body);
        assert.equal(
          response.status,
          400,
          `${truncateText(JSON.stringify(body), 80)}: ${truncateText(response.text, 300)}`,
        );
        assert.equal(response.body.type, 'ValidationIssue');
        for (const path of expected)
          assert.ok(paths(response).includes(path), `${path}: ${JSON.stringify(response.body.data.errors)}`);
      }
    });

    it('when the body matches the schema but breaks a rule it cannot state (end_hour not after start_hour, Liquid that does not parse), then 422 naming the field and nothing is stored', async () => {
      const before = (await api.get('/v1/sequence-templates?size=1', { key: org.apiKey })).body.total_count;
      const cases: [Record<string, unknown>, string[]][] = [
        [{ schedule: { days: ['MON'], start_hour: 10, end_hour: 9 } }, ['schedule.end_hour']],
        [{ schedule: { days: ['MON'], start_hour: 9, end_hour: 9 } }, ['schedule.end_hour']],
        [{ schedule: { days: ['MON'], start_hour: 23, end_hour: 1 } }, ['schedule.end_hour']],
        [{ steps: [email, { type: 'CALL', delay_days: 0, body: 'ok {% if x %} unclosed' }] }, ['steps[1].body']],
        [{ steps: [{ ...email, subject: '{{ first_name | shout }}' }] }, ['steps[0].subject']],
        // The first EMAIL step starts the thread, so it needs a subject.
        [{ steps: [{ type: 'EMAIL', delay_days: 0, body: 'no subject' }] }, ['steps[0].subject']],
        [
          {
            steps: [
              { type: 'CALL', delay_days: 0, body: 'call' },
              { ...email, subject: null, thread: true },
            ],
          },
          ['steps[1].subject'],
        ],
      ];
      for (const [body, expected] of cases) {
        const response = await create(body);
        assert.equal(
          response.status,
          422,
          `${truncateText(JSON.stringify(body), 80)}: ${truncateText(response.text, 300)}`,
        );
        assert.equal(response.body.type, 'ValidationIssue');
        assert.deepEqual(paths(response), expected);
      }
      assert.equal(
        (await api.get('/v1/sequence-templates?size=1', { key: org.apiKey })).body.total_count,
        before,
        'nothing stored',
      );
    });

    it('when ACTIVE comes without steps, or the sender is not an active user of the organization, then 422 naming the field', async () => {
      const noSteps = await create({ status: 'ACTIVE' });
      assert.equal(noSteps.status, 422, noSteps.text);
      assert.equal(noSteps.body.type, 'ValidationIssue');
      assert.deepEqual(paths(noSteps), ['steps']);
      for (const sender of [other.userId, randomUUID()]) {
        const response = await create({ sender_user_id: sender });
        assert.equal(response.status, 422, response.text);
        assert.deepEqual(paths(response), ['sender_user_id']);
      }
      const removed = await admin.createUser(stack.orm.em.fork(), {
        organizationId: org.organizationId,
        email: 'gone@templates.test',
        name: 'Gone',
      });
      await admin.removeUser(stack.orm.em.fork(), removed.id);
      assert.equal((await create({ sender_user_id: removed.id })).status, 422);
    });

    it('when a key has sequences:read only, then writes are refused 403', async () => {
      const reader = await newKey(stack, org.organizationId, ['sequences:read']);
      assert.equal((await create({}, reader.api_key)).status, 403);
    });
  });

  describe('PATCH /v1/sequence-templates/{sequence_template_id}', () => {
    it('when some fields are sent, then only those change, and the first ACTIVE sets activated_at for good', async () => {
      const { body: t } = await create({ name: 'Patch me', summary: 'keep', timezone: 'America/New_York' });
      await sleep(5);
      const renamed = await api.patch(`/v1/sequence-templates/${t.id}`, {
        key: org.apiKey,
        body: { name: 'Patched', steps: [email] },
      });
      assert.equal(renamed.status, 200, renamed.text);
      assert.deepEqual(
        [
          renamed.body.name,
          renamed.body.summary,
          renamed.body.timezone,
          renamed.body.step_count,
          renamed.body.activated_at,
        ],
        ['Patched', 'keep', 'America/New_York', 1, null],
      );
      assert.ok(renamed.body.updated_at > t.updated_at);
      const activated = await api.patch(`/v1/sequence-templates/${t.id}`, {
        key: org.apiKey,
        body: { status: 'ACTIVE' },
      });
      assert.equal(activated.body.status, 'ACTIVE');
      assert.ok(activated.body.activated_at);
      await api.patch(`/v1/sequence-templates/${t.id}`, { key: org.apiKey, body: { status: 'INACTIVE' } });
      const again = await api.patch(`/v1/sequence-templates/${t.id}`, { key: org.apiKey, body: { status: 'ACTIVE' } });
      assert.equal(again.body.activated_at, activated.body.activated_at, 'kept from the first activation');
      const cleared = await api.patch(`/v1/sequence-templates/${t.id}`, {
        key: org.apiKey,
        body: { summary: null, schedule: { days: ['SUN'], start_hour: 0, end_hour: 24 } },
      });
      assert.deepEqual(
        [cleared.body.summary, cleared.body.schedule],
        [null, { days: ['SUN'], start_hour: 0, end_hour: 24 }],
      );
    });

    it('when the result would be ACTIVE without steps, end_hour is not after start_hour, Liquid does not parse, or a field is invalid, then 422/400 naming it and nothing changes', async () => {
      const { body: t } = await create({ name: 'Guarded', status: 'ACTIVE', steps: [email] });
      const emptied = await api.patch(`/v1/sequence-templates/${t.id}`, { key: org.apiKey, body: { steps: [] } });
      assert.equal(emptied.status, 422, emptied.text);
      assert.deepEqual(paths(emptied), ['steps']);
      const { body: draft } = await create({ name: 'Draft' });
      const activate = await api.patch(`/v1/sequence-templates/${draft.id}`, {
        key: org.apiKey,
        body: { status: 'ACTIVE' },
      });
      assert.equal(activate.status, 422);
      const badTz = await api.patch(`/v1/sequence-templates/${t.id}`, {
        key: org.apiKey,
        body: { timezone: 'Nowhere/Land' },
      });
      assert.deepEqual([badTz.status, paths(badTz)], [400, ['timezone']]);
      for (const schedule of [
        { days: ['MON'], start_hour: 17, end_hour: 9 },
        { days: ['TUE'], start_hour: 12, end_hour: 12 },
      ]) {
        const badSchedule = await api.patch(`/v1/sequence-templates/${t.id}`, {
          key: org.apiKey,
          body: { name: 'Renamed', schedule },
        });
        assert.deepEqual(
          [badSchedule.status, badSchedule.body.type, paths(badSchedule)],
          [422, 'ValidationIssue', ['schedule.end_hour']],
          badSchedule.text,
        );
      }
      const badLiquid = await api.patch(`/v1/sequence-templates/${t.id}`, {
        key: org.apiKey,
        body: { steps: [{ ...email, body: '{{ first_name ' }] },
      });
      assert.deepEqual(
        [badLiquid.status, badLiquid.body.type, paths(badLiquid)],
        [422, 'ValidationIssue', ['steps[0].body']],
        badLiquid.text,
      );
      const badSender = await api.patch(`/v1/sequence-templates/${t.id}`, {
        key: org.apiKey,
        body: { sender_user_id: other.userId },
      });
      assert.deepEqual([badSender.status, paths(badSender)], [422, ['sender_user_id']]);
      const empty = await api.patch(`/v1/sequence-templates/${t.id}`, { key: org.apiKey, body: {} });
      assert.equal(empty.status, 400);
      const read = await api.get(`/v1/sequence-templates/${t.id}`, { key: org.apiKey });
      // The create's answer adds its content check (created ACTIVE); a read does not carry one.
      assert.deepEqual([t.warnings, read.body.warnings], [[], undefined]);
      assert.deepEqual({ ...read.body, warnings: [] }, t);
    });
  });
});
