// The inference of a prospect's time zone from a location (domain/people/timezone-inference.ts) over a
// table of locations: single-zone countries, multi-zone countries by region (name or code) and by
// city, what stays unknown, and the contact-then-account order with a set zone winning.
import assert from 'node:assert/strict';
import { inferTimezone, prospectZone, type Location } from '../../../domain/people/timezone-inference.ts';

const at = (country: string | null, region: string | null = null, city: string | null = null): Location => ({
  country,
  region,
  city,
});

describe('inferTimezone', () => {
  const table: [Location, string | null][] = [
    // one zone, or several with the same offsets: the country is enough
    [at('FR'), 'Europe/Paris'],
    [at('fr'), 'Europe/Paris'],
    [at('IN'), 'Asia/Kolkata'],
    [at('JP'), 'Asia/Tokyo'],
    [at('DE'), 'Europe/Berlin'],
    [at('GB', null, 'Manchester'), 'Europe/London'],
    // several offsets and nothing more: unknown
    [at('US'), null],
    [at('CA'), null],
    [at('AU'), null],
    [at('BR'), null],
    [at('RU'), null],
    [at('MX'), null],
    // US states by name or code
    [at('US', 'New York'), 'America/New_York'],
    [at('US', 'NY'), 'America/New_York'],
    [at('US', 'california'), 'America/Los_Angeles'],
    [at('US', 'TX'), 'America/Chicago'],
    [at('US', 'Arizona'), 'America/Phoenix'],
    [at('US', 'Colorado'), 'America/Denver'],
    [at('US', 'HI'), 'Pacific/Honolulu'],
    // Canadian provinces and Australian states by name or ISO 3166-2 code
    [at('CA', 'Ontario'), 'America/Toronto'],
    [at('CA', 'BC'), 'America/Vancouver'],
    [at('CA', 'Alberta'), 'America/Edmonton'],
    [at('CA', 'Quebec'), 'America/Toronto'],
    [at('CA', 'SK'), 'America/Regina'],
    [at('AU', 'NSW'), 'Australia/Sydney'],
    [at('AU', 'Victoria'), 'Australia/Melbourne'],
    [at('AU', 'QLD'), 'Australia/Brisbane'],
    [at('AU', 'Western Australia'), 'Australia/Perth'],
    [at('AU', 'SA'), 'Australia/Adelaide'],
    // a city decides, within its region when one is given
    [at('US', null, 'Chicago'), 'America/Chicago'],
    [at('US', null, 'San Francisco'), 'America/Los_Angeles'],
    [at('US', 'Texas', 'El Paso'), 'America/Denver'],
    [at('AU', null, 'Perth'), 'Australia/Perth'],
    [at('RU', null, 'Novosibirsk'), 'Asia/Novosibirsk'],
    [at('BR', null, 'São Paulo'), 'America/Sao_Paulo'],
    [at('MX', null, 'Tijuana'), 'America/Tijuana'],
    // an unknown city falls back to its region, an unknown region to the country
    [at('US', 'NY', 'Nowhere Town'), 'America/New_York'],
    [at('FR', 'Atlantis', 'Nowhere'), 'Europe/Paris'],
    [at('US', 'Atlantis'), null],
    // no country: unknown
    [at(null, 'New York', 'New York'), null],
  ];
  for (const [location, zone] of table) {
    it(`when the location is ${JSON.stringify(location)}, then the zone is ${zone}`, () => {
      assert.equal(inferTimezone(location), zone);
    });
  }

  it('when the inferred zone is any of the table, then the runtime accepts it', () => {
    for (const [location] of table) {
      const zone = inferTimezone(location);
      if (zone) assert.doesNotThrow(() => new Intl.DateTimeFormat('en', { timeZone: zone }), zone);
    }
  });
});

describe('prospectZone', () => {
  it('when the contact has a timezone, then it is SET whatever the locations say', () => {
    assert.deepEqual(prospectZone('Asia/Tokyo', at('FR'), at('US', 'NY')), {
      timezone: 'Asia/Tokyo',
      timezone_source: 'SET',
    });
  });

  it("when the contact's location gives a zone, then it is INFERRED from it before the account's", () => {
    assert.deepEqual(prospectZone(null, at('FR'), at('US', 'NY')), {
      timezone: 'Europe/Paris',
      timezone_source: 'INFERRED',
    });
  });

  it("when the contact's location gives none, then the account's location is used", () => {
    assert.deepEqual(prospectZone(null, at('US'), at('US', 'California')), {
      timezone: 'America/Los_Angeles',
      timezone_source: 'INFERRED',
    });
  });

  it('when no location gives a zone, then timezone and timezone_source are null', () => {
    assert.deepEqual(prospectZone(null, at(null), null), { timezone: null, timezone_source: null });
  });
});
