// The webhook retry schedule (domain/webhooks/schedule.ts): eight attempts, fixed delays with ±10%
// jitter, Retry-After taking precedence up to its 10-hour cap.
import assert from 'node:assert/strict';
import { delayBounds, MAX_ATTEMPTS, nextDelayMs, RETRY_DELAYS_MS } from '../../../domain/webhooks/schedule.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe('webhook retry schedule', () => {
  it('when the schedule is read, then it is 8 attempts: 0, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h apart', () => {
    assert.equal(MAX_ATTEMPTS, 8);
    assert.deepEqual([...RETRY_DELAYS_MS], [5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H]);
  });

  it('when jitter is at its extremes, then the delay stays within ±10% of the step', () => {
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const base = RETRY_DELAYS_MS[attempt - 1];
      assert.equal(nextDelayMs(attempt, null, 0), Math.round(base * 0.9));
      assert.equal(nextDelayMs(attempt, null, 0.5), base);
      assert.ok(nextDelayMs(attempt, null, 0.999_999)! <= Math.round(base * 1.1));
      assert.deepEqual(delayBounds(attempt), { min: Math.round(base * 0.9), max: Math.round(base * 1.1) });
    }
  });

  it('when the last attempt failed, then there is no next delay, whatever Retry-After says', () => {
    assert.equal(nextDelayMs(MAX_ATTEMPTS, null, 0.5), null);
    assert.equal(nextDelayMs(MAX_ATTEMPTS, 1000, 0.5), null);
    assert.equal(delayBounds(MAX_ATTEMPTS), null);
  });

  it('when the receiver sent Retry-After, then that wait replaces the step and is capped at 10 hours', () => {
    assert.equal(nextDelayMs(1, 120 * S, 0.9), 120 * S);
    assert.equal(nextDelayMs(3, 0, 0.9), 0);
    assert.equal(nextDelayMs(2, 48 * H, 0.1), 10 * H);
  });

  it('when Retry-After is unusable, then the normal step applies', () => {
    assert.equal(nextDelayMs(1, Number.NaN, 0.5), 5 * S);
    assert.equal(nextDelayMs(1, -5, 0.5), 5 * S);
  });
});
