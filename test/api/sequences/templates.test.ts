// Sequence templates over HTTP on the real stack: create and patch rules (defaults, validation
// naming fields, ACTIVE needs a step, activated_at, sender), list filters and sorts, search/fetch
// of the sequence_template kind, and tenant isolation.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as admin from '../../../domain/admin/admin.service.ts';
import { truncateText } from '../../../domain/shared/text.ts';
import { client } from '../../helpers/http.ts';
import { newKey, newOrg, sleep, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('sequence templates', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;

  const email = {
    type: 'EMAIL',
    delay_days: 0,
    subject: 'Hi {{ first_name | default: "there" }}',
    body: 'Hello {{ first_name }} at {{ company_name }}',
  };
  const create = (body: Record<string, unknown>, key = org.apiKey) =>
    api.post('/v1/sequence-templates', { key, body: { name: 'Template', ...body } });
  const paths = (response: { body: { data: { errors: { path: string }[] } } }) =>
    response.body.data.errors.map((e) => e.path);

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Templates Org');
    other = await newOrg(stack, 'Templates Other');
  });

  describe('POST /v1/sequence-templates', () => {
    it("when only a name is sent, then 201 with the documented defaults and the key's user as sender", async () => {
      const response = await create({ name: '  Draft one ' });
      assert.equal(response.status, 201, response.text);
      const t = response.body;
      assert.deepEqual(Object.keys(t).sort(), [
        'activated_at',
        'created_at',
        'id',
        'language',
        'name',
        'on_missing_channel',
        'requires_lead_review',
        'schedule',
        'sender_user_id',
        'status',
        'step_count',
        'steps',
        'summary',
        'timezone',
        'updated_at',
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
          t.requires_lead_review,
        ],
        ['Draft one', null, 'PENDING_SETUP', 0, 'en', 'UTC', null, 'STOP', null, org.userId, false],
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
        [{ steps: [{ type: 'EMAIL', delay_days: 0, body: 'no subject' }] }, ['steps[0].subject']],
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
      assert.deepEqual(read.body, t);
    });
  });

  describe('GET /v1/sequence-templates', () => {
    let listOrg: TestOrg;
    const made: Record<string, { id: string; created_at: string }> = {};
    const list = async (query: string) => {
      const response = await api.get(`/v1/sequence-templates?${query}`, { key: listOrg.apiKey });
      assert.equal(response.status, 200, response.text);
      return response;
    };
    const names = async (query: string) => (await list(query)).body.items.map((t: { name: string }) => t.name);

    before(async () => {
      listOrg = await newOrg(stack, 'Templates List');
      for (const [name, status] of [
        ['Bravo outreach', 'PENDING_SETUP'],
        ['alpha Outreach', 'ACTIVE'],
        ['Charlie 100%', 'ARCHIVED'],
      ] as const) {
        const response = await create({ name, status, steps: [email] }, listOrg.apiKey);
        made[name] = response.body;
        await sleep(5);
      }
      // Updated last: Bravo.
      await api.patch(`/v1/sequence-templates/${made['Bravo outreach'].id}`, {
        key: listOrg.apiKey,
        body: { summary: 'touched' },
      });
    });

    it("when no filter is given, then the envelope of the organization's templates in creation order", async () => {
      const response = await list('');
      assert.deepEqual(
        response.body.items.map((t: { name: string }) => t.name),
        ['Bravo outreach', 'alpha Outreach', 'Charlie 100%'],
      );
      assert.deepEqual([response.body.total_count, response.body.total_pages, response.body.has_more], [3, 1, false]);
      const paged = await list('size=2&page=1');
      assert.deepEqual(
        [paged.body.items.length, paged.body.total_count, paged.body.total_pages, paged.body.has_more],
        [2, 3, 2, true],
      );
      const past = await list('size=2&page=3');
      assert.deepEqual([past.body.items.length, past.body.total_count], [0, 3]);
    });

    it('when filtering by name, status and created_at bounds, then only matches, bounds strict', async () => {
      assert.deepEqual(await names('name=OUTREACH'), ['Bravo outreach', 'alpha Outreach']);
      assert.deepEqual(await names('name=100%25'), ['Charlie 100%']);
      assert.deepEqual(await names('name=%25'), ['Charlie 100%'], 'wildcards match literally');
      assert.deepEqual(await names('status=ACTIVE'), ['alpha Outreach']);
      const middle = made['alpha Outreach'].created_at;
      assert.deepEqual(await names(`created_at_after=${middle}`), ['Charlie 100%']);
      assert.deepEqual(await names(`created_at_before=${middle}`), ['Bravo outreach']);
      assert.deepEqual(
        await names(
          `created_at_after=${made['Bravo outreach'].created_at}&created_at_before=${made['Charlie 100%'].created_at}`,
        ),
        ['alpha Outreach'],
      );
      const bad = await api.get('/v1/sequence-templates?status=LIVE&created_at_after=yesterday', {
        key: listOrg.apiKey,
      });
      assert.equal(bad.status, 400);
      assert.deepEqual(paths(bad).sort(), ['created_at_after', 'status']);
    });

    it('when sorting by name, created_at or updated_at in either order, then the items follow it', async () => {
      assert.deepEqual(await names('sort_by=name'), ['alpha Outreach', 'Bravo outreach', 'Charlie 100%']);
      assert.deepEqual(await names('sort_by=name&sort_order=desc'), [
        'Charlie 100%',
        'Bravo outreach',
        'alpha Outreach',
      ]);
      assert.deepEqual(await names('sort_by=created_at&sort_order=desc'), [
        'Charlie 100%',
        'alpha Outreach',
        'Bravo outreach',
      ]);
      assert.deepEqual(await names('sort_by=updated_at'), ['alpha Outreach', 'Charlie 100%', 'Bravo outreach']);
      assert.equal((await api.get('/v1/sequence-templates?sort_by=status', { key: listOrg.apiKey })).status, 400);
    });
  });

  describe('search, fetch and isolation', () => {
    it('when searching a template name, then a sequence_template item; fetch renders its detail', async () => {
      const { body: t } = await create({ name: 'Quokka nurture', summary: 'Warm leads', steps: [email] });
      const found = await api.get('/v1/search?query=quokka&types=sequence_template', { key: org.apiKey });
      assert.equal(found.status, 200, found.text);
      assert.deepEqual(found.body.items, [
        {
          id: `sequence_template:${t.id}`,
          type: 'sequence_template',
          title: 'Quokka nurture',
          subtitle: 'PENDING_SETUP · 1 steps',
        },
      ]);
      const fetched = await api.get(`/v1/fetch?id=sequence_template:${t.id}`, { key: org.apiKey });
      assert.equal(fetched.status, 200, fetched.text);
      assert.deepEqual(fetched.body.data, t);
      assert.match(fetched.body.text, /Summary: Warm leads/);
      assert.match(fetched.body.text, /Step 1 \(EMAIL, after 0 days\): Hi \{\{ first_name/);
      const contactsOnly = await newKey(stack, org.organizationId, ['contacts:read']);
      assert.deepEqual((await api.get('/v1/search?query=quokka', { key: contactsOnly.api_key })).body.items, []);
      assert.equal(
        (await api.get(`/v1/fetch?id=sequence_template:${t.id}`, { key: contactsOnly.api_key })).status,
        404,
      );
      assert.deepEqual((await api.get('/v1/search?query=quokka', { key: other.apiKey })).body.items, []);
    });

    it('when another organization reads, patches or lists, then 404 and none of its templates', async () => {
      const { body: t } = await create({ name: 'Secret template' });
      assert.equal((await api.get(`/v1/sequence-templates/${t.id}`, { key: other.apiKey })).status, 404);
      const patched = await api.patch(`/v1/sequence-templates/${t.id}`, {
        key: other.apiKey,
        body: { name: 'Hijacked' },
      });
      assert.equal(patched.status, 404);
      assert.equal(patched.body.type, 'NotFoundIssue');
      assert.ok(!(await api.get('/v1/sequence-templates?name=Secret', { key: other.apiKey })).text.includes(t.id));
      assert.equal((await api.get(`/v1/sequence-templates/${t.id}`, { key: org.apiKey })).body.name, 'Secret template');
    });
  });
});
