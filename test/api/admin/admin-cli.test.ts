// The admin CLI as an operator runs it (a child process on the same database), and its keys used
// over HTTP.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../../config.ts';
import { sandboxOutboundEmails } from '../../../providers/mail/sandbox.ts';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId, type SequenceInput } from '../../../workflows/sequence.definitions.ts';
import {
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  sequenceRow,
  until,
} from '../../helpers/sequence-fixtures.ts';
import { client } from '../../helpers/http.ts';
import { adminCli } from '../../helpers/admin-cli.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('admin CLI', function () {
  this.timeout(120_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
  });

  const admin = (...args: string[]) => adminCli(stack).run(...args);
  const json = (...args: string[]) => adminCli(stack).json(...args);

  it('when bootstrapping, then it prints exactly organization_id, user_id and api_key, and the key works', async () => {
    const created = json('bootstrap', '--org-name', 'CLI Org');
    assert.deepEqual(Object.keys(created).sort(), ['api_key', 'organization_id', 'user_id']);
    const me = await api.get('/v1/me', { key: created.api_key });
    assert.equal(me.status, 200);
    assert.equal(me.body.organization_id, created.organization_id);
    assert.equal(me.body.user_id, created.user_id);
  });

  it('when creating a key with scopes, then it prints id, api_key, key_prefix and scopes, and the scopes hold', async () => {
    const org = json('bootstrap', '--org-name', 'CLI Keys');
    const key = json(
      'key',
      'create',
      '--org',
      org.organization_id,
      '--name',
      'reader',
      '--scopes',
      'contacts:read,users:read',
    );
    for (const field of ['id', 'api_key', 'key_prefix', 'scopes']) assert.ok(field in key, field);
    assert.deepEqual(key.scopes, ['contacts:read', 'users:read']);
    assert.ok(key.api_key.startsWith(key.key_prefix));
    const me = await api.get('/v1/me', { key: key.api_key });
    assert.equal(me.body.user_id, org.user_id, 'a key belongs to the owner by default');
    assert.equal((await api.get('/v1/users', { key: key.api_key })).status, 200);
    const listed = json('key', 'list', '--org', org.organization_id);
    assert.equal(listed.length, 2);
    assert.ok(!JSON.stringify(listed).includes(key.api_key), 'the raw key is never listed');
  });

  it('when a key is created for another user, then GET /v1/me shows that user', async () => {
    const org = json('bootstrap', '--org-name', 'CLI Users');
    const user = json('user', 'create', '--org', org.organization_id, '--email', 'rep@example.com', '--name', 'Rep');
    const key = json(
      'key',
      'create',
      '--org',
      org.organization_id,
      '--name',
      'rep',
      '--scopes',
      'users:read',
      '--user',
      user.id,
    );
    assert.equal((await api.get('/v1/me', { key: key.api_key })).body.user_id, user.id);
    const users = await api.get('/v1/users?sort_by=email', { key: key.api_key });
    assert.deepEqual(
      users.body.items.map((u: { email: string }) => u.email),
      ['owner@example.com', 'rep@example.com'],
    );
  });

  it('when rotating and revoking, then the CLI reports it and the keys follow', async () => {
    const org = json('bootstrap', '--org-name', 'CLI Rotate');
    const key = json('key', 'create', '--org', org.organization_id, '--name', 'rot', '--scopes', 'users:read');
    const rotated = json('key', 'rotate', '--id', key.id, '--grace-seconds', '0');
    assert.equal(rotated.previous_key_id, key.id);
    const revoked = json('key', 'revoke', '--id', rotated.id);
    assert.ok(revoked.revoked_at);
    await new Promise((r) => setTimeout(r, stack.config.keyCacheTtlMs + 50));
    assert.equal((await api.get('/v1/me', { key: key.api_key })).status, 401);
    assert.equal((await api.get('/v1/me', { key: rotated.api_key })).status, 401);
  });

  it('when given bad input, then it exits non-zero with a clear message and writes nothing', () => {
    const org = json('bootstrap', '--org-name', 'CLI Bad');
    const badScope = admin(
      'key',
      'create',
      '--org',
      org.organization_id,
      '--name',
      'x',
      '--scopes',
      'contacts:read,nope:write',
      '--json',
    );
    assert.equal(badScope.code, 1);
    assert.match(badScope.stderr, /nope:write/);
    const badOrg = admin('key', 'create', '--org', 'not-a-uuid', '--name', 'x', '--scopes', 'users:read');
    assert.equal(badOrg.code, 1);
    const missing = admin('key', 'create', '--org', org.organization_id);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--(name|scopes) is required/);
    const unknown = admin('frobnicate');
    assert.equal(unknown.code, 2);
    assert.equal(json('key', 'list', '--org', org.organization_id).length, 1, 'no key was half-written');
  });

  it('when showing and topping up an organization, then credits, lead limit and ICP follow and GET /v1/me agrees', async () => {
    const org = json('bootstrap', '--org-name', 'CLI Credits');
    const starting = loadConfig().startingEnrichmentCredits; // what the child process (same environment) read
    const shown = json('org', 'show', '--org', org.organization_id);
    assert.deepEqual(shown, {
      organization_id: org.organization_id,
      name: 'CLI Credits',
      enrichment_credits: starting,
      lead_limit: 500,
      icp_profile: null,
      tracking_domain: null,
      sender_identity: null,
      postal_address: null,
    });
    assert.equal(json('org', 'credits', '--org', org.organization_id, '--add', '5').enrichment_credits, starting + 5);
    // A tracking domain that is not a host name is refused before any DNS lookup (the DNS check: tracking-control.test.ts).
    const notHost = admin('org', 'tracking-domain', '--org', org.organization_id, '--set', 'not a host');
    assert.deepEqual([notHost.code, /is not a host name/.test(notHost.stderr)], [1, true], notHost.stderr);
    const overdrawn = admin('org', 'credits', '--org', org.organization_id, '--add=-1000');
    assert.equal(overdrawn.code, 1);
    assert.match(overdrawn.stderr, />= 0/);
    assert.equal(json('org', 'credits', '--org', org.organization_id, '--add=-5').enrichment_credits, starting);
    assert.equal((await api.get('/v1/me', { key: org.api_key })).body.enrichment_credits, starting);
    assert.equal(json('org', 'lead-limit', '--org', org.organization_id, '--set', '250').lead_limit, 250);
    const icp = json(
      'org',
      'icp',
      '--org',
      org.organization_id,
      '--json-value',
      '{"industries":["Software"],"countries":["US"]}',
    );
    assert.deepEqual(icp.icp_profile, {
      industries: ['Software'],
      company_sizes: [],
      countries: ['US'],
      job_titles: [],
      seniorities: [],
      keywords: [],
    });
    const badIcp = admin('org', 'icp', '--org', org.organization_id, '--json-value', '{"industry":["Software"]}');
    assert.equal(badIcp.code, 1);
    assert.match(badIcp.stderr, /industry/);
    assert.deepEqual((await api.get('/v1/icp-profile', { key: org.api_key })).body.industries, ['Software']);
  });

  it('when the last owner would be removed, then it is refused', () => {
    const org = json('bootstrap', '--org-name', 'CLI Owner');
    const result = admin('user', 'remove', '--id', org.user_id);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /last owner/);
  });

  it('when a sender is configured and then removed, then the mailbox sends their emails and removal ends their running sequences SENDER_REMOVED', async () => {
    const org = json('bootstrap', '--org-name', 'Sender Org');
    const user = json(
      'user',
      'create',
      '--org',
      org.organization_id,
      '--email',
      'rep@sender-org.test',
      '--name',
      'Rep',
    );
    const sender = json(
      'user',
      'sender',
      '--id',
      user.id,
      '--mailbox-email',
      'Sales@Sender-Org.test',
      '--daily-send-limit',
      '25',
    );
    assert.deepEqual([sender.mailbox_email, sender.daily_send_limit], ['sales@sender-org.test', 25]);
    assert.equal(admin('user', 'sender', '--id', user.id, '--daily-send-limit=-1').code, 1);

    const to = `to-${randomUUID().slice(0, 8)}@example.com`;
    const contactId = await insertContact(stack, org.organization_id, { email: to });
    const templateId = await insertTemplate(
      stack,
      org.organization_id,
      [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' },
        { type: 'EMAIL', delay_days: 5, subject: 'Again', body: 'Again' },
      ],
      { senderUserId: user.id },
    );
    const sequenceId = await insertSequence(stack, org.organization_id, { contactId, templateId });
    const input: SequenceInput = { sequenceId, organizationId: org.organization_id };
    const handle = await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, {
      taskQueue: stack.taskQueue,
      workflowId: sequenceWorkflowId(sequenceId),
      args: [input],
    });
    await until(async () => (await messagesOf(stack, sequenceId)).length === 1);
    const [email] = await sandboxOutboundEmails(stack.orm, { toEmail: to });
    assert.equal(email.fromEmail, 'sales@sender-org.test', 'the mailbox is the From address');
    const removed = json('user', 'remove', '--id', user.id);
    assert.deepEqual(removed.stopped_sequence_ids, [sequenceId]);
    const row = await sequenceRow(stack, sequenceId);
    assert.deepEqual([row.status, row.stopped_reason], ['STOPPED_EARLY', 'SENDER_REMOVED']);
    await handle.result(); // the CLI told the workflow, which closed without waiting for its 5-day delay
  });
});
