// The rules that keep a mailbox's credentials secret: never sealed under the development key,
// never taken from the command line, bound to their row and protocol when sealed, and never left
// in a text that is stored or shown (domain/mailboxes/credentials.ts, url-sources.ts, mail-urls.ts,
// scrubbed-transport.ts).
import assert from 'node:assert/strict';
import { DEVELOPMENT_WEBHOOK_SECRET_KEY } from '../../../config.ts';
import { MailboxCredentials, MailboxKeyError } from '../../../domain/mailboxes/credentials.ts';
import { MailUrlError, parseMailUrl, withoutSecrets } from '../../../domain/mailboxes/mail-urls.ts';
import { scrubbedTransport } from '../../../domain/mailboxes/scrubbed-transport.ts';
import { resolveMailUrl, stdinPasswordOf } from '../../../domain/mailboxes/url-sources.ts';

const KEY = 'k'.repeat(24) + '-a-random-enough-test-key';
const ROW = '3f0c1a6e-8a52-4d36-9a61-1c2f1d7b5e01';
const OTHER_ROW = '9b3c0e2d-71f4-4c1a-8e0b-6a2d5f4c3b10';
const URL = 'smtps://ann%40acme.com:s3cret-pass@mail.acme.com:465';

describe('mailbox credentials: the secret key', () => {
  it('when the key is the built-in development key or short, then sealing is refused naming WEBHOOK_SECRET_KEY', () => {
    for (const key of [DEVELOPMENT_WEBHOOK_SECRET_KEY, 'short-key']) {
      const credentials = new MailboxCredentials(key);
      assert.throws(
        () => credentials.requireSealingKey(),
        (error: unknown) => error instanceof MailboxKeyError && /WEBHOOK_SECRET_KEY/.test(error.message),
      );
      assert.throws(() => credentials.seal(ROW, 'smtp', URL), MailboxKeyError);
    }
  });

  it('when the key is random and long enough, then a URL is sealed, hidden, and opens only under the same key', () => {
    const credentials = new MailboxCredentials(KEY);
    credentials.requireSealingKey();
    const sealed = credentials.seal(ROW, 'smtp', URL);
    assert.ok(!sealed.includes('s3cret-pass') && !sealed.includes('acme'));
    assert.notEqual(credentials.seal(ROW, 'smtp', URL), sealed, 'a fresh IV each time');
    assert.equal(credentials.open(ROW, 'smtp', sealed).password, 's3cret-pass');
    assert.throws(() => new MailboxCredentials(`${KEY}-other`).open(ROW, 'smtp', sealed));
  });
});

describe('mailbox credentials: bound to their row and protocol', () => {
  it('when a sealed URL is opened for another mailbox row, then it does not open', () => {
    const credentials = new MailboxCredentials(KEY);
    const sealed = credentials.seal(ROW, 'imap', 'imaps://ann:pw-one@mail.acme.com');
    assert.equal(credentials.open(ROW, 'imap', sealed).password, 'pw-one');
    assert.throws(() => credentials.open(OTHER_ROW, 'imap', sealed), /unable to authenticate|Unsupported state/);
  });

  it('when a sealed IMAP URL is opened as the SMTP one, then it does not open', () => {
    const credentials = new MailboxCredentials(KEY);
    const sealed = credentials.seal(ROW, 'imap', 'imaps://ann:pw-one@mail.acme.com');
    assert.throws(() => credentials.open(ROW, 'smtp', sealed), /unable to authenticate|Unsupported state/);
  });
});

describe('mailbox credentials: where a password may come from', () => {
  const none = {};

  it('when a URL given on the command line carries a password, then it is refused saying how to give it instead', () => {
    assert.throws(
      () => resolveMailUrl('smtp', { from: 'argument', url: URL }, none, null),
      (error: unknown) =>
        error instanceof MailUrlError &&
        error.option === '--smtp-url' &&
        /--password-stdin/.test(error.message) &&
        /--smtp-url-env/.test(error.message) &&
        !error.message.includes('s3cret-pass'),
    );
    assert.throws(
      () => resolveMailUrl('imap', { from: 'argument', url: 'imap://ann:pw@127.0.0.1:3143' }, none, 'pw'),
      /--imap-url: .*password/,
    );
  });

  it('when the URL has no password and one comes on standard input, then the password is put in it, URL-encoded', () => {
    const url = resolveMailUrl(
      'smtp',
      { from: 'argument', url: 'smtps://ann%40acme.com@mail.acme.com' },
      none,
      'p@ss:w/rd %41',
    );
    const server = parseMailUrl('--smtp-url', 'smtp', url);
    assert.deepEqual([server.user, server.password], ['ann@acme.com', 'p@ss:w/rd %41']);
  });

  it('when the URL has no password and none comes on standard input, then it is refused', () => {
    assert.throws(
      () => resolveMailUrl('imap', { from: 'argument', url: 'imaps://ann@mail.acme.com' }, none, null),
      /--imap-url: the URL has no password/,
    );
  });

  it('when the URL is in an environment variable, then it is taken with its password; unset, or a password given twice, is refused', () => {
    const env = { MAIL_SMTP: URL };
    assert.equal(resolveMailUrl('smtp', { from: 'environment', name: 'MAIL_SMTP' }, env, null), URL);
    assert.throws(
      () => resolveMailUrl('smtp', { from: 'environment', name: 'NOT_SET' }, env, null),
      /--smtp-url-env: the environment variable NOT_SET is not set/,
    );
    assert.throws(
      () => resolveMailUrl('smtp', { from: 'environment', name: 'MAIL_SMTP' }, env, 'another'),
      /--password-stdin: .*once/,
    );
  });

  it('when standard input is read, then its one line is the password; empty or several lines are refused', () => {
    assert.equal(stdinPasswordOf('correct horse\n'), 'correct horse');
    assert.equal(stdinPasswordOf('pw\r\n'), 'pw');
    assert.throws(() => stdinPasswordOf('\n'), /no password/);
    assert.throws(() => stdinPasswordOf('one\ntwo\n'), /one line/);
  });
});

describe('mailbox credentials: no secret in a stored error', () => {
  const server = parseMailUrl('--smtp-url', 'smtp', 'smtps://rep%40acme.com:p%40ss%2Fword@mail.acme.com');
  const plain = (text: string) => Buffer.from(text, 'utf8').toString('base64');

  it('when a server message names the password raw or URL-encoded, then both are masked', () => {
    assert.equal(withoutSecrets('refused p@ss/word and p%40ss%2Fword', [server]), 'refused *** and ***');
  });

  it("when a message carries a URL with userinfo, then the userinfo is masked, whoever's it is", () => {
    assert.equal(
      withoutSecrets('cannot reach smtps://someone:other-secret@mx.example.org:465 now', [server]),
      'cannot reach smtps://***@mx.example.org:465 now',
    );
  });

  it('when a message carries the login, as given, URL-encoded or base64, then it is masked (and a word that merely contains it is not)', () => {
    assert.equal(withoutSecrets('user rep@acme.com / rep%40acme.com unknown', [server]), 'user *** / *** unknown');
    assert.equal(withoutSecrets(`334 ${plain('rep@acme.com')}`, [server]), '334 ***');
    const ann = parseMailUrl('--imap-url', 'imap', 'imaps://ann:long-password@mail.acme.com');
    assert.equal(withoutSecrets('ann cannot log in', [ann]), '*** cannot log in');
  });

  it('when a message carries the AUTH PLAIN or AUTH LOGIN base64 of the credentials, then it is masked', () => {
    for (const sasl of [
      plain('\0rep@acme.com\0p@ss/word'),
      plain('rep@acme.com\0rep@acme.com\0p@ss/word'),
      plain('p@ss/word'),
    ]) {
      const cleaned = withoutSecrets(`C: AUTH PLAIN ${sasl}\nS: 535 5.7.8 Error`, [server]);
      assert.equal(cleaned, 'C: AUTH PLAIN ***\nS: 535 5.7.8 Error');
    }
  });

  it('when a mailbox transport fails, then what it throws and what it answers carry no secret, and the error keeps its code', async () => {
    const thrown = Object.assign(
      new Error('Invalid login: AUTH PLAIN ' + plain('\0rep@acme.com\0p@ss/word') + ' refused for rep@acme.com'),
      { code: 'EAUTH', responseCode: 535 },
    );
    const failing = scrubbedTransport(
      {
        send: async () => {
          throw thrown;
        },
      },
      server,
    );
    const message = {
      from: { name: 'Rep', email: 'rep@acme.com' },
      to: { email: 'pat@buyer.test' },
      subject: 'Hi',
      text: 'Hi',
      headers: {},
      messageId: '<a@b>',
    };
    await assert.rejects(
      failing.send(message),
      (error: Error & { code?: string; responseCode?: number }) =>
        error.message === 'Invalid login: AUTH PLAIN *** refused for ***' &&
        error.code === 'EAUTH' &&
        error.responseCode === 535 &&
        !error.stack!.includes('p@ss'),
    );
    const refusing = scrubbedTransport(
      { send: async () => ({ accepted: false, providerMessageId: '<a@b>', error: '550 p%40ss%2Fword rejected' }) },
      server,
    );
    assert.equal((await refusing.send(message)).error, '550 *** rejected');
  });
});
