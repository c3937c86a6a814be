// The suppression hash of an erased person's identifiers (domain/people/suppression-hash.ts) and
// its key's configuration (config.ts): keyed, so a stored value is not the plain SHA-256 a
// dictionary of addresses reverses; stable under one key; bound to the organization.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { loadConfig } from '../../../config.ts';
import { suppressionHash, useSuppressionHashKey } from '../../../domain/people/suppression-hash.ts';

const ORG = '00000000-0000-4000-8000-000000000001';
const OTHER_ORG = '00000000-0000-4000-8000-000000000002';
const EMAIL = 'ada@example.com';

describe('suppression hash', () => {
  const key = 'k'.repeat(48);
  after(() => useSuppressionHashKey(loadConfig({}).suppressionHashKey));

  it('when an address is hashed twice under one key, then the values are equal, hex of 64, and not its SHA-256', () => {
    useSuppressionHashKey(key);
    const first = suppressionHash(ORG, EMAIL);
    assert.equal(suppressionHash(ORG, EMAIL), first);
    assert.match(first, /^[0-9a-f]{64}$/);
    assert.notEqual(first, createHash('sha256').update(EMAIL).digest('hex'));
    assert.notEqual(first, createHash('sha256').update(`${ORG}:${EMAIL}`).digest('hex'));
  });

  it('when the key or the organization differs, then the value differs', () => {
    useSuppressionHashKey(key);
    const first = suppressionHash(ORG, EMAIL);
    assert.notEqual(suppressionHash(OTHER_ORG, EMAIL), first);
    useSuppressionHashKey(`${key}x`);
    assert.notEqual(suppressionHash(ORG, EMAIL), first);
  });

  it('when SUPPRESSION_HASH_KEY is unset, then it is derived from WEBHOOK_SECRET_KEY; set, it is used; short outside sandbox mode, refused', () => {
    const secret = 's'.repeat(40);
    const derived = loadConfig({ WEBHOOK_SECRET_KEY: secret }).suppressionHashKey;
    assert.ok(derived.includes(secret));
    assert.notEqual(loadConfig({ WEBHOOK_SECRET_KEY: `${secret}x` }).suppressionHashKey, derived);
    assert.equal(loadConfig({ WEBHOOK_SECRET_KEY: secret, SUPPRESSION_HASH_KEY: key }).suppressionHashKey, key);
    const production = { SMTP_URL: 'smtp://mail.example.com', WEBHOOK_SECRET_KEY: secret };
    assert.equal(loadConfig({ ...production, SUPPRESSION_HASH_KEY: key }).suppressionHashKey, key);
    assert.throws(() => loadConfig({ ...production, SUPPRESSION_HASH_KEY: 'short' }), /SUPPRESSION_HASH_KEY/);
  });
});
