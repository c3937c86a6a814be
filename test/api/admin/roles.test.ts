// Roles (SECURITY.md, 'Roles'): the admin CLI issues a key only with scopes its user's role allows,
// a key's scopes are cut to its user's role when it is used, so a demoted user's key loses what the
// new role withholds, and every role command is in the audit log with the role it granted; the
// upgrade makes admins of the members who already held a live admin-only key.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ApiKey, User } from '../../../db/entities/index.ts';
import { Migration20261130110000_user_roles } from '../../../db/migrations/Migration20261130110000_user_roles.ts';
import * as admin from '../../../domain/admin/admin.service.ts';
import { ADMIN_ONLY_SCOPES } from '../../../domain/admin/roles.ts';
import { SCOPES } from '../../../domain/admin/scopes.ts';
import { adminCli } from '../../helpers/admin-cli.ts';
import { apiSuite, sleep, type TestOrg } from '../../helpers/fixtures.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';

describe('roles', function () {
  this.timeout(120_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => ({ stack, api, org } = await apiSuite()));

  const cli = () => adminCli(stack);
  const newUser = (role?: string) =>
    cli().json(
      'user',
      'create',
      '--org',
      org.organizationId,
      '--email',
      `user-${randomUUID()}@example.com`,
      '--name',
      'User',
      ...(role ? ['--role', role] : []),
    );
  const keyFor = (userId: string, scopes: string) =>
    cli().run(
      'key',
      'create',
      '--org',
      org.organizationId,
      '--name',
      'k',
      '--scopes',
      scopes,
      '--user',
      userId,
      '--json',
    );
  /** Waits out the key cache, so the next request reads the key and its user's role afresh. */
  const afterCache = () => sleep(stack.config.keyCacheTtlMs + 50);

  it("when a key is created for a member with audit:read or webhooks:write, then it is refused naming them, and 'all' means every scope a member may hold", async () => {
    const member = newUser();
    assert.equal(member.role, 'member', 'a new user is a member by default');
    for (const scope of ADMIN_ONLY_SCOPES) {
      const refused = keyFor(member.id, `contacts:read,${scope}`);
      assert.equal(refused.code, 1, refused.stderr);
      assert.match(refused.stderr, new RegExp(`is a member and a member's key may not hold ${scope}`));
    }
    const all = JSON.parse(keyFor(member.id, 'all').stdout);
    assert.deepEqual(
      all.scopes,
      SCOPES.filter((s) => !ADMIN_ONLY_SCOPES.includes(s)),
    );
    const me = await api.get('/v1/me', { key: all.api_key });
    assert.deepEqual(me.body.scopes, all.scopes);
    assert.equal((await api.get('/v1/audit-log', { key: all.api_key })).status, 403);
    const keys = cli().json('key', 'list', '--org', org.organizationId) as { user_id: string }[];
    assert.equal(keys.filter((k) => k.user_id === member.id).length, 1, 'the refused keys were not stored');
  });

  it('when a user is created as an admin, then their key may hold every scope and read the audit log', async () => {
    const adminUser = newUser('admin');
    assert.equal(adminUser.role, 'admin');
    const key = JSON.parse(keyFor(adminUser.id, 'all').stdout);
    assert.deepEqual(key.scopes, [...SCOPES]);
    assert.equal((await api.get('/v1/audit-log', { key: key.api_key })).status, 200);
    const users = await api.get('/v1/users?size=100', { key: org.apiKey });
    const listed = (users.body.items as { id: string; role: string }[]).find((u) => u.id === adminUser.id);
    assert.equal(listed?.role, 'admin', 'GET /v1/users shows the role');
  });

  it('when an admin is demoted to member, then their key loses audit:read and webhooks:write at once and keeps the rest; promoted again, it has them back', async () => {
    const user = newUser('admin');
    const key = JSON.parse(keyFor(user.id, 'audit:read,webhooks:write,users:read').stdout);
    assert.equal((await api.get('/v1/audit-log', { key: key.api_key })).status, 200);

    const demoted = cli().json('user', 'role', '--id', user.id, '--role', 'member');
    assert.equal(demoted.role, 'member');
    assert.equal(demoted.previous_role, 'admin');
    assert.deepEqual(demoted.restricted_keys, [{ id: key.id, withheld_scopes: ['audit:read', 'webhooks:write'] }]);
    await afterCache();
    const refused = await api.get('/v1/audit-log', { key: key.api_key });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.type, 'UnauthorizedIssue');
    const webhook = await api.post('/v1/webhooks', {
      key: key.api_key,
      body: { url: 'https://example.com/hook', event_types: ['contact.created'] },
    });
    assert.equal(webhook.status, 403, 'webhooks:write is withheld too');
    assert.equal((await api.get('/v1/users', { key: key.api_key })).status, 200, 'the other scopes still work');
    assert.deepEqual((await api.get('/v1/me', { key: key.api_key })).body.scopes, ['users:read']);

    cli().json('user', 'role', '--id', user.id, '--role', 'admin');
    await afterCache();
    assert.equal((await api.get('/v1/audit-log', { key: key.api_key })).status, 200, 'the key kept its stored scopes');
  });

  it('when the last owner would be demoted or a role is unknown, then it is refused and nothing changes', async () => {
    const lastOwner = cli().run('user', 'role', '--id', org.userId, '--role', 'admin');
    assert.equal(lastOwner.code, 1);
    assert.match(lastOwner.stderr, /cannot demote the last owner/);
    const unknown = cli().run('user', 'role', '--id', org.userId, '--role', 'superuser');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /--role must be one of owner, admin, member/);
    const ownerOnCreate = cli().run(
      'user',
      'create',
      '--org',
      org.organizationId,
      '--email',
      'o@example.com',
      '--name',
      'O',
      '--role',
      'owner',
    );
    assert.equal(ownerOnCreate.code, 1);
    assert.match(ownerOnCreate.stderr, /--role must be one of admin, member/);

    const second = newUser('admin');
    cli().json('user', 'role', '--id', second.id, '--role', 'owner');
    const demoted = cli().json('user', 'role', '--id', org.userId, '--role', 'member');
    assert.equal(demoted.role, 'member', 'with a second owner, the first may be demoted');
    await afterCache();
    assert.equal((await api.get('/v1/audit-log', { key: org.apiKey })).status, 403);
    cli().json('user', 'role', '--id', org.userId, '--role', 'owner');
  });

  it('when roles are granted through the CLI, then each command is an audit entry naming the user and the role granted', async () => {
    const user = newUser('member');
    cli().json('user', 'role', '--id', user.id, '--role', 'admin');
    assert.equal(cli().run('user', 'role', '--id', user.id, '--role', 'bogus-value').code, 1);
    await afterCache();
    const log = await api.get(`/v1/audit-log?resource_type=user&resource_id=${user.id}`, { key: org.apiKey });
    assert.equal(log.status, 200, log.text);
    const entries = (log.body.items as Record<string, unknown>[]).map((e) => [e.action, e.outcome, e.fields]);
    assert.deepEqual(entries, [
      ['admin user role', 'SUCCEEDED', ['id', 'role=admin']],
      ['admin user create', 'SUCCEEDED', ['org', 'email', 'name', 'role=member']],
    ]);
    assert.ok(!JSON.stringify(log.body).includes('bogus-value'), 'an unknown role is named, not recorded');
  });

  it('when the roles migration runs, then only a member holding a live key with an admin-only scope becomes an admin', async () => {
    const em = stack.orm.em.fork();
    const member = async (keys: { scopes: string[]; revoked?: boolean; expired?: boolean }[]) => {
      const user = await admin.createUser(em.fork(), {
        organizationId: org.organizationId,
        email: `m-${randomUUID()}@example.com`,
        name: 'M',
      });
      const issued = await admin.createKey(em.fork(), {
        organizationId: org.organizationId,
        name: 'm',
        scopes: ['contacts:read'],
        userId: user.id,
      });
      // Keys issued before roles existed: their scopes are written as they were stored then.
      for (const [index, key] of keys.entries()) {
        const id =
          index === 0
            ? issued.id
            : (
                await admin.createKey(em.fork(), {
                  organizationId: org.organizationId,
                  name: 'm',
                  scopes: [],
                  userId: user.id,
                })
              ).id;
        await em.fork().nativeUpdate(
          ApiKey,
          { id },
          {
            scopes: key.scopes,
            revokedAt: key.revoked ? new Date() : null,
            expiresAt: key.expired ? new Date(Date.now() - 1000) : null,
          },
        );
      }
      return user.id;
    };
    const webhookWriter = await member([{ scopes: ['webhooks:write'] }]);
    const auditReader = await member([{ scopes: ['contacts:read'] }, { scopes: ['audit:read', 'users:read'] }]);
    const revoked = await member([{ scopes: ['audit:read'], revoked: true }]);
    const expired = await member([{ scopes: ['webhooks:write'], expired: true }]);
    const plain = await member([{ scopes: ['contacts:read', 'webhooks:read'] }]);

    const migration = new Migration20261130110000_user_roles(em.getDriver(), stack.orm.config);
    await migration.up();
    const connection = em.getConnection();
    for (const query of migration.getQueries()) await connection.execute(query as string);

    const ids = [webhookWriter, auditReader, revoked, expired, plain, org.userId];
    const users = await em.fork().find(User, { id: { $in: ids } });
    assert.deepEqual(
      ids.map((id) => users.find((u) => u.id === id)?.role),
      ['admin', 'admin', 'member', 'member', 'member', 'owner'],
      'owners stay owners, members without a live admin-only key stay members',
    );
  });
});
