// `mailbox connect | list | test | disconnect` as an operator runs them (a child process on the
// stack's database) against a real SMTP and IMAP server (GreenMail), and the mailbox as
// GET /v1/users shows it: status and last error, never a URL, login or password.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { client } from '../../helpers/http.ts';
import { getGreenMail, type RunningGreenMail } from '../../helpers/greenmail.ts';
import { adminCli } from '../../helpers/admin-cli.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

const RECORD_FIELDS = ['email', 'id', 'last_error', 'last_synced_at', 'status', 'user_id'];

describe('admin CLI: mailbox', function () {
  this.timeout(120_000);
  let stack: Stack;
  let mail: RunningGreenMail;
  let api: ReturnType<typeof client>;

  before(async () => {
    [stack, mail] = await Promise.all([getStack(), getGreenMail()]);
    api = client(stack.url);
  });

  const admin = (...args: string[]) => adminCli(stack).run(...args);
  const json = (...args: string[]) => adminCli(stack).json(...args);
  async function sender(password: string) {
    const org = json('bootstrap', '--org-name', `Mailbox ${randomUUID().slice(0, 6)}`);
    const address = `rep-${randomUUID().slice(0, 8)}@mail.test`;
    await mail.addUser(address, password);
    return { org, address };
  }

  it('when connecting with the right logins, then it prints exactly the record, CONNECTED, the address from the SMTP login, and no secret', async () => {
    const password = 'Right p@ss/word';
    const { org, address } = await sender(password);
    const urls = mail.urls(address, password);
    const connected = admin('mailbox', 'connect', '--user', org.user_id, '--smtp-url', urls.smtpUrl, '--imap-url', urls.imapUrl, '--json');
    assert.equal(connected.code, 0, connected.stderr);
    const record = JSON.parse(connected.stdout);
    assert.deepEqual(Object.keys(record).sort(), RECORD_FIELDS);
    assert.deepEqual([record.user_id, record.email, record.status, record.last_error, record.last_synced_at], [org.user_id, address, 'CONNECTED', null, null]);
    for (const secret of [password, encodeURIComponent(password)]) assert.ok(!connected.stdout.includes(secret) && !connected.stderr.includes(secret));

    assert.deepEqual(json('mailbox', 'list', '--org', org.organization_id), [record]);
    assert.deepEqual(json('mailbox', 'test', '--id', record.id), record);

    const users = await api.get('/v1/users', { key: org.api_key });
    assert.equal(users.status, 200);
    const owner = users.body.items.find((u: { id: string }) => u.id === org.user_id);
    assert.deepEqual(owner.mailbox, { email: address, status: 'CONNECTED', last_synced_at: null, last_error: null });
    assert.ok(!JSON.stringify(users.body).includes(encodeURIComponent(password)) && !JSON.stringify(users.body).includes(password));

    const disconnected = json('mailbox', 'disconnect', '--id', record.id);
    assert.equal(disconnected.status, 'DISCONNECTED');
    assert.equal(json('mailbox', 'list', '--org', org.organization_id)[0].status, 'DISCONNECTED');
    const tested = admin('mailbox', 'test', '--id', record.id);
    assert.equal(tested.code, 1);
    assert.match(tested.stderr, /disconnected/);
    const after = await api.get('/v1/users', { key: org.api_key });
    assert.equal(after.body.items.find((u: { id: string }) => u.id === org.user_id).mailbox.status, 'DISCONNECTED');
  });

  it('when the password is wrong, then the mailbox is stored AUTH_FAILED with the server\'s reason, and a test with it fixed makes it CONNECTED', async () => {
    const { org, address } = await sender('the-real-one');
    const wrong = mail.urls(address, 'not-the-password');
    const failed = json('mailbox', 'connect', '--user', org.user_id, '--smtp-url', wrong.smtpUrl, '--imap-url', wrong.imapUrl, '--email', address.toUpperCase());
    assert.equal(failed.status, 'AUTH_FAILED');
    assert.equal(failed.email, address);
    assert.match(failed.last_error, /smtp:\/\/127\.0\.0\.1:\d+: .*535|Authentication/);
    assert.ok(!failed.last_error.includes('not-the-password'));
    const users = await api.get('/v1/users', { key: org.api_key });
    assert.equal(users.body.items.find((u: { id: string }) => u.id === org.user_id).mailbox.status, 'AUTH_FAILED');

    const right = mail.urls(address, 'the-real-one');
    const fixed = json('mailbox', 'connect', '--user', org.user_id, '--smtp-url', right.smtpUrl, '--imap-url', right.imapUrl);
    assert.deepEqual([fixed.id, fixed.status, fixed.last_error], [failed.id, 'CONNECTED', null]);
  });

  it('when a URL breaks the rules, then it exits non-zero naming the option and stores nothing', async () => {
    const { org, address } = await sender('pw');
    const urls = mail.urls(address, 'pw');
    const cases: [string[], RegExp][] = [
      [['--smtp-url', urls.smtpUrl.replace('smtp://', 'http://'), '--imap-url', urls.imapUrl], /--smtp-url: the scheme must be smtps:\/\/ \(TLS\) or smtp:\/\//],
      [['--smtp-url', urls.smtpUrl, '--imap-url', 'imaps://mail.example.com'], /--imap-url: .*login and the password/],
      [['--smtp-url', 'smtps://no-password@mail.example.com', '--imap-url', urls.imapUrl], /--smtp-url/],
      [['--smtp-url', urls.smtpUrl.replace(encodeURIComponent(address), 'rep'), '--imap-url', urls.imapUrl], /--email: required/],
    ];
    for (const [args, message] of cases) {
      const result = admin('mailbox', 'connect', '--user', org.user_id, ...args);
      assert.equal(result.code, 1, result.stderr);
      assert.match(result.stderr, message);
    }
    assert.equal(admin('mailbox', 'connect', '--user', org.user_id, '--smtp-url', urls.smtpUrl).code, 2, '--imap-url is required');
    assert.deepEqual(json('mailbox', 'list', '--org', org.organization_id), []);
  });
});
