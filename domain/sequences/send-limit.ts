// How many emails a sender may send on a UTC day: the daily send limit, lowered while a warm-up ramp
// runs. A ramp allows `start` emails on the UTC day it started (day 0), `increase` more on each UTC
// day after it, and stops growing at `target`; the daily send limit stays the ceiling. Pure.
import { DAY_MS, utcDate } from '../shared/time.ts';

export interface Ramp {
  start: number;
  increase: number;
  target: number;
  startedAt: Date;
}

/** The ramp of a sender's row (its ramp_* columns), or null when it has none. */
export function rampOf(row: {
  ramp_start: number | null;
  ramp_increase: number | null;
  ramp_target: number | null;
  ramp_started_at: Date | string | null;
}): Ramp | null {
  if (row.ramp_start === null || row.ramp_increase === null || row.ramp_target === null || !row.ramp_started_at)
    return null;
  return {
    start: row.ramp_start,
    increase: row.ramp_increase,
    target: row.ramp_target,
    startedAt: new Date(row.ramp_started_at),
  };
}

/** Whole UTC days from the ramp's first day to the day of `at` (0 on the first day and before it). */
export function rampDay(ramp: Ramp, at: Date): number {
  const days = (Date.parse(utcDate(at)) - Date.parse(utcDate(ramp.startedAt))) / DAY_MS;
  return Math.max(0, Math.round(days));
}

/** The sender's limit for the UTC day of `at`: min(daily limit, target, start + increase × day). */
export function effectiveDailyLimit(dailyLimit: number, ramp: Ramp | null, at: Date): number {
  if (!ramp) return dailyLimit;
  return Math.min(dailyLimit, ramp.target, ramp.start + ramp.increase * rampDay(ramp, at));
}
