// `mailbox connect | list | test | disconnect` as an operator runs them (a child process on the
// stack's database) against a real SMTP and IMAP server (GreenMail), and the mailbox as
// GET /v1/users shows it: status and last error, never a URL, login or password. Passwords come on
// standard input or in the environment, never on the command line; the development key seals
// nothing; the inbox sync follows the committed mailbox through the outbox, Temporal there or not.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DEVELOPMENT_WEBHOOK_SECRET_KEY } from '../../../config.ts';
import { drainCommands } from '../../../domain/workflow-commands/deliver.ts';
import { freePort } from '../../../scripts/local-stack.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { mailboxSyncWorkflowId } from '../../../workflows/mailbox-sync.definitions.ts';
import { client } from '../../helpers/http.ts';
import { getGreenMail, type RunningGreenMail } from '../../helpers/greenmail.ts';
import { adminCli } from '../../helpers/admin-cli.ts';
import { until } from '../../helpers/poll.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

const RECORD_FIELDS = ['email', 'emails_held', 'id', 'last_error', 'last_synced_at', 'status', 'user_id'];

describe('admin CLI: mailbox', function () {
  this.timeout(180_000);
  let stack: Stack;
  let mail: RunningGreenMail;
  let api: ReturnType<typeof client>;

  before(async () => {
    [stack, mail] = await Promise.all([getStack(), getGreenMail()]);
    api = client(stack.url);
  });

  const db = () => stack.orm.em.fork().getKysely();
  const admin = (...args: string[]) => adminCli(stack).run(...args);
  const json = (...args: string[]) => adminCli(stack).json(...args);
  async function sender(password: string) {
    const org = json('bootstrap', '--org-name', `Mailbox ${randomUUID()}`);
    const address = `rep-${randomUUID()}@mail.test`;
    await mail.addUser(address, password);
    return { org, address };
  }
  /** The server URLs as given on the command line: the login, no password. */
  function loginUrls(address: string) {
    const urls = mail.urls(address, 'unused');
    const login = (url: string) => url.replace(/:[^:@/]*@/, '@');
    return { smtpUrl: login(urls.smtpUrl), imapUrl: login(urls.imapUrl) };
  }
  /** `mailbox connect` with the password on standard input. */
  function connect(userId: string, address: string, password: string, ...extra: string[]) {
    const urls = loginUrls(address);
    return adminCli(stack).runWith(
      { input: `${password}\n` },
      'mailbox',
      'connect',
      '--user',
      userId,
      '--smtp-url',
      urls.smtpUrl,
      '--imap-url',
      urls.imapUrl,
      '--password-stdin',
      ...extra,
    );
  }
  async function syncRunning(mailboxId: string): Promise<boolean> {
    try {
      return (
        (await stack.temporal.workflow.getHandle(mailboxSyncWorkflowId(mailboxId)).describe()).status.name === 'RUNNING'
      );
    } catch {
      return false;
    }
  }
  async function syncCommands(mailboxId: string) {
    const { rows } = await sql<{
      status: string;
      attempts: number;
    }>`SELECT status, attempts FROM workflow_commands WHERE kind = 'MAILBOX_SYNC' AND workflow_id = ${mailboxSyncWorkflowId(mailboxId)} ORDER BY created_at`.execute(
      db(),
    );
    return rows;
  }
  async function mailboxRows(organizationId: string) {
    const { rows } = await sql<{
      status: string;
      smtp_url_encrypted: string;
      imap_url_encrypted: string;
    }>`SELECT status, smtp_url_encrypted, imap_url_encrypted FROM mailboxes WHERE organization_id = ${organizationId}`.execute(
      db(),
    );
    return rows;
  }

  it('when connecting with the password on standard input, then it prints exactly the record, CONNECTED, the address from the SMTP login, no secret, and the inbox sync runs', async () => {
    const password = 'Right p@ss/word';
    const { org, address } = await sender(password);
    const connected = connect(org.user_id, address, password, '--json');
    assert.equal(connected.code, 0, connected.stderr);
    assert.equal(connected.stderr, '', 'nothing to warn about');
    const record = JSON.parse(connected.stdout);
    assert.deepEqual(Object.keys(record).sort(), RECORD_FIELDS);
    assert.deepEqual(
      [record.user_id, record.email, record.status, record.last_error, record.last_synced_at],
      [org.user_id, address, 'CONNECTED', null, null],
    );
    for (const secret of [password, encodeURIComponent(password)])
      assert.ok(!connected.stdout.includes(secret) && !connected.stderr.includes(secret));
    assert.deepEqual(
      await syncCommands(record.id),
      [{ status: 'DONE', attempts: 1 }],
      'the sync start was recorded with the mailbox and delivered after the commit',
    );
    assert.ok(await syncRunning(record.id));

    // The sync may have read the inbox meanwhile: last_synced_at is its to set.
    const unsynced = (r: Record<string, unknown>) => ({ ...r, last_synced_at: null });
    assert.deepEqual(json('mailbox', 'list', '--org', org.organization_id).map(unsynced), [record]);
    assert.deepEqual(
      unsynced(json('mailbox', 'test', '--id', record.id)),
      record,
      'the stored (sealed) credentials still open',
    );

    const users = await api.get('/v1/users', { key: org.api_key });
    assert.equal(users.status, 200);
    const owner = users.body.items.find((u: { id: string }) => u.id === org.user_id);
    assert.deepEqual(owner.mailbox.status, 'CONNECTED');
    assert.ok(
      !JSON.stringify(users.body).includes(encodeURIComponent(password)) &&
        !JSON.stringify(users.body).includes(password),
    );

    const disconnected = json('mailbox', 'disconnect', '--id', record.id);
    assert.equal(disconnected.status, 'DISCONNECTED');
    await until(async () => !(await syncRunning(record.id)), { timeoutMs: 20_000, what: 'the sync stopped' });
    assert.equal(json('mailbox', 'list', '--org', org.organization_id)[0].status, 'DISCONNECTED');
    assert.deepEqual(
      (await mailboxRows(org.organization_id)).map((m) => [m.smtp_url_encrypted, m.imap_url_encrypted]),
      [['', '']],
      'credentials erased',
    );
    const retested = admin('mailbox', 'test', '--id', record.id);
    assert.equal(retested.code, 1);
    assert.match(retested.stderr, /disconnected/);
  });

  it("when the password is wrong, then the mailbox is stored AUTH_FAILED with the server's reason and no secret, and connecting with the right one makes it CONNECTED", async () => {
    const { org, address } = await sender('the-real-one');
    const failed = connect(org.user_id, address, 'not-the-password', '--email', address.toUpperCase(), '--json');
    assert.equal(failed.code, 0, failed.stderr);
    const record = JSON.parse(failed.stdout);
    assert.equal(record.status, 'AUTH_FAILED');
    assert.equal(record.email, address);
    assert.match(record.last_error, /smtp:\/\/127\.0\.0\.1:\d+: .*535|Authentication/);
    for (const secret of ['not-the-password', address, encodeURIComponent(address)])
      assert.ok(!record.last_error.includes(secret), secret);
    assert.match(failed.stderr, /note: mailbox .* is AUTH_FAILED/);

    const fixed = connect(org.user_id, address, 'the-real-one', '--json');
    assert.equal(fixed.code, 0, fixed.stderr);
    assert.deepEqual((({ id, status, last_error }) => [id, status, last_error])(JSON.parse(fixed.stdout)), [
      record.id,
      'CONNECTED',
      null,
    ]);
  });

  it('when a password is given on the command line, then it is refused saying how to give it instead, and nothing is stored', async () => {
    const { org, address } = await sender('pw-on-the-line');
    const urls = mail.urls(address, 'pw-on-the-line');
    const refused = admin(
      'mailbox',
      'connect',
      '--user',
      org.user_id,
      '--smtp-url',
      urls.smtpUrl,
      '--imap-url',
      loginUrls(address).imapUrl,
    );
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /error: --smtp-url: the URL carries a password, .*--password-stdin.*--smtp-url-env/);
    assert.ok(!refused.stderr.includes('pw-on-the-line'));
    assert.deepEqual(await mailboxRows(org.organization_id), []);
  });

  it('when the URLs are in environment variables, then they are used with their passwords', async () => {
    const { org, address } = await sender('from-the-env');
    const urls = mail.urls(address, 'from-the-env');
    const result = adminCli(stack).runWith(
      { env: { OWS_SMTP: urls.smtpUrl, OWS_IMAP: urls.imapUrl } },
      'mailbox',
      'connect',
      '--user',
      org.user_id,
      '--smtp-url-env',
      'OWS_SMTP',
      '--imap-url-env',
      'OWS_IMAP',
      '--json',
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal(JSON.parse(result.stdout).status, 'CONNECTED');
  });

  it('when the secret key is the built-in development key, then connect is refused naming WEBHOOK_SECRET_KEY, and nothing is stored', async () => {
    const { org, address } = await sender('dev-key');
    const urls = loginUrls(address);
    const refused = adminCli(stack).runWith(
      { input: 'dev-key\n', env: { WEBHOOK_SECRET_KEY: DEVELOPMENT_WEBHOOK_SECRET_KEY } },
      'mailbox',
      'connect',
      '--user',
      org.user_id,
      '--smtp-url',
      urls.smtpUrl,
      '--imap-url',
      urls.imapUrl,
      '--password-stdin',
    );
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(
      refused.stderr,
      /error: WEBHOOK_SECRET_KEY is the built-in development key.*Set WEBHOOK_SECRET_KEY to a random value/,
    );
    assert.deepEqual(await mailboxRows(org.organization_id), []);
  });

  it('when a URL breaks the rules, then it exits non-zero naming the option and stores nothing', async () => {
    const { org, address } = await sender('pw');
    const urls = loginUrls(address);
    const cases: [string[], RegExp][] = [
      [
        ['--smtp-url', urls.smtpUrl.replace('smtp://', 'http://'), '--imap-url', urls.imapUrl, '--password-stdin'],
        /--smtp-url: the scheme must be smtps:\/\/ \(TLS\) or smtp:\/\//,
      ],
      [
        ['--smtp-url', urls.smtpUrl, '--imap-url', 'imaps://mail.example.com', '--password-stdin'],
        /--imap-url: .*login and the password/,
      ],
      [
        ['--smtp-url', urls.smtpUrl, '--imap-url', urls.imapUrl],
        /--smtp-url: the URL has no password: .*--password-stdin/,
      ],
      [
        [
          '--smtp-url',
          urls.smtpUrl.replace(encodeURIComponent(address), 'rep'),
          '--imap-url',
          urls.imapUrl,
          '--password-stdin',
        ],
        /--email: required/,
      ],
      [
        ['--smtp-url-env', 'OWS_UNSET_VARIABLE', '--imap-url', urls.imapUrl, '--password-stdin'],
        /--smtp-url-env: the environment variable OWS_UNSET_VARIABLE is not set/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = adminCli(stack).runWith({ input: 'pw\n' }, 'mailbox', 'connect', '--user', org.user_id, ...args);
      assert.equal(result.code, 1, result.stderr);
      assert.match(result.stderr, message);
    }
    assert.equal(
      admin('mailbox', 'connect', '--user', org.user_id, '--smtp-url', urls.smtpUrl).code,
      2,
      '--imap-url is required',
    );
    assert.equal(
      admin(
        'mailbox',
        'connect',
        '--user',
        org.user_id,
        '--smtp-url',
        urls.smtpUrl,
        '--smtp-url-env',
        'X',
        '--imap-url',
        urls.imapUrl,
      ).code,
      2,
      'one way per URL',
    );
    assert.deepEqual(json('mailbox', 'list', '--org', org.organization_id), []);
  });

  it('when Temporal cannot be reached at connect, then the CLI still answers the committed mailbox without a warning, and the outbox drain starts its sync', async () => {
    const { org, address } = await sender('temporal-away');
    const urls = loginUrls(address);
    const away = `127.0.0.1:${await freePort()}`; // nothing listens there
    const connected = adminCli(stack).runWith(
      { input: 'temporal-away\n', env: { TEMPORAL_ADDRESS: away } },
      'mailbox',
      'connect',
      '--user',
      org.user_id,
      '--smtp-url',
      urls.smtpUrl,
      '--imap-url',
      urls.imapUrl,
      '--password-stdin',
      '--json',
    );
    assert.equal(connected.code, 0, connected.stderr);
    assert.equal(connected.stderr, '');
    const record = JSON.parse(connected.stdout);
    assert.equal(record.status, 'CONNECTED');
    assert.equal((await syncCommands(record.id))[0]?.status, 'PENDING', 'the start waits in the outbox');
    assert.equal(await syncRunning(record.id), false);

    await drainCommands(
      stack.orm.em.fork(),
      { workflows: createWorkflowClients(stack.temporal, stack.taskQueue) },
      100,
      { organizationId: org.organization_id, all: true },
    );
    assert.deepEqual(
      (await syncCommands(record.id)).map((c) => c.status),
      ['DONE'],
    );
    assert.ok(await syncRunning(record.id), 'the drain started the sync');
  });

  it("when the mailbox's user is removed, then the mailbox is disconnected in the same change (credentials erased) and its sync stops", async () => {
    const { org, address } = await sender('removed-user');
    const user = json(
      'user',
      'create',
      '--org',
      org.organization_id,
      '--email',
      `second-${randomUUID()}@mail.test`,
      '--name',
      'Second',
    );
    await mail.addUser(`x${address}`, 'removed-user');
    const connected = connect(user.id, `x${address}`, 'removed-user', '--json');
    assert.equal(connected.code, 0, connected.stderr);
    const record = JSON.parse(connected.stdout);
    assert.ok(await syncRunning(record.id));

    const removed = json('user', 'remove', '--id', user.id);
    assert.equal(removed.disconnected_mailbox_id, record.id);
    const [row] = await mailboxRows(org.organization_id);
    assert.deepEqual([row.status, row.smtp_url_encrypted, row.imap_url_encrypted], ['DISCONNECTED', '', '']);
    assert.deepEqual(
      (await syncCommands(record.id)).map((c) => c.status),
      ['DONE', 'DONE'],
    );
    await until(async () => !(await syncRunning(record.id)), { timeoutMs: 20_000, what: 'the sync stopped' });
  });
});
