// Security review regressions (docs/security-review.md): the webhook URL policy against the address spellings
// an SSRF attempt uses, and the refusal of the development WEBHOOK_SECRET_KEY outside sandbox mode.
import assert from 'node:assert/strict';
import { DEVELOPMENT_WEBHOOK_SECRET_KEY, loadConfig } from '../../config.ts';
import { addressAllowed, urlProblem } from '../../domain/webhooks/url-policy.ts';

const strict = { allowHttpLoopback: false, allowPrivate: false };

describe('webhook URL policy (SSRF)', () => {
  it('when a URL spells a loopback, private, link-local or metadata address in any form, then it is refused', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://017700000001/',
      'https://127.1/',
      'https://0/',
      'https://localhost/',
      'https://localhost./',
      'https://a.localhost/',
      'https://10.0.0.1/',
      'https://169.254.169.254/',
      'https://100.100.100.200/',
      'https://[::1]/',
      'https://[::]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:169.254.169.254]/',
      'https://[::127.0.0.1]/',
      'https://[64:ff9b::10.0.0.1]/',
      'https://[64:ff9b::a9fe:a9fe]/',
      'https://[2002:7f00:1::]/',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
      'https://[fec0::1]/',
      'https://[ff02::1]/',
      'https://224.0.0.1/',
    ]) {
      assert.notEqual(urlProblem(url, strict), null, url);
    }
  });

  it('when a URL is a public host or public address, then it is accepted', () => {
    for (const url of [
      'https://example.com/hook',
      'https://1.1.1.1/',
      'https://[2606:4700::1111]/',
      'https://[64:ff9b::8.8.8.8]/',
      'https://[::ffff:8.8.8.8]/',
    ]) {
      assert.equal(urlProblem(url, strict), null, url);
    }
  });

  it('when a host name resolves, then public IPv4 and IPv6 addresses pass and internal ones are refused', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])
      assert.equal(addressAllowed(address, strict), true, address);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      '::',
      '::ffff:10.0.0.1',
      '::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '2002:a00:1::',
      'fe80::1%eth0',
      'fd12::1',
    ]) {
      assert.equal(addressAllowed(address, strict), false, address);
    }
  });

  it('when http loopback is allowed (local stack), then only loopback opens up', () => {
    const local = { allowHttpLoopback: true, allowPrivate: false };
    assert.equal(urlProblem('http://127.0.0.1:4000/hook', local), null);
    assert.equal(addressAllowed('127.0.0.1', local), true);
    assert.equal(addressAllowed('10.0.0.1', local), false);
    assert.notEqual(urlProblem('http://example.com/hook', local), null);
  });
});

describe('WEBHOOK_SECRET_KEY outside sandbox mode', () => {
  it('when SMTP_URL is set and the key is missing, the development default or short, then loading refuses', () => {
    for (const key of [undefined, DEVELOPMENT_WEBHOOK_SECRET_KEY, 'short']) {
      assert.throws(
        () => loadConfig({ SMTP_URL: 'smtp://mail.example.com', WEBHOOK_SECRET_KEY: key }),
        /WEBHOOK_SECRET_KEY/,
      );
    }
    assert.throws(() => loadConfig({ SANDBOX_MODE: 'false' }), /WEBHOOK_SECRET_KEY/);
  });

  it('when a long key is set, or in sandbox mode, then loading succeeds', () => {
    const key = 'x'.repeat(48);
    assert.equal(loadConfig({ SMTP_URL: 'smtp://mail.example.com', WEBHOOK_SECRET_KEY: key }).webhookSecretKey, key);
    assert.equal(loadConfig({}).webhookSecretKey, DEVELOPMENT_WEBHOOK_SECRET_KEY);
  });
});
