// The benchmark's before/after view (scripts/bench/before.ts): lines both runs printed, with their
// figures as "before → after".
import assert from 'node:assert/strict';
import { medianLines, sideBySide } from '../../scripts/bench/before.ts';

describe('benchmark before/after lines', () => {
  it('pairs the lines of one shape and shows each changed figure as before → after', () => {
    const before = ['(a) 100 contacts', '    201: p50 516 ms, p99 933 ms (n=100)', 'only in the old code 7'];
    const after = ['(a) 100 contacts', '    201: p50 88 ms, p99 933 ms (n=100)', '    p50 of each phase (ms): api 20'];
    assert.deepEqual(sideBySide(before, after), ['(a) 100 contacts', '    201: p50 516 → 88 ms, p99 933 ms (n=100)']);
  });

  it('compares the figures, not the goals the two versions state', () => {
    assert.deepEqual(
      sideBySide(['    pause: p99 240 ms (goal p99 < 300 ms)'], ['    pause: p99 196 ms (goal p99 < 100 ms)']),
      ['    pause: p99 240 → 196 ms (goal p99 < 100 ms)'],
    );
  });

  it('pairs repeated shapes in order', () => {
    assert.deepEqual(
      sideBySide(
        ['pause: p50 150 ms', 'resume: p50 140 ms', 'pause: p50 151 ms'],
        ['pause: p50 40 ms', 'pause: p50 41 ms'],
      ),
      ['pause: p50 150 → 40 ms', 'pause: p50 151 → 41 ms'],
    );
  });

  it("takes each figure as its median over the rounds, keeping the first round's lines", () => {
    const rounds = [
      ['(a) 100 contacts', '    201: p50 90 ms, p99 200 ms (goal p50 < 100 ms)', 'warm-up 1'],
      ['(a) 100 contacts', '    201: p50 300 ms, p99 250 ms (goal p50 < 100 ms)'],
      ['(a) 100 contacts', '    201: p50 100 ms, p99 180 ms (goal p50 < 100 ms)'],
    ];
    assert.deepEqual(medianLines(rounds), [
      '(a) 100 contacts',
      '    201: p50 100 ms, p99 200 ms (goal p50 < 100 ms)',
      'warm-up 1',
    ]);
    assert.deepEqual(medianLines([['lag 1.5 s'], ['lag 2.5 s']]), ['lag 2.0 s']);
  });
});
