// The audit log (docs/api/audit-log.md): every write route of the route table leaves an entry with
// its key, user, route and outcome, refused writes included; entries name the fields sent, never
// their values; the table refuses UPDATE and the DELETE of recent rows; the retention deletes old ones.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { purgeAudit, recordAudit } from '../../../domain/audit/audit-log.ts';
import { typedKysely } from '../../../db/kysely.ts';
import { DAY_MS } from '../../../domain/shared/time.ts';
import { adminCli } from '../../helpers/admin-cli.ts';
import { newKey, newOrg } from '../../helpers/fixtures.ts';
import { concretePath, routeTableFixture } from '../../helpers/route-table.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('GET /v1/audit-log', () => {
  const fx = routeTableFixture();

  async function entries(apiKey: string, query: Record<string, string> = {}) {
    const params = new URLSearchParams({ size: '100', ...query });
    const response = await fx.api.get(`/v1/audit-log?${params}`, { key: apiKey });
    assert.equal(response.status, 200, response.text);
    return response.body as { items: Record<string, unknown>[]; total_count: number };
  }

  it('when a contact is created and changed, then each write is one entry naming the key, its user, the route, the resource and the fields, never their values', async () => {
    const org = await newOrg(fx.stack);
    const secretEmail = `audit-${randomUUID()}@example.com`;
    const created = await fx.api.post('/v1/contacts', {
      key: org.apiKey,
      body: { email: secretEmail, first_name: 'Zelda-Secret' },
    });
    assert.ok(created.status < 300, created.text);
    const id = created.body.id as string;
    const refused = await fx.api.post('/v1/contacts', { key: org.apiKey, body: { first_name: 7 } });
    assert.equal(refused.status, 400);

    const log = await entries(org.apiKey, { resource_type: 'contacts' });
    assert.equal(log.items.length, 2);
    const [failed, done] = log.items; // newest first
    assert.deepEqual(
      {
        actor: done.actor,
        method: done.method,
        action: done.action,
        resource_id: done.resource_id,
        fields: done.fields,
        outcome: done.outcome,
      },
      {
        actor: { type: 'API_KEY', key_id: org.keyId, user_id: org.userId, operator: null },
        method: 'POST',
        action: '/v1/contacts',
        resource_id: id,
        fields: ['email', 'first_name'],
        outcome: 'SUCCEEDED',
      },
    );
    assert.equal(typeof done.request_id, 'string');
    assert.deepEqual([failed.status, failed.outcome, failed.resource_id], [400, 'FAILED', null]);
    const text = JSON.stringify(log);
    assert.ok(!text.includes(secretEmail) && !text.includes('Zelda-Secret'), 'no value of the body is recorded');
    assert.equal((await entries(org.apiKey, { resource_id: id })).total_count, 1);
  });

  it('when a key without scopes calls every write route of the route table, then each refusal is in the log', async () => {
    const org = await newOrg(fx.stack);
    const bare = await newKey(fx.stack, org.organizationId, []);
    const writes = fx.routes.filter((r) => r.auth === 'key' && WRITES.has(r.method));
    assert.ok(writes.length > 40, `only ${writes.length} write routes`);
    for (const route of writes) {
      const response = await fx.api.call(route.method, concretePath(route), {
        key: bare.api_key,
        body: route.body ? {} : undefined,
      });
      assert.ok(response.status >= 400, `${route.method} ${route.path}: ${response.status}`);
    }
    const items: Record<string, unknown>[] = [];
    for (let page = 1; page === 1 || items.length < writes.length; page++) {
      const log = await entries(org.apiKey, { actor_key_id: bare.id, page: String(page) });
      items.push(...log.items);
      if (log.items.length === 0) break;
    }
    const seen = new Set(items.map((e) => `${e.method as string} ${e.action as string}`));
    const missing = writes.map((r) => `${r.method} ${r.path}`).filter((route) => !seen.has(route));
    assert.deepEqual(missing, [], 'write routes without an entry');
    assert.equal(items.length, writes.length, 'one entry per call');
    assert.ok(items.every((e) => e.outcome === 'FAILED' && e.actor !== null));
  });

  it('when an operator runs admin commands, then each is an entry with their OS user and the flags named, never their values', async () => {
    const org = await newOrg(fx.stack);
    const cli = adminCli(fx.stack);
    const created = cli.json(
      'key',
      'create',
      '--org',
      org.organizationId,
      '--name',
      'audited-key',
      '--scopes',
      'contacts:read',
    );
    const refused = cli.run('key', 'create', '--org', org.organizationId, '--name', 'x', '--scopes', 'no:such');
    assert.equal(refused.code, 1);
    const log = await entries(org.apiKey, { resource_type: 'key' });
    assert.equal(log.items.length, 2);
    const [failed, done] = log.items;
    assert.deepEqual(
      [done.method, done.action, done.outcome, done.resource_id, done.fields],
      ['ADMIN', 'admin key create', 'SUCCEEDED', created.id, ['org', 'name', 'scopes']],
    );
    assert.equal((done.actor as { type: string }).type, 'OPERATOR');
    assert.ok((done.actor as { operator: string }).operator.length > 0);
    assert.equal(failed.outcome, 'FAILED');
    assert.ok(!JSON.stringify(log).includes('audited-key'), 'flag values are not recorded');
  });

  it('when a write carries NUL and control characters in its path and field names, then its entry is still written, with them removed', async () => {
    const org = await newOrg(fx.stack);
    const response = await fx.api.call('DELETE', '/v1/contacts/%00evil%07id', { key: org.apiKey });
    assert.ok(response.status >= 400);
    await fx.api.post('/v1/contacts', { key: org.apiKey, body: { 'odd\u0000name': 1 } });
    const log = await entries(org.apiKey);
    assert.equal(log.items.length, 2);
    const [posted, deleted] = log.items;
    assert.equal(deleted.resource_id, 'evilid');
    assert.deepEqual(posted.fields, ['oddname']);
  });

  it("when another organization's key reads the log, then it sees none of this organization's entries", async () => {
    const [one, two] = [await newOrg(fx.stack), await newOrg(fx.stack)];
    await fx.api.post('/v1/contacts', { key: one.apiKey, body: { email: `iso-${randomUUID()}@example.com` } });
    assert.equal((await entries(two.apiKey)).total_count, 0);
    assert.ok((await entries(one.apiKey)).total_count > 0);
  });

  it('when the service changes or deletes a recent entry, then the database refuses; an entry past 30 days can go, and the retention deletes those past it', async () => {
    const db = typedKysely(fx.stack.orm.em.fork());
    const org = await newOrg(fx.stack);
    const write = (at: Date) =>
      recordAudit(
        fx.stack.orm.em,
        {
          organizationId: org.organizationId,
          actor: { type: 'OPERATOR', operator: 'tester' },
          requestId: null,
          method: 'ADMIN',
          action: 'admin test',
          resourceType: null,
          resourceId: null,
          fields: [],
          status: null,
          outcome: 'SUCCEEDED',
        },
        at,
      );
    await write(new Date());
    await assert.rejects(
      sql`UPDATE audit_log SET outcome = 'FAILED' WHERE organization_id = ${org.organizationId}`.execute(db),
      /append-only/,
    );
    await assert.rejects(
      sql`DELETE FROM audit_log WHERE organization_id = ${org.organizationId}`.execute(db),
      /append-only/,
    );
    await write(new Date(Date.now() - 500 * DAY_MS));
    await write(new Date(Date.now() - 40 * DAY_MS));
    const count = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM audit_log WHERE organization_id = ${org.organizationId}`.execute(db)
        ).rows[0].n,
      );
    assert.equal(await count(), 3);
    assert.ok((await purgeAudit(fx.stack.orm.em, 400)) >= 1);
    assert.equal(await count(), 2, 'the entry past 400 days went, the 40-day one stays');
  });
});
