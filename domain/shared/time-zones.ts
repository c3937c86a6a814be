// The time zone names and country codes the service takes: what a template's window, a contact's
// timezone and a location's country may be. Built once from the runtime's time zone database (Intl)
// and the countries-and-timezones package, which also knows the IANA names (Asia/Kolkata,
// Europe/Kyiv) that this runtime's list spells the older CLDR way.
import ct from 'countries-and-timezones';

function accepted(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const runtimeZones = Intl.supportedValuesOf('timeZone');
const packageZones = Object.keys(ct.getAllTimezones()).filter((zone) => accepted(zone) && zone !== 'Factory');

/** UTC first, then every name either source knows and this runtime accepts, sorted. */
export const TIME_ZONES: string[] = [
  'UTC',
  ...[...new Set([...runtimeZones, ...packageZones])].filter((zone) => zone !== 'UTC').sort(),
];
const zoneSet = new Set(TIME_ZONES);

/** A name of TIME_ZONES for a zone name the runtime accepts (a legacy link answers the runtime's name); null otherwise. */
export function knownZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  if (zoneSet.has(zone)) return zone;
  if (!accepted(zone)) return null;
  const resolved = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  return zoneSet.has(resolved) ? resolved : null;
}

/** ISO 3166-1 alpha-2 codes, upper case, sorted. */
export const COUNTRY_CODES: string[] = Object.keys(ct.getAllCountries()).sort();
