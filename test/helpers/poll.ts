// Polling in real time for what another process does next (the worker, a webhook receiver, the
// API): one loop with a deadline for every suite. (The time-skipping server does not skip while
// nobody waits on a result, so these poll in real time there too.)
import { setTimeout as sleep } from 'node:timers/promises';

export interface PollOptions {
  /** Give up after this long (default 20 s). */
  timeoutMs?: number;
  /** The pause between two checks (default 100 ms). */
  intervalMs?: number;
  /** What is awaited, named in the error when it does not come. */
  what?: string;
}

const settings = (options: number | PollOptions) => ({
  timeoutMs: 20_000,
  intervalMs: 100,
  ...(typeof options === 'number' ? { timeoutMs: options } : options),
});

/** Polls until `check` answers true; throws when it has not by the deadline (a number: the timeout in ms). */
export async function until(
  check: () => boolean | Promise<boolean>,
  options: number | PollOptions = {},
): Promise<void> {
  const { timeoutMs, intervalMs, what } = settings(options);
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(what ? `timed out waiting for ${what}` : 'condition not reached in time');
    await sleep(intervalMs);
  }
}

/** `check`'s first answer that is neither null nor undefined, polled until the deadline; null when none came. */
export async function eventually<T>(
  check: () => Promise<T | null | undefined>,
  options: number | PollOptions = {},
): Promise<T | null> {
  const { timeoutMs, intervalMs } = settings(options);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) return null;
    await sleep(intervalMs);
  }
}
