// The mailbox URL rules (domain/mailboxes/mail-urls.ts): TLS schemes, STARTTLS required off
// loopback, URL-encoded logins, refusals naming the option. Secrets in stored text: credentials.test.ts.
import assert from 'node:assert/strict';
import {
  describeMailServer,
  isLoopbackHost,
  loginAddress,
  MailUrlError,
  parseMailUrl,
} from '../../../domain/mailboxes/mail-urls.ts';

describe('mailbox URLs', () => {
  it('when the scheme is smtps or imaps, then TLS is used from the first byte on the default port', () => {
    const smtp = parseMailUrl('--smtp-url', 'smtp', 'smtps://ann%40acme.com:s3cret@mail.acme.com');
    assert.deepEqual(smtp, {
      protocol: 'smtp',
      host: 'mail.acme.com',
      port: 465,
      tls: true,
      requireStartTls: false,
      user: 'ann@acme.com',
      password: 's3cret',
    });
    assert.equal(parseMailUrl('--imap-url', 'imap', 'imaps://ann:pw@mail.acme.com').port, 993);
  });

  it('when the scheme is smtp or imap to a remote host, then STARTTLS is required', () => {
    const smtp = parseMailUrl('--smtp-url', 'smtp', 'smtp://ann:pw@mail.acme.com:2525');
    assert.equal(smtp.tls, false);
    assert.equal(smtp.requireStartTls, true);
    assert.equal(smtp.port, 2525);
    assert.equal(parseMailUrl('--imap-url', 'imap', 'imap://ann:pw@mail.acme.com').requireStartTls, true);
  });

  it('when the host is loopback, then plain text is allowed (STARTTLS only when offered)', () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '127.1.2.3']) {
      assert.equal(parseMailUrl('--smtp-url', 'smtp', `smtp://a:b@${host}:3025`).requireStartTls, false, host);
    }
    assert.equal(isLoopbackHost('128.0.0.1'), false);
    assert.equal(isLoopbackHost('localhost.evil.com'), false);
  });

  it('when login and password are URL-encoded, then they are decoded', () => {
    const server = parseMailUrl('--imap-url', 'imap', 'imap://a%2Bb%40x.io:p%40ss%3Aw%2Frd%25@127.0.0.1:3143');
    assert.equal(server.user, 'a+b@x.io');
    assert.equal(server.password, 'p@ss:w/rd%');
    assert.equal(loginAddress(server), 'a+b@x.io');
    assert.equal(loginAddress(parseMailUrl('--imap-url', 'imap', 'imap://ann:pw@127.0.0.1')), null);
  });

  it('when a URL breaks a rule, then the error names the option and the rule', () => {
    const refused = (option: string, protocol: 'smtp' | 'imap', url: string, pattern: RegExp) =>
      assert.throws(
        () => parseMailUrl(option, protocol, url),
        (error: unknown) =>
          error instanceof MailUrlError &&
          error.option === option &&
          error.message.startsWith(`${option}: `) &&
          pattern.test(error.message),
      );
    refused('--smtp-url', 'smtp', 'http://a:b@mail.acme.com', /smtps:\/\/ \(TLS\) or smtp:\/\//);
    refused('--smtp-url', 'smtp', 'imaps://a:b@mail.acme.com', /not imaps:\/\//);
    refused('--imap-url', 'imap', 'not a url', /not a URL/);
    refused('--imap-url', 'imap', 'imaps://mail.acme.com', /login and the password/);
    refused('--imap-url', 'imap', 'imaps://ann@mail.acme.com', /login and the password/);
    refused('--smtp-url', 'smtp', 'smtps://a:b@mail.acme.com/inbox', /no path/);
    refused('--smtp-url', 'smtp', 'smtps://a:%E0%A4%A@mail.acme.com', /password is not validly URL-encoded/);
  });

  it('when a server is described, then neither login nor password is in it', () => {
    const server = parseMailUrl('--smtp-url', 'smtp', 'smtps://ann:p%40ssword@mail.acme.com');
    assert.equal(describeMailServer(server), 'smtps://mail.acme.com:465');
  });
});
