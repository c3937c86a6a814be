// A sender's pacing and where the next send slot of their mailbox lies. A paced mailbox sends at most
// `hourlyLimit` emails in a clock hour (UTC hours, so a half-hour zone changes nothing) and leaves a
// random gap between `minGapMs` and `maxGapMs` after each send; its emails also stay within the
// daily limit (counted by the caller, per UTC day of the slot). A connected mailbox and the shared
// SMTP transport are paced by default (30 an hour, 60–180 s apart); the sandbox transport is not
// unless the sender is given settings. Pure: the caller reads the slots taken and gives the window.
import { HOUR_MS } from '../shared/time.ts';

export interface Pacing {
  hourlyLimit: number;
  minGapMs: number;
  maxGapMs: number;
}

/** The default of a connected mailbox and of the shared SMTP transport. */
export const DEFAULT_PACING = { hourlyLimit: 30, minGapSeconds: 60, maxGapSeconds: 180 } as const;

/** The pacing columns of a sender's row. */
export interface PacingColumns {
  hourly_send_limit: number | null;
  min_send_gap_seconds: number | null;
  max_send_gap_seconds: number | null;
}

/** True when any pacing column is set (the sender was given settings). */
export const pacingConfigured = (row: PacingColumns): boolean =>
  row.hourly_send_limit !== null || row.min_send_gap_seconds !== null || row.max_send_gap_seconds !== null;

/**
 * The sender's pacing, or null when their emails go out unpaced: a sender with no settings sending
 * through the sandbox transport (no connected mailbox, `sharedTransportPaced` false).
 */
export function pacingOf(
  row: PacingColumns,
  route: { connectedMailbox: boolean; sharedTransportPaced: boolean },
): Pacing | null {
  if (!pacingConfigured(row) && !route.connectedMailbox && !route.sharedTransportPaced) return null;
  const min = row.min_send_gap_seconds ?? DEFAULT_PACING.minGapSeconds;
  const max = Math.max(min, row.max_send_gap_seconds ?? DEFAULT_PACING.maxGapSeconds);
  return {
    hourlyLimit: row.hourly_send_limit ?? DEFAULT_PACING.hourlyLimit,
    minGapMs: min * 1000,
    maxGapMs: max * 1000,
  };
}

/** A gap drawn between the least and the most (`random` in [0, 1)), in whole milliseconds. */
export function drawGap(pacing: Pacing, random: number): number {
  return pacing.minGapMs + Math.floor(random * (pacing.maxGapMs - pacing.minGapMs + 1));
}

/** The most steps of one search (each passes one taken slot, one full hour or one window jump). */
const SEARCH_STEPS = 100_000;

/**
 * The first instant at or after `fromMs` where an email of the mailbox may go: after every slot
 * taken (a queue: emails get slots in the order they come due, so a later one never takes a hole
 * between earlier ones), at least `gapMs` after the last of them, inside the window (`allowed`: the
 * first allowed instant at or after a time, null when it never opens), in a clock hour with fewer
 * than `pacing.hourlyLimit` slots. `taken` are the mailbox's slots, ascending, from at least an hour
 * and `maxGapMs` before `fromMs`. Null: no such instant (the window never opens, or an hourly limit of 0).
 */
export function placeSlot(
  fromMs: number,
  gapMs: number,
  pacing: Pacing,
  taken: readonly number[],
  allowed: (atMs: number) => number | null,
): number | null {
  if (pacing.hourlyLimit < 1) return null;
  gapMs = Math.max(gapMs, 1); // two slots of a mailbox never share an instant (unique), even with no gap
  const last = taken.at(-1);
  let at = last === undefined ? fromMs : Math.max(fromMs, last + gapMs);
  let i = 0; // taken[i] is the first slot after `at` (taken[i - 1] the one at or before it)
  for (let step = 0; step < SEARCH_STEPS; step++) {
    const open = allowed(at);
    if (open === null) return null;
    at = open;
    while (i < taken.length && taken[i] <= at) i++;
    const before = taken[i - 1];
    if (before !== undefined && at - before < gapMs) {
      at = before + gapMs;
      continue;
    }
    const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
    if (countIn(taken, hour, hour + HOUR_MS) >= pacing.hourlyLimit) {
      at = hour + HOUR_MS;
      continue;
    }
    const after = taken[i];
    if (after !== undefined && after - at < pacing.minGapMs) {
      at = after + gapMs;
      continue;
    }
    return at;
  }
  return null;
}

/** How many of the ascending `taken` lie in [fromMs, toMs). */
function countIn(taken: readonly number[], fromMs: number, toMs: number): number {
  let n = 0;
  for (const t of taken) {
    if (t >= toMs) break;
    if (t >= fromMs) n++;
  }
  return n;
}
