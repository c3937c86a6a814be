// Time-ordered ids (UUID version 7, RFC 9562, with its dedicated 12-bit counter): the first 48 bits
// are the Unix time in milliseconds, then a counter that counts up within one millisecond, then
// random bits. Ids made by one process sort in the order they were made, even within one
// millisecond and if the clock steps back, so rows written in order (a transaction's activities)
// keep that order where a list sorts by created_at and then id.
import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let counter = 0;
const COUNTER_MAX = 0xfff;

/** Random bytes drawn in blocks (one call into the generator per 512 ids) and handed out 8 at a time. */
const pool = Buffer.alloc(8 * 512);
let poolAt = pool.length;

/** A new version 7 UUID, greater than every one this process made before. */
export function uuid7(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (++counter > COUNTER_MAX) {
    // 4,096 ids in one millisecond: borrow the next one.
    lastMs++;
    counter = 0;
  }
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const bytes = Buffer.allocUnsafe(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  pool.copy(bytes, 8, poolAt, poolAt + 8);
  poolAt += 8;
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = (start: number, end: number) => bytes.toString('hex', start, end);
  return `${hex(0, 4)}-${hex(4, 6)}-${hex(6, 8)}-${hex(8, 10)}-${hex(10, 16)}`;
}
