// A prospect's time zone: the one set on the contact, else one inferred from the contact's location
// and then its account's (country, region, city). Inference reads two maintained data packages:
// countries-and-timezones (each country's zones and their offsets) and city-timezones (about 7,300
// cities with their region, population and zone). Pure and in memory: the indexes are built once.
import ct from 'countries-and-timezones';
import cityTimezones from 'city-timezones';
import { knownZone } from '../shared/time-zones.ts';

export interface Location {
  country: string | null;
  region: string | null;
  city: string | null;
}

export type TimezoneSource = 'SET' | 'INFERRED';

export interface ProspectZone {
  timezone: string | null;
  timezone_source: TimezoneSource | null;
}

/** Case, accents, punctuation and spacing do not matter: "Québec" = "quebec", "new-york" = "New York". */
const key = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Region codes the city data does not carry (it has US state codes only): the ISO 3166-2 codes of
 * the Canadian provinces and Australian states, mapped to the names it uses.
 */
const REGION_CODES: Record<string, Record<string, string>> = {
  CA: {
    ab: 'Alberta',
    bc: 'British Columbia',
    mb: 'Manitoba',
    nb: 'New Brunswick',
    nl: 'Newfoundland and Labrador',
    ns: 'Nova Scotia',
    nt: 'Northwest Territories',
    nu: 'Nunavut',
    on: 'Ontario',
    pe: 'Prince Edward Island',
    qc: 'Québec',
    quebec: 'Québec',
    sk: 'Saskatchewan',
    yt: 'Yukon',
  },
  AU: {
    act: 'Australian Capital Territory',
    nsw: 'New South Wales',
    nt: 'Northern Territory',
    qld: 'Queensland',
    sa: 'South Australia',
    tas: 'Tasmania',
    vic: 'Victoria',
    wa: 'Western Australia',
  },
};

interface City {
  zone: string;
  population: number;
}

interface CountryIndex {
  /** City key -> its places (a name can repeat across regions), each with its region key. */
  cities: Map<string, (City & { region: string })[]>;
  /** Region key (name or code) -> population by zone. */
  regions: Map<string, Map<string, number>>;
  /** Population by zone across the country. */
  zones: Map<string, number>;
}

let index: Map<string, CountryIndex> | null = null;

function add(counts: Map<string, number>, zone: string, population: number): void {
  counts.set(zone, (counts.get(zone) ?? 0) + population);
}

function buildIndex(): Map<string, CountryIndex> {
  const built = new Map<string, CountryIndex>();
  for (const place of cityTimezones.cityMapping) {
    const zone = knownZone(place.timezone);
    if (!zone || !place.iso2) continue;
    let country = built.get(place.iso2);
    if (!country) {
      country = { cities: new Map(), regions: new Map(), zones: new Map() };
      built.set(place.iso2, country);
    }
    const population = Number(place.pop) || 0;
    const region = place.province ? key(place.province) : '';
    for (const name of new Set([place.city, place.city_ascii].filter(Boolean).map(key))) {
      const list = country.cities.get(name) ?? [];
      list.push({ zone, population, region });
      country.cities.set(name, list);
    }
    for (const regionKey of new Set([region, place.state_ansi ? key(place.state_ansi) : ''].filter(Boolean))) {
      const counts = country.regions.get(regionKey) ?? new Map<string, number>();
      add(counts, zone, population);
      country.regions.set(regionKey, counts);
    }
    add(country.zones, zone, population);
  }
  return built;
}

/** The zone holding the most population in `counts`, or null when empty. */
function dominant(counts: Map<string, number> | undefined): string | null {
  if (!counts?.size) return null;
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
}

/**
 * A country whose zones all keep the same offsets (standard and daylight) has, for a sending
 * window, one zone: its most populous one in the city data, else the first the country lists.
 * A country with zones of different offsets (US, CA, AU, BR, RU, MX…) needs a region or a city.
 */
function countryZone(code: string, country: CountryIndex | undefined): string | null {
  const info = ct.getCountry(code);
  if (!info) return null;
  const zones = info.timezones.flatMap((name) => {
    const zone = ct.getTimezone(name);
    return zone ? [zone] : [];
  });
  if (!zones.length) return null;
  const offsets = new Set(zones.map((zone) => `${zone.utcOffset}/${zone.dstOffset}`));
  if (offsets.size > 1) return null;
  return dominant(country?.zones) ?? knownZone(zones[0].name);
}

function regionKey(code: string, region: string): string {
  const k = key(region);
  const name = REGION_CODES[code]?.[k];
  return name ? key(name) : k;
}

/** The zone of a location: its city (in its region when given), else its region, else its country. Null when unknown. */
export function inferTimezone(location: Location): string | null {
  const code = location.country?.toUpperCase();
  if (!code) return null;
  index ??= buildIndex();
  const country = index.get(code);
  const region = location.region ? regionKey(code, location.region) : null;
  if (location.city && country) {
    const places = country.cities.get(key(location.city)) ?? [];
    const candidates = region ? places.filter((place) => place.region === region) : places;
    const best = [...candidates].sort((a, b) => b.population - a.population)[0];
    if (best) return best.zone;
  }
  if (region && country) {
    const zone = dominant(country.regions.get(region));
    if (zone) return zone;
  }
  return countryZone(code, country);
}

/**
 * The contact's zone as the API shows it and a PROSPECT window uses it: the contact's own `timezone`
 * (SET), else the zone of its location, else of its account's location (INFERRED), else null.
 */
export function prospectZone(set: string | null, contact: Location, account: Location | null): ProspectZone {
  if (set) return { timezone: set, timezone_source: 'SET' };
  const inferred = inferTimezone(contact) ?? (account ? inferTimezone(account) : null);
  return inferred ? { timezone: inferred, timezone_source: 'INFERRED' } : { timezone: null, timezone_source: null };
}

/** The prospect's country (the contact's, else its account's), or null. */
export function prospectCountry(contact: Location, account: Location | null): string | null {
  return contact.country ?? account?.country ?? null;
}
