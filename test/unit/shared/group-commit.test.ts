// Group commit (domain/shared/group-commit.ts): a lone write goes at once, writes that come while
// one is in flight share the next batch within its bounds, and a batch that fails is written again
// item by item so that only a refused item fails.
import assert from 'node:assert/strict';
import { groupCommit } from '../../../domain/shared/group-commit.ts';

/** A writer whose batches are recorded and finish when the test lets them. */
function recordingWriter(refuse: (item: string) => boolean = () => false) {
  const batches: string[][] = [];
  const pending: (() => void)[] = [];
  const writeBatch = (items: string[]) => {
    batches.push(items);
    return new Promise<string[]>((resolve, reject) => {
      pending.push(() => {
        const refused = items.find(refuse);
        if (refused) reject(new Error(`refused ${refused}`));
        else resolve(items.map((item) => `stored ${item}`));
      });
    });
  };
  /** Finishes the batches in flight, and then those they led to, until none is left. */
  const finishAll = async () => {
    while (pending.length > 0) {
      pending.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { batches, pending, writeBatch, finishAll };
}

describe('groupCommit', () => {
  it('when a write comes while none is in flight, then it goes at once in a batch of its own', async () => {
    const w = recordingWriter();
    const write = groupCommit(w.writeBatch, { batchMax: 10 });
    const result = write('a');
    assert.deepEqual(w.batches, [['a']], 'sent before anything else happens');
    await w.finishAll();
    assert.equal(await result, 'stored a');
  });

  it('when writes come while one is in flight, then they go together in the next batch, each answered with its own result', async () => {
    const w = recordingWriter();
    const write = groupCommit(w.writeBatch, { batchMax: 10 });
    const results = ['a', 'b', 'c', 'd'].map((item) => write(item));
    assert.deepEqual(w.batches, [['a']], 'b, c and d wait for a');
    await w.finishAll();
    assert.deepEqual(w.batches, [['a'], ['b', 'c', 'd']]);
    assert.deepEqual(await Promise.all(results), ['stored a', 'stored b', 'stored c', 'stored d']);
  });

  it('when more writes wait than a batch takes, then they go in batches of at most batchMax, in arrival order', async () => {
    const w = recordingWriter();
    const write = groupCommit(w.writeBatch, { batchMax: 2 });
    const results = ['a', 'b', 'c', 'd', 'e', 'f'].map((item) => write(item));
    await w.finishAll();
    assert.deepEqual(w.batches, [['a'], ['b', 'c'], ['d', 'e'], ['f']]);
    assert.equal((await Promise.all(results)).length, 6);
  });

  it('when items are large, then a batch stays within sizeMax, except a first item that alone exceeds it', async () => {
    const w = recordingWriter();
    const write = groupCommit(w.writeBatch, { batchMax: 100, sizeMax: 10, sizeOf: (item) => item.length });
    const results = ['x', 'aaaa', 'bbbb', 'cccc', 'dddddddddddddddd', 'e'].map((item) => write(item));
    await w.finishAll();
    assert.deepEqual(w.batches, [['x'], ['aaaa', 'bbbb'], ['cccc'], ['dddddddddddddddd'], ['e']]);
    assert.equal((await Promise.all(results)).length, 6);
  });

  it('when a batch is refused, then its items are written one by one: only the refused item fails', async () => {
    const w = recordingWriter((item) => item === 'bad');
    const write = groupCommit(w.writeBatch, { batchMax: 10 });
    const results = ['first', 'b', 'bad', 'c'].map((item) => write(item).then(String, (error: Error) => error.message));
    await w.finishAll();
    assert.deepEqual(await Promise.all(results), ['stored first', 'stored b', 'refused bad', 'stored c']);
    assert.deepEqual(w.batches, [['first'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });

  it('when writes come after the queue emptied, then the next goes at once again', async () => {
    const w = recordingWriter();
    const write = groupCommit(w.writeBatch, { batchMax: 10 });
    const first = write('a');
    await w.finishAll();
    await first;
    const second = write('b');
    assert.deepEqual(w.batches, [['a'], ['b']]);
    await w.finishAll();
    assert.equal(await second, 'stored b');
  });
});
