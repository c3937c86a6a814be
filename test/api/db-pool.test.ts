// The services' PostgreSQL pool keeps an unused connection open for DB_POOL_IDLE_MS
// (db/mikro-orm.config.ts): a connection opened again would cost its next request its backend's
// start and cold caches.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { loadConfig } from '../../config.ts';
import { openOrm } from '../../db/orm.ts';
import { getStack } from '../helpers/stack.ts';

describe('database pool: idle connections', () => {
  /** Connections the pool holds `waitMs` after one query, with the given idle time. */
  async function openAfter(poolIdleMs: number, waitMs: number): Promise<number> {
    const { databaseUrl } = await getStack();
    const orm = await openOrm({ databaseUrl, poolMax: 2, poolIdleMs });
    try {
      await orm.em.getConnection().execute('select 1');
      const pool = (await orm.em.getConnection().getNativeClient()) as unknown as pg.Pool;
      await sleep(waitMs);
      return pool.totalCount;
    } finally {
      await orm.close();
    }
  }

  it('when a connection is unused for less than the idle time, then it stays open; past it, it is closed', async () => {
    const [kept, closed] = await Promise.all([openAfter(3_000, 1_500), openAfter(500, 1_500)]);
    assert.equal(kept, 1, 'kept open within its idle time');
    assert.equal(closed, 0, 'closed after its idle time');
  });

  it('when DB_POOL_IDLE_MS is not set, then the services keep a connection a minute; it is read from the environment', () => {
    assert.equal(loadConfig({}).dbPoolIdleMs, 60_000);
    assert.equal(loadConfig({ DB_POOL_IDLE_MS: '300000' }).dbPoolIdleMs, 300_000);
  });
});
