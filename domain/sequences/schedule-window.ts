// The template's sending window (days and hours in its timezone, or the prospect's): when a due step
// may run, skipping the local dates of public holidays when the template asks for it. Pure and
// deterministic (no clock, no I/O), so the sequence workflow calls it with its own workflow time; the
// holiday dates come as data an activity computed (domain/sequences/holidays.ts).
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

/**
 * Public holidays of one country as local dates (YYYY-MM-DD, sorted) from `from` through `through`
 * (inclusive); a date outside that span is not known either way.
 */
export interface HolidayCalendar {
  country: string;
  from: string;
  through: string;
  dates: string[];
}

/** Every hour of every day: the window of a template without a schedule that skips holidays. */
export const ALL_HOURS: SendingSchedule = {
  days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
  start_hour: 0,
  end_hour: 24,
};

/** The longest search for an open hour: two weeks, plus a month of holidays in a row with room to spare. */
const SEARCH_HOURS = 14 * 24 + 2;
const SEARCH_HOURS_WITH_HOLIDAYS = 45 * 24;
/** A calendar must reach this many days past now before a search (more than SEARCH_HOURS_WITH_HOLIDAYS). */
export const HOLIDAY_LOOKAHEAD_DAYS = 60;

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
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
): { date: string; weekday: Weekday; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(
    formatter(timezone)
      .formatToParts(new Date(atMs))
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAY_BY_SHORT[parts.weekday],
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The local date (YYYY-MM-DD) of an instant in an IANA timezone. */
export function localDate(atMs: number, timezone: string): string {
  return localParts(atMs, timezone).date;
}

function inWindow(
  atMs: number,
  timezone: string,
  schedule: SendingSchedule,
  holidays: ReadonlySet<string> | null,
): boolean {
  const local = localParts(atMs, timezone);
  return (
    schedule.days.includes(local.weekday) &&
    local.hour >= schedule.start_hour &&
    local.hour < schedule.end_hour &&
    !holidays?.has(local.date)
  );
}

/** Whether `calendar` no longer reaches HOLIDAY_LOOKAHEAD_DAYS past `nowMs` (local dates in `timezone`): time to ask for the next. */
export function calendarRunsOut(calendar: HolidayCalendar, nowMs: number, timezone: string): boolean {
  return (
    localDate(nowMs, timezone) < calendar.from ||
    localDate(nowMs + HOLIDAY_LOOKAHEAD_DAYS * 86_400_000, timezone) > calendar.through
  );
}

/**
 * The first instant at or after `nowMs` inside the window and not on one of `holidays` (local dates
 * in `timezone`): `nowMs` itself when it is inside, else the start of the next allowed local hour.
 * Walks local hour boundaries (so half-hour offsets and DST changes are handled by the timezone
 * database), at most two weeks of them (45 days when there are holidays). A window with no day or
 * no hour (start_hour >= end_hour) never opens: null.
 */
export function nextAllowedTime(
  nowMs: number,
  timezone: string,
  schedule: SendingSchedule | null | undefined,
  holidays?: readonly string[] | null,
): number | null {
  if (!schedule) return nowMs;
  if (schedule.days.length === 0 || schedule.start_hour >= schedule.end_hour) return null;
  const skipped = holidays?.length ? new Set(holidays) : null;
  if (inWindow(nowMs, timezone, schedule, skipped)) return nowMs;
  let t = nowMs;
  for (let i = 0; i < (skipped ? SEARCH_HOURS_WITH_HOLIDAYS : SEARCH_HOURS); i++) {
    const local = localParts(t, timezone);
    t = t - (t % 1000) - local.second * 1000 - local.minute * 60_000 + 3_600_000; // next local hour boundary
    if (inWindow(t, timezone, schedule, skipped)) return t;
  }
  return null;
}
