// Rotation's choice (domain/sequences/sender-choice.ts): a burst of enrollments spreads over a pool
// by each mailbox's remaining capacity today, a mailbox that cannot send takes no new runs, and an
// overflow past every limit spreads in proportion to the limits.
import assert from 'node:assert/strict';
import { chooseSender, type PoolMember } from '../../../domain/sequences/sender-choice.ts';

/** Gives `runs` new runs one at a time, each counted as assigned to its member; the runs per member. */
function burst(members: PoolMember[], runs: number): Record<string, number> {
  const given: Record<string, number> = Object.fromEntries(members.map((m) => [m.id, 0]));
  for (let i = 0; i < runs; i++) {
    const id = chooseSender(members)!;
    given[id]++;
    members.find((m) => m.id === id)!.assigned++;
  }
  return given;
}

const member = (id: string, limit: number, extra: Partial<PoolMember> = {}): PoolMember => ({
  id,
  limit,
  counted: 0,
  assigned: 0,
  canSend: true,
  ...extra,
});

describe('rotation: the sender a new run is given', () => {
  it('when 300 runs are enrolled over limits of 200, 100 and 0, then they spread 200/100/0', () => {
    const given = burst([member('a', 200), member('b', 100), member('c', 0)], 300);
    assert.deepEqual(given, { a: 200, b: 100, c: 0 });
  });

  it('when a mailbox has already sent today, then its counted emails lower what it takes', () => {
    const given = burst([member('a', 200, { counted: 150 }), member('b', 100)], 150);
    assert.deepEqual(given, { a: 50, b: 100 });
  });

  it('when a mailbox cannot send (AUTH_FAILED, ERROR, paused), then it takes no new runs whatever its capacity', () => {
    const given = burst([member('a', 500, { canSend: false }), member('b', 50), member('c', 50)], 120);
    assert.equal(given.a, 0);
    assert.deepEqual([given.b, given.c], [60, 60], 'past capacity the able ones share by their limits');
  });

  it('when no member can send, then the run still gets the member with the most room (it waits with its runs)', () => {
    const members = [member('a', 10, { canSend: false }), member('b', 100, { canSend: false, assigned: 20 })];
    assert.equal(chooseSender(members), 'b');
  });

  it('when every limit is used up today, then an overflow spreads in proportion to the limits', () => {
    const given = burst([member('a', 200, { counted: 200 }), member('b', 100, { counted: 100 }), member('c', 0)], 600);
    assert.ok(Math.abs(given.a - 400) <= 2 && Math.abs(given.b - 200) <= 2, JSON.stringify(given));
    assert.equal(given.c, 0);
  });

  it('when members tie, then the one with fewer runs given wins, then pool order; an empty pool has none', () => {
    assert.equal(chooseSender([member('a', 100, { counted: 10 }), member('b', 100, { assigned: 10 })]), 'a');
    assert.equal(chooseSender([member('a', 100), member('b', 100)]), 'a');
    assert.equal(chooseSender([]), null);
  });
});
