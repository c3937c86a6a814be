// domain/shared/uuid7.ts: time-ordered ids that keep the order they were made in.
import assert from 'node:assert/strict';
import { uuid7 } from '../../../domain/shared/uuid7.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const timeOf = (id: string) => parseInt(id.replace(/-/g, '').substring(0, 12), 16);

describe('uuid7', () => {
  it('when ids are made, then each is a version 7 UUID carrying the given millisecond', () => {
    const at = Date.UTC(2031, 0, 1);
    const id = uuid7(at);
    assert.match(id, V7);
    assert.equal(timeOf(id), at);
  });

  it('when many ids are made in one millisecond, then they sort in the order they were made', () => {
    const at = Date.UTC(2032, 0, 1);
    const ids = Array.from({ length: 5000 }, () => uuid7(at));
    assert.deepEqual([...ids].sort(), ids);
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, V7);
  });

  it('when the clock steps back, then the next id still sorts after the last one', () => {
    const at = Date.UTC(2033, 0, 1);
    const before = uuid7(at);
    const after = uuid7(at - 60_000);
    assert.ok(after > before, `${after} > ${before}`);
  });
});
