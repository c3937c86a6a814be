// Key format, hashing and header parsing (domain/admin/api-keys.ts).
import assert from 'node:assert/strict';
import {
  bearerToken,
  generateApiKey,
  hashApiKey,
  hashesEqual,
  isWellFormedKey,
  keyPrefixOf,
} from '../../../domain/admin/api-keys.ts';

describe('API keys', () => {
  it('when generated, then the key is ows_ plus 32 base62 characters (>= 128 bits) and the prefix leads it', () => {
    const key = generateApiKey();
    assert.match(key.raw, /^ows_[0-9A-Za-z]{32}$/);
    assert.ok(32 * Math.log2(62) >= 128);
    assert.ok(key.raw.startsWith(key.prefix));
    assert.equal(key.prefix, keyPrefixOf(key.raw));
    assert.equal(key.prefix.length, 12);
    assert.equal(key.hash, hashApiKey(key.raw));
    assert.match(key.hash, /^[0-9a-f]{64}$/);
  });

  it('when many keys are generated, then none repeats and every base62 digit occurs', () => {
    const keys = Array.from({ length: 2000 }, () => generateApiKey().raw);
    assert.equal(new Set(keys).size, keys.length);
    const digits = new Set(keys.join('').replaceAll('ows_', ''));
    assert.equal(digits.size, 62);
  });

  it('when checking the form, then only the exact format is accepted', () => {
    assert.ok(isWellFormedKey(generateApiKey().raw));
    for (const bad of [
      '',
      'ows_',
      'ows_short',
      `xyz_${'a'.repeat(32)}`,
      `ows_${'a'.repeat(31)}!`,
      `ows_${'a'.repeat(33)}`,
    ]) {
      assert.equal(isWellFormedKey(bad), false, bad);
    }
  });

  it('when comparing hashes, then equal digests match and different or malformed ones do not', () => {
    const a = hashApiKey('a');
    assert.ok(hashesEqual(a, hashApiKey('a')));
    assert.equal(hashesEqual(a, hashApiKey('b')), false);
    assert.equal(hashesEqual(a, 'abcd'), false);
  });

  it('when reading the Authorization header, then only "Bearer <token>" yields a token', () => {
    assert.equal(bearerToken('Bearer abc'), 'abc');
    assert.equal(bearerToken('bearer abc'), 'abc');
    assert.equal(bearerToken(undefined), null);
    assert.equal(bearerToken('Basic abc'), null);
    assert.equal(bearerToken('Bearer'), null);
    assert.equal(bearerToken('Bearer a b'), null);
  });
});
