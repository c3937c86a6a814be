// Group commit: the writes of concurrent requests share one statement and one commit. A write goes
// at once when no statement is in flight; writes that come while one is wait for it and then go
// together in the next, up to `batchMax` at a time. So a lone request pays no wait, and under load
// the per-statement costs (a round trip, the statement's execution, the commit's WAL flush) are paid
// once per batch rather than once per request. Each write resolves once its statement has committed.
//
// A batch that fails is written again item by item: one item the database refuses fails only its
// own write, never its batch-mates' (a lost connection fails each of them, each on its own try).

export interface GroupCommitOptions<T> {
  /** Items one statement writes at most. */
  batchMax: number;
  /**
   * With `sizeOf`: the size a batch stays within (its first item alone may exceed it), so large
   * items (a request body's text) do not make one huge statement.
   */
  sizeMax?: number;
  sizeOf?: (item: T) => number;
}

/**
 * A writer of single items over `writeBatch`, which writes its items in one statement and answers
 * one result per item, in their order.
 */
export function groupCommit<T, R>(
  writeBatch: (items: T[]) => Promise<R[]>,
  options: GroupCommitOptions<T>,
): (item: T) => Promise<R> {
  interface Waiting {
    item: T;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  }
  const waiting: Waiting[] = [];
  let flushing = false;

  const settle = async (batch: Waiting[]) => {
    try {
      const results = await writeBatch(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]));
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error ?? new Error('not written'));
        return;
      }
      // One at a time: an item the database refuses fails alone.
      for (const w of batch) await settle([w]);
    }
  };

  /** How many of the first waiting writes the next batch takes. */
  const nextBatchLength = () => {
    const { batchMax, sizeMax, sizeOf } = options;
    if (sizeMax === undefined || sizeOf === undefined) return Math.min(waiting.length, batchMax);
    let size = sizeOf(waiting[0].item);
    let n = 1;
    while (n < waiting.length && n < batchMax) {
      size += sizeOf(waiting[n].item);
      if (size > sizeMax) break;
      n++;
    }
    return n;
  };

  const flush = async () => {
    flushing = true;
    while (waiting.length > 0) await settle(waiting.splice(0, nextBatchLength()));
    flushing = false;
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!flushing) void flush();
    });
}
