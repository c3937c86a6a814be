// The list and detail forms of signals, and their deep links.
import assert from 'node:assert/strict';
import { type client } from '../../helpers/http.ts';
import { newKey, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { NEW_JOB, signalsApiFixture } from './fixtures.ts';

describe('signals API', function () {
  this.timeout(120_000);
  const fx = signalsApiFixture();
  const { create, paths, detail, action } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  describe('list and detail', () => {
    it('when signals are listed, then most recent first (sort_order=asc: oldest first), archived hidden unless include_archived, in the envelope', async () => {
      const own = await newOrg(stack);
      const a = (await create({ ...NEW_JOB, name: 'A' }, own.apiKey)).body;
      const b = (await create({ ...NEW_JOB, name: 'B' }, own.apiKey)).body;
      const c = (await create({ ...NEW_JOB, name: 'C' }, own.apiKey)).body;
      let page = await api.get('/v1/signals?size=2', { key: own.apiKey });
      assert.equal(page.status, 200, page.text);
      assert.deepEqual(
        page.body.items.map((s: { id: string }) => s.id),
        [c.id, b.id],
      );
      assert.equal(page.body.total_count, 3);
      assert.equal(page.body.total_pages, 2);
      assert.equal(page.body.has_more, true);
      assert.equal(page.body.items[0].search_filters, undefined, 'the list carries records, not details');
      const archived = await action(b.id, 'archive', own.apiKey); // needs the signal workflow
      assert.equal(archived.status, 200, archived.text);
      page = await api.get('/v1/signals', { key: own.apiKey });
      assert.deepEqual(
        page.body.items.map((s: { id: string }) => s.id),
        [c.id, a.id],
      );
      page = await api.get('/v1/signals?include_archived=true', { key: own.apiKey });
      assert.deepEqual(
        page.body.items.map((s: { id: string }) => s.id),
        [c.id, b.id, a.id],
      );
      // sort_order, which generic paginators send to every list, turns the created_at order.
      page = await api.get('/v1/signals?include_archived=true&sort_order=asc', { key: own.apiKey });
      assert.equal(page.status, 200, page.text);
      assert.deepEqual(
        page.body.items.map((s: { id: string }) => s.id),
        [a.id, b.id, c.id],
      );
      page = await api.get('/v1/signals?sort_order=desc&size=1&page=2', { key: own.apiKey });
      assert.equal(page.status, 200, page.text);
      assert.deepEqual(
        page.body.items.map((s: { id: string }) => s.id),
        [a.id],
      );
      assert.equal(
        (await api.get('/v1/signals?sort_by=created_at', { key: own.apiKey })).status,
        400,
        'the key is fixed: no sort_by',
      );
    });

    it('when another organization reads, patches or acts on a signal, then 404 and nothing changes', async () => {
      const s = (await create({ ...NEW_JOB })).body;
      const intruder = await newOrg(stack);
      assert.equal((await detail(s.id, intruder.apiKey)).status, 404);
      assert.equal((await api.patch(`/v1/signals/${s.id}`, { key: intruder.apiKey, body: { name: 'x' } })).status, 404);
      for (const name of ['pause', 'resume', 'archive', 'unarchive', 'duplicate'])
        assert.equal((await action(s.id, name, intruder.apiKey)).status, 404, name);
      assert.equal((await api.get('/v1/signals', { key: intruder.apiKey })).body.total_count, 0);
      assert.equal((await detail(s.id)).body.name, s.name);
    });

    it('when an id is not a uuid, then 400 naming signal_id', async () => {
      const res = await api.get('/v1/signals/not-a-uuid', { key: org.apiKey });
      assert.equal(res.status, 400);
      assert.deepEqual(paths(res), ['signal_id']);
    });

    it('when /v1/signals/presets and /v1/signals/imports are read, then their own routes answer (not the {signal_id} route)', async () => {
      const presets = await api.get('/v1/signals/presets', { key: org.apiKey });
      assert.equal(presets.status, 200, presets.text);
      assert.ok(Array.isArray(presets.body));
      const imports = await api.get('/v1/signals/imports', { key: org.apiKey });
      assert.equal(imports.status, 200, imports.text);
      assert.ok(Array.isArray(imports.body.items));
    });

    it('when a key has only signals:read, then it reads but cannot create', async () => {
      const key = await newKey(stack, org.organizationId, ['signals:read']);
      assert.equal((await api.get('/v1/signals', { key: key.api_key })).status, 200);
      assert.equal((await create({ ...NEW_JOB }, key.api_key)).status, 403);
    });
  });
});
