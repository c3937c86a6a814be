// Identifier normalisation (domain/people/identifiers.ts).
import assert from 'node:assert/strict';
import {
  emailDomain,
  normalizeDomain,
  normalizeEmail,
  normalizeLinkedinUrl,
} from '../../../domain/people/identifiers.ts';

describe('normalisation', () => {
  it('when emails differ only in case and spaces, then they normalise alike; junk is refused', () => {
    assert.equal(normalizeEmail('  Ada@ACME.test '), 'ada@acme.test');
    assert.equal(emailDomain('ada@acme.test'), 'acme.test');
    for (const bad of [
      '',
      'ada',
      'ada@',
      '@acme.test',
      'ada@acme',
      'a da@acme.test',
      'ada@@acme.test',
      '.ada@acme.test',
      'a..b@acme.test',
      `${'a'.repeat(65)}@acme.test`,
    ]) {
      assert.equal(normalizeEmail(bad), null, bad);
    }
  });

  it('when a LinkedIn URL is typed any usual way, then one canonical form results', () => {
    const canonical = 'https://www.linkedin.com/in/ada-lovelace-test';
    for (const variant of [
      'https://www.linkedin.com/in/ada-lovelace-test',
      'https://www.linkedin.com/in/ada-lovelace-test/',
      'http://linkedin.com/in/ada-lovelace-test',
      'linkedin.com/in/Ada-Lovelace-Test',
      'www.linkedin.com/in/ada-lovelace-test?trk=public_profile',
      'HTTPS://WWW.LINKEDIN.COM/IN/ADA-LOVELACE-TEST/#about',
      'https://uk.linkedin.com/in/ada-lovelace-test',
    ]) {
      assert.equal(normalizeLinkedinUrl(variant), canonical, variant);
    }
    for (const bad of [
      '',
      'https://example.com/in/ada',
      'https://www.linkedin.com/company/acme',
      'https://www.linkedin.com/in/',
      'ftp://linkedin.com/in/ada',
      'https://evil-linkedin.com/in/ada',
    ]) {
      assert.equal(normalizeLinkedinUrl(bad), null, bad);
    }
  });

  it('when a domain comes with scheme, www, path, port or trailing dot, then the bare host remains', () => {
    for (const variant of [
      'acme.test',
      'ACME.test',
      'https://www.acme.test/about?x=1',
      'http://acme.test:8080/',
      'www.acme.test.',
      ' acme.test ',
    ]) {
      assert.equal(normalizeDomain(variant), 'acme.test', variant);
    }
    assert.equal(normalizeDomain('sub.acme.co.uk'), 'sub.acme.co.uk');
    for (const bad of ['', 'acme', 'acme..test', '-acme.test', 'acme.123', 'http://', 'acme_corp.test']) {
      assert.equal(normalizeDomain(bad), null, bad);
    }
  });
});
