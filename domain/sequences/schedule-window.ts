// The template's sending window (days and hours in its timezone): when a due step may run. Pure and
// deterministic (no clock, no I/O), so the sequence workflow calls it with its own workflow time.
import type { SendingSchedule, Weekday } from '../../db/entities/sequence-template.entity.ts';

const WEEKDAY_BY_SHORT: Record<string, Weekday> = {
  Mon: 'MON',
  Tue: 'TUE',
  Wed: 'WED',
  Thu: 'THU',
  Fri: 'FRI',
  Sat: 'SAT',
  Sun: 'SUN',
};
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timezone, f);
  }
  return f;
}

/** The local weekday, hour, minute and second of an instant in an IANA timezone. */
export function localParts(
  atMs: number,
  timezone: string,
): { weekday: Weekday; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(
    formatter(timezone)
      .formatToParts(new Date(atMs))
      .map((p) => [p.type, p.value]),
  );
  return {
    weekday: WEEKDAY_BY_SHORT[parts.weekday],
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

function inWindow(atMs: number, timezone: string, schedule: SendingSchedule): boolean {
  const local = localParts(atMs, timezone);
  return schedule.days.includes(local.weekday) && local.hour >= schedule.start_hour && local.hour < schedule.end_hour;
}

/**
 * The first instant at or after `nowMs` inside the window: `nowMs` itself when it is inside, else
 * the start of the next allowed local hour. Walks local hour boundaries (so half-hour offsets and
 * DST changes are handled by the timezone database), at most two weeks of them. A window with no
 * day or no hour (start_hour >= end_hour) never opens: null.
 */
export function nextAllowedTime(
  nowMs: number,
  timezone: string,
  schedule: SendingSchedule | null | undefined,
): number | null {
  if (!schedule) return nowMs;
  if (schedule.days.length === 0 || schedule.start_hour >= schedule.end_hour) return null;
  if (inWindow(nowMs, timezone, schedule)) return nowMs;
  let t = nowMs;
  for (let i = 0; i < 14 * 24 + 2; i++) {
    const local = localParts(t, timezone);
    t = t - (t % 1000) - local.second * 1000 - local.minute * 60_000 + 3_600_000; // next local hour boundary
    if (inWindow(t, timezone, schedule)) return t;
  }
  return null;
}
