// Configuration defaults and refusal of bad values (config.ts).
import assert from 'node:assert/strict';
import { loadConfig } from '../../config.ts';

describe('config', () => {
  it('when the environment is empty, then the documented defaults apply', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.temporalAddress, undefined);
    assert.equal(config.temporalNamespace, 'default');
    assert.equal(config.temporalTaskQueue, 'outreach');
    assert.equal(config.dataDir, '.data');
  });

  it('when a number is malformed, then loading fails naming the variable', () => {
    assert.throws(() => loadConfig({ PORT: 'abc' }), /PORT/);
    assert.throws(() => loadConfig({ KEY_CACHE_TTL_MS: '-1' }), /KEY_CACHE_TTL_MS/);
  });
});
