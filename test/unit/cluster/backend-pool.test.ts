// The local load balancer's choice of API replica: round robin over the ready ones, each replica
// tried at most once per request, and only requests safe to replay go to a second replica.
import assert from 'node:assert/strict';
import { BackendPool } from '../../../scripts/cluster/backend-pool.ts';
import { replayable } from '../../../scripts/cluster/load-balancer.ts';

describe('load balancer backend pool (npm run cluster)', () => {
  it('when every replica is ready, then requests go round robin', () => {
    const pool = new BackendPool(['a', 'b']);
    assert.deepEqual([pool.next(), pool.next(), pool.next(), pool.next()], ['a', 'b', 'a', 'b']);
  });

  it('when a replica failed two readiness checks in a row, then it gets nothing until one passes again', () => {
    const pool = new BackendPool(['a', 'b', 'c']);
    pool.checked('b', false);
    assert.equal(pool.isReady('b'), true, 'one slow check is not an outage');
    pool.checked('b', true);
    pool.checked('b', false);
    assert.equal(pool.isReady('b'), true, 'a passed check resets the count');
    pool.checked('b', false);
    assert.equal(pool.isReady('b'), false);
    assert.deepEqual(
      Array.from({ length: 4 }, () => pool.next()),
      ['a', 'c', 'a', 'c'],
    );
    pool.checked('b', true);
    assert.deepEqual(new Set(Array.from({ length: 3 }, () => pool.next())), new Set(['a', 'b', 'c']));
  });

  it('when a request could not reach a replica, then it is out at once until a check passes', () => {
    const pool = new BackendPool(['a', 'b']);
    pool.mark('a', false);
    assert.deepEqual([pool.next(), pool.next()], ['b', 'b']);
    pool.checked('a', false);
    assert.equal(pool.isReady('a'), false);
    pool.checked('a', true);
    assert.equal(pool.isReady('a'), true);
  });

  it('when a request already failed on a replica, then the next pick is another one, and none once all were tried', () => {
    const pool = new BackendPool(['a', 'b']);
    const tried = new Set([pool.next()!]);
    const second = pool.next(tried)!;
    assert.notEqual(second, [...tried][0]);
    tried.add(second);
    assert.equal(pool.next(tried), undefined);
  });

  it("when no replica is ready, then one is still picked, so the client hears the API's own answer", () => {
    const pool = new BackendPool(['a', 'b']);
    pool.mark('a', false);
    pool.mark('b', false);
    assert.ok(['a', 'b'].includes(pool.next()!));
  });

  it('when a request failed to reach a replica, then only GET, HEAD and POSTs with an Idempotency-Key are replayed elsewhere', () => {
    assert.equal(replayable('GET', {}), true);
    assert.equal(replayable('HEAD', {}), true);
    assert.equal(replayable('POST', { 'idempotency-key': 'k' }), true);
    assert.equal(replayable('POST', {}), false);
    assert.equal(replayable('PATCH', {}), false);
  });

  it('when created without replicas, then it refuses', () => {
    assert.throws(() => new BackendPool([]), /at least one/);
  });
});
