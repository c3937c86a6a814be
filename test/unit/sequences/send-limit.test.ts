// The sender's limit for a UTC day: the daily send limit alone, or lowered by a warm-up ramp that
// grows by its increase each UTC day from its first day up to its target.
import assert from 'node:assert/strict';
import { effectiveDailyLimit, rampDay, rampOf, type Ramp } from '../../../domain/sequences/send-limit.ts';

const ramp: Ramp = { start: 10, increase: 5, target: 50, startedAt: new Date('2031-03-04T00:00:00.000Z') };

describe('effectiveDailyLimit', () => {
  it('when no ramp is set, then the limit is the daily send limit, whatever the day', () => {
    for (const at of ['2031-03-04T10:00:00Z', '2040-01-01T00:00:00Z'])
      assert.equal(effectiveDailyLimit(200, null, new Date(at)), 200);
    assert.equal(effectiveDailyLimit(0, null, new Date()), 0);
  });

  it('when a ramp runs, then the limit is start + increase × day until the target, day by day', () => {
    const limits = Array.from({ length: 11 }, (_, day) =>
      effectiveDailyLimit(200, ramp, new Date(Date.UTC(2031, 2, 4 + day, 23, 59, 59))),
    );
    assert.deepEqual(limits, [10, 15, 20, 25, 30, 35, 40, 45, 50, 50, 50]);
  });

  it('when the daily send limit is below the ramp, then it stays the ceiling', () => {
    assert.equal(effectiveDailyLimit(12, ramp, new Date('2031-03-04T12:00:00Z')), 10);
    assert.equal(effectiveDailyLimit(12, ramp, new Date('2031-03-05T12:00:00Z')), 12);
    assert.equal(effectiveDailyLimit(12, ramp, new Date('2031-04-30T12:00:00Z')), 12);
  });

  it('when the UTC day changes at midnight, then the ramp day changes with it (not 24 h after the start time)', () => {
    const late = { ...ramp, startedAt: new Date('2031-03-04T23:30:00Z') };
    assert.equal(rampDay(late, new Date('2031-03-04T23:59:59.999Z')), 0);
    assert.equal(rampDay(late, new Date('2031-03-05T00:00:00.000Z')), 1);
  });

  it('when asked about a day before the ramp started, then it is day 0', () => {
    assert.equal(rampDay(ramp, new Date('2031-03-01T12:00:00Z')), 0);
    assert.equal(effectiveDailyLimit(200, ramp, new Date('2031-03-01T12:00:00Z')), 10);
  });
});

describe('rampOf', () => {
  it('when every ramp column is set, then it is the ramp; when any is null, then there is none', () => {
    const row = { ramp_start: 1, ramp_increase: 2, ramp_target: 3, ramp_started_at: '2031-03-04T00:00:00.000Z' };
    assert.deepEqual(rampOf(row), { start: 1, increase: 2, target: 3, startedAt: new Date('2031-03-04T00:00:00Z') });
    assert.equal(rampOf({ ...row, ramp_target: null }), null);
    assert.equal(rampOf({ ...row, ramp_started_at: null }), null);
  });
});
