// The worker refuses activity concurrency its database pool cannot serve (each activity may hold two
// connections); with too many slots the pool can end up exhausted by transactions waiting on themselves.
import assert from 'node:assert/strict';
import { loadConfig } from '../../config.ts';
import { checkPoolFitsActivities } from '../../worker.ts';

describe('worker pool sizing', () => {
  it('when the defaults are used, then the pool fits the activity slots', () => {
    const config = loadConfig({});
    assert.doesNotThrow(() =>
      checkPoolFitsActivities(
        config.dbPoolMax,
        config.workerActivityConcurrency,
        config.workerLocalActivityConcurrency,
      ),
    );
  });

  it('when the activity slots need more connections than the pool has, then the worker refuses to start, naming the settings', () => {
    assert.throws(() => checkPoolFitsActivities(10, 8, 3), /DB_POOL_MAX 10 is too small.*at least 24/);
    assert.doesNotThrow(() => checkPoolFitsActivities(24, 8, 3));
  });
});
