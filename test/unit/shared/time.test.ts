import assert from 'node:assert/strict';
import { DAY_MS, iso } from '../../../domain/shared/time.ts';

describe('time helpers', () => {
  it('when a Date or the database text of a timestamp is given, then iso answers the same UTC text', () => {
    assert.equal(iso(new Date('2026-01-31T09:00:00Z')), '2026-01-31T09:00:00.000Z');
    assert.equal(iso('2026-01-31 10:00:00+01'), '2026-01-31T09:00:00.000Z');
    assert.equal(iso(null), null);
  });

  it('when a day is counted in milliseconds, then it is 86 400 000', () => {
    assert.equal(DAY_MS, 86_400_000);
  });
});
