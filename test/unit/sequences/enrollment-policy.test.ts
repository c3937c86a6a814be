// The enrollment policy's arithmetic: the pauses between verification attempts and the budget the
// verification step is given.
import assert from 'node:assert/strict';
import {
  VERIFY_POLICY,
  verifyAttemptTimeoutMs,
  verifyBackoffMs,
  verifyBudgetMs,
} from '../../../domain/sequences/enrollment/policy.ts';

describe('enrollment policy', () => {
  it('when attempts fail, then the pauses double from 2 s and never exceed 30 s', () => {
    assert.deepEqual([1, 2, 3, 4, 5, 6].map(verifyBackoffMs), [2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('when the budget is computed, then it covers every attempt timing out plus the pauses between them', () => {
    assert.equal(VERIFY_POLICY.attempts, 5);
    assert.equal(verifyAttemptTimeoutMs(60_000), 90_000);
    assert.equal(verifyBudgetMs(1_000), 5 * 1_000 + 2_000 + 4_000 + 8_000 + 16_000);
  });
});
