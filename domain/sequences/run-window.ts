// Which zone a run's sending window is in and whose public holidays it skips, from its row: the
// template's choices (window_timezone, skip_holidays, holiday_country) and the prospect's zone and
// country (the contact's, else its account's). Read by the run's plan (an activity), so the
// workflow gets plain values.
import { prospectCountry, prospectZone, type Location } from '../people/timezone-inference.ts';
import { isHolidayCountry } from './holidays.ts';
import type { RunRow } from './runs.queries.ts';

export interface RunWindow {
  /** The zone the window's days and hours are in. */
  timezone: string;
  /** Whose public holidays a step waits out; null: none are skipped. */
  holidayCountry: string | null;
}

type WindowRow = Pick<
  RunRow,
  | 'timezone'
  | 'window_timezone'
  | 'skip_holidays'
  | 'holiday_country'
  | 'contact_timezone'
  | 'contact_country'
  | 'contact_region'
  | 'contact_city'
  | 'contact_account_id'
  | 'account_country'
  | 'account_region'
  | 'account_city'
>;

/**
 * PROSPECT: the prospect's zone (set, else inferred), the template's when none is known; TEMPLATE:
 * the template's. Holidays: the prospect's country when the holiday data knows it, else the
 * template's holiday_country, else none.
 */
export function runWindow(row: WindowRow): RunWindow {
  const contact: Location = { country: row.contact_country, region: row.contact_region, city: row.contact_city };
  const account: Location | null =
    row.contact_account_id === null
      ? null
      : { country: row.account_country, region: row.account_region, city: row.account_city };
  const prospect = row.window_timezone === 'PROSPECT' ? prospectZone(row.contact_timezone, contact, account) : null;
  const country = prospectCountry(contact, account);
  return {
    timezone: prospect?.timezone ?? row.timezone,
    holidayCountry: !row.skip_holidays
      ? null
      : isHolidayCountry(country)
        ? country
        : isHolidayCountry(row.holiday_country)
          ? row.holiday_country
          : null,
  };
}
