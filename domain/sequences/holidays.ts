// Public holidays for templates that skip them (skip_holidays), from the date-holidays package: the
// countries it knows and, for one country, its public holiday dates over a span of days. Runs in
// the API and in activities only; the sequence workflow gets the dates as plain data (a
// HolidayCalendar), so the holiday rules never enter the workflow bundle.
import Holidays from 'date-holidays';
import { utcDate } from '../shared/time.ts';
import type { HolidayCalendar } from './schedule-window.ts';

/** ISO 3166-1 alpha-2 codes of the countries whose holidays the package knows, sorted. */
export const HOLIDAY_COUNTRIES: string[] = Object.keys(new Holidays().getCountries()).sort();
const known = new Set(HOLIDAY_COUNTRIES);

/** Days one calendar covers; the workflow asks for the next one when fewer than its look-ahead remain. */
export const HOLIDAY_SPAN_DAYS = 400;

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [, y, m, d] = DATE.exec(date)!;
  return utcDate(new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + days)));
}

export function isHolidayCountry(country: string | null | undefined): country is string {
  return !!country && known.has(country);
}

/**
 * The public holidays (substitute days included) of `country` from local date `from` through
 * `from` + HOLIDAY_SPAN_DAYS, as local dates (YYYY-MM-DD).
 */
export function holidayCalendar(country: string, from: string): HolidayCalendar {
  const through = addDays(from, HOLIDAY_SPAN_DAYS);
  const rules = new Holidays(country, { types: ['public'] });
  const dates = new Set<string>();
  const year = (date: string) => Number(DATE.exec(date)![1]);
  for (let y = year(from); y <= year(through); y++) {
    for (const holiday of rules.getHolidays(y)) {
      const date = DATE.exec(holiday.date)?.[0];
      if (holiday.type === 'public' && date && date >= from && date <= through) dates.add(date);
    }
  }
  return { country, from, through, dates: [...dates].sort() };
}
