// The A/B rule on constructed counters: a clear winner, no winner, the minimum not reached, and the
// statistics it rests on.
import assert from 'node:assert/strict';
import { abWinner, normalCdf, twoProportionZ } from '../../../domain/sequences/ab-test.ts';

const RULE = { metric: 'REPLY_RATE' as const, min_sends: 100, confidence: 0.95 };

describe('A/B winner rule', () => {
  it('when one variant replies clearly more often, then it wins, with its z score and p-value', () => {
    const verdict = abWinner(
      [
        { variant: 1, delivered: 400, successes: 20 },
        { variant: 2, delivered: 400, successes: 48 },
      ],
      RULE,
    );
    assert.ok(verdict);
    assert.equal(verdict.variant, 2);
    assert.equal(verdict.threshold, 0.05);
    assert.ok(verdict.p_value < 0.001, `p ${verdict.p_value}`);
    assert.ok(verdict.z > 3.3 && verdict.z < 3.7, `z ${verdict.z}`);
    assert.deepEqual(
      verdict.tallies.map((t) => t.rate),
      [0.05, 0.12],
    );
  });

  it('when the difference is within chance, then no winner', () => {
    assert.equal(
      abWinner(
        [
          { variant: 1, delivered: 400, successes: 20 },
          { variant: 2, delivered: 400, successes: 26 },
        ],
        RULE,
      ),
      null,
    );
  });

  it('when a variant has fewer delivered messages than the minimum, then no verdict however large the gap', () => {
    assert.equal(
      abWinner(
        [
          { variant: 1, delivered: 99, successes: 0 },
          { variant: 2, delivered: 400, successes: 200 },
        ],
        RULE,
      ),
      null,
    );
  });

  it('when three variants compete, then the best must beat each of the others under the Bonferroni threshold', () => {
    const tallies = [
      { variant: 1, delivered: 500, successes: 25 },
      { variant: 2, delivered: 500, successes: 60 },
      { variant: 3, delivered: 500, successes: 45 },
    ];
    // 2 beats 1 easily, but not 3 with 97.5% per comparison: no winner yet.
    assert.equal(abWinner(tallies, RULE), null);
    const [first, second] = tallies;
    const clear = abWinner([first, second, { variant: 3, delivered: 500, successes: 30 }], RULE);
    assert.equal(clear?.variant, 2);
    assert.equal(clear?.threshold, 0.025);
  });

  it('when the normal distribution and the z score are computed, then they match the tables', () => {
    assert.ok(Math.abs(normalCdf(0) - 0.5) < 1e-7);
    assert.ok(Math.abs(normalCdf(1.96) - 0.975) < 1e-4);
    assert.ok(Math.abs(normalCdf(-1.645) - 0.05) < 1e-4);
    assert.equal(
      twoProportionZ({ variant: 1, delivered: 10, successes: 0 }, { variant: 2, delivered: 10, successes: 0 }),
      0,
    );
  });
});
