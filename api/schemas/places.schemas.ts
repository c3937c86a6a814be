// Where and when a person is: the time zone and country names the API takes, each one named schema,
// so the document lists the long enumerations once and client generators make one type of each.
import { HOLIDAY_COUNTRIES } from '../../domain/sequences/holidays.ts';
import { COUNTRY_CODES, TIME_ZONES } from '../../domain/shared/time-zones.ts';
import type { JsonSchema } from '../validation.ts';
import { named } from './named.ts';

export const timeZoneSchema: JsonSchema = named('TimeZone', {
  type: 'string',
  enum: TIME_ZONES,
  description: 'IANA time zone name (for example Europe/Paris, America/New_York, Asia/Kolkata), or UTC. Others: 400.',
});

export const countryCodeSchema: JsonSchema = named('CountryCode', {
  type: 'string',
  enum: COUNTRY_CODES,
  description: 'ISO 3166-1 alpha-2 country code, upper case (for example FR, US). Others: 400.',
});

export const holidayCountrySchema: JsonSchema = named('HolidayCountry', {
  type: 'string',
  enum: HOLIDAY_COUNTRIES,
  description: 'ISO 3166-1 alpha-2 code of a country whose public holidays the service knows. Others: 400.',
});
