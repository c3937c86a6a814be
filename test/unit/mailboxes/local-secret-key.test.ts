// The local stack's own secret key (scripts/local-secret-key.ts): made once for a new data folder,
// private to its owner, never invented for a DATABASE_URL's service or for data made under the
// development key.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localSecretKey, withLocalSecretKey } from '../../../scripts/local-secret-key.ts';

describe("the local stack's secret key", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ows-key-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('when the data folder is new, then a random key of 64 characters is made once, readable by its owner only', () => {
    const key = localSecretKey(join(dir, 'data'));
    assert.equal(key?.length, 64);
    assert.equal(localSecretKey(join(dir, 'data')), key);
    assert.equal(statSync(join(dir, 'data', 'secret-key')).mode & 0o777, 0o600);
    assert.equal(withLocalSecretKey({}, join(dir, 'data')).WEBHOOK_SECRET_KEY, key);
  });

  it('when a key or a DATABASE_URL is set, then the environment is left as it is', () => {
    assert.equal(withLocalSecretKey({ WEBHOOK_SECRET_KEY: 'given' }, dir).WEBHOOK_SECRET_KEY, 'given');
    assert.equal(withLocalSecretKey({ DATABASE_URL: 'postgres://db/x' }, dir).WEBHOOK_SECRET_KEY, undefined);
  });

  it('when the embedded data was made before the key file, then no key is made (its secrets open only under the development key)', () => {
    mkdirSync(join(dir, 'postgres'), { recursive: true });
    writeFileSync(join(dir, 'postgres', 'PG_VERSION'), '17\n');
    assert.equal(localSecretKey(dir), null);
  });
});
