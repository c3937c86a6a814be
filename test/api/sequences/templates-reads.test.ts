// Sequence templates over HTTP on the real stack, the reads: list filters, sorts and paging,
// search/fetch of the sequence_template kind (and the scope that hides it), and tenant isolation.
// Create and patch: templates.test.ts.
import assert from 'node:assert/strict';
import type { client } from '../../helpers/http.ts';
import { newKey, newOrg, sleep, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { templatesFixture } from './fixtures.ts';

describe('sequence templates: lists, search and isolation', () => {
  const fx = templatesFixture();
  const { email, create, paths } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  before(() => ({ stack, api, org, other } = fx));

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
