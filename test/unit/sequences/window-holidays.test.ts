// The sending window in a prospect's zone with public holidays skipped (domain/sequences/schedule-window.ts
// with dates from domain/sequences/holidays.ts): both DST changes in America/New_York and
// Europe/Paris, a half-hour zone (Asia/Kolkata), a southern-hemisphere zone (Australia/Sydney), a
// window without hours that skips holidays, and when a holiday calendar must be asked for again.
import assert from 'node:assert/strict';
import { ALL_HOURS, calendarRunsOut, localDate, nextAllowedTime } from '../../../domain/sequences/schedule-window.ts';
import { holidayCalendar } from '../../../domain/sequences/holidays.ts';
import type { SendingSchedule } from '../../../db/entities/sequence-template.entity.ts';

const weekdays9to17: SendingSchedule = { days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], start_hour: 9, end_hour: 17 };
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('nextAllowedTime across DST changes', () => {
  const cases: [string, string, string, string][] = [
    // zone, now (a Friday after closing), next opening (Monday 09:00 local), what changed over the weekend
    ['America/New_York', '2026-03-06T23:00:00Z', '2026-03-09T13:00:00.000Z', 'EST to EDT (2026-03-08)'],
    ['America/New_York', '2026-10-30T22:00:00Z', '2026-11-02T14:00:00.000Z', 'EDT to EST (2026-11-01)'],
    ['Europe/Paris', '2026-03-27T17:00:00Z', '2026-03-30T07:00:00.000Z', 'CET to CEST (2026-03-29)'],
    ['Europe/Paris', '2026-10-23T16:00:00Z', '2026-10-26T08:00:00.000Z', 'CEST to CET (2026-10-25)'],
    ['Australia/Sydney', '2026-04-03T08:00:00Z', '2026-04-05T23:00:00.000Z', 'AEDT to AEST (2026-04-05)'],
    ['Australia/Sydney', '2026-10-02T08:00:00Z', '2026-10-04T22:00:00.000Z', 'AEST to AEDT (2026-10-04)'],
  ];
  for (const [zone, now, next, change] of cases) {
    it(`when the window is in ${zone} over ${change}, then it opens Monday at 09:00 local (${next})`, () => {
      assert.equal(iso(nextAllowedTime(at(now), zone, weekdays9to17)), next);
      assert.equal(iso(nextAllowedTime(at(now), zone, weekdays9to17, [])), next);
    });
  }

  it('when the window starts in the hour that spring-forward skips, then it opens at the first local hour that exists', () => {
    // America/New_York has no 02:00 on 2026-03-08: 01:59 EST is followed by 03:00 EDT (07:00 UTC).
    const night: SendingSchedule = { days: ['SUN'], start_hour: 2, end_hour: 4 };
    assert.equal(
      iso(nextAllowedTime(at('2026-03-07T17:00:00Z'), 'America/New_York', night)),
      '2026-03-08T07:00:00.000Z',
    );
  });
});

describe('nextAllowedTime with public holidays', () => {
  it('when the next working day is a US holiday (Christmas, a Friday), then the window opens the Monday after', () => {
    const holidays = holidayCalendar('US', '2026-12-01').dates;
    assert.ok(holidays.includes('2026-12-25'));
    // Thursday 2026-12-24 18:00 EST.
    assert.equal(
      iso(nextAllowedTime(at('2026-12-24T23:00:00Z'), 'America/New_York', weekdays9to17)),
      '2026-12-25T14:00:00.000Z',
    );
    assert.equal(
      iso(nextAllowedTime(at('2026-12-24T23:00:00Z'), 'America/New_York', weekdays9to17, holidays)),
      '2026-12-28T14:00:00.000Z',
    );
  });

  it('when now is inside the hours but on a holiday, then now is not allowed', () => {
    // Bastille Day, Tuesday 2026-07-14 10:00 in Paris.
    const holidays = holidayCalendar('FR', '2026-07-01').dates;
    assert.equal(
      iso(nextAllowedTime(at('2026-07-14T08:00:00Z'), 'Europe/Paris', weekdays9to17, holidays)),
      '2026-07-15T07:00:00.000Z',
    );
  });

  it('when the zone is Asia/Kolkata (UTC+05:30) and the day is Republic Day, then the window opens at 09:00 IST the next day', () => {
    const holidays = holidayCalendar('IN', '2027-01-01').dates;
    assert.ok(holidays.includes('2027-01-26'));
    // Monday 2027-01-25 18:00 IST = 12:30 UTC; Tuesday 09:00 IST = 03:30 UTC.
    assert.equal(
      iso(nextAllowedTime(at('2027-01-25T12:30:00Z'), 'Asia/Kolkata', weekdays9to17)),
      '2027-01-26T03:30:00.000Z',
    );
    assert.equal(
      iso(nextAllowedTime(at('2027-01-25T12:30:00Z'), 'Asia/Kolkata', weekdays9to17, holidays)),
      '2027-01-27T03:30:00.000Z',
    );
  });

  it('when the zone is Australia/Sydney over Easter and the DST end, then Good Friday and Easter Monday are skipped', () => {
    const holidays = holidayCalendar('AU', '2026-03-01').dates;
    assert.ok(holidays.includes('2026-04-03') && holidays.includes('2026-04-06'));
    // Thursday 2026-04-02 18:00 AEDT; Friday 09:00 AEDT is 22:00 UTC; Tuesday 09:00 AEST is 23:00 UTC.
    assert.equal(
      iso(nextAllowedTime(at('2026-04-02T07:00:00Z'), 'Australia/Sydney', weekdays9to17)),
      '2026-04-02T22:00:00.000Z',
    );
    assert.equal(
      iso(nextAllowedTime(at('2026-04-02T07:00:00Z'), 'Australia/Sydney', weekdays9to17, holidays)),
      '2026-04-06T23:00:00.000Z',
    );
  });

  it('when a template has no hours but skips holidays (ALL_HOURS), then a holiday waits for local midnight', () => {
    const holidays = holidayCalendar('FR', '2026-07-01').dates;
    assert.equal(
      iso(nextAllowedTime(at('2026-07-14T08:00:00Z'), 'Europe/Paris', ALL_HOURS, holidays)),
      '2026-07-14T22:00:00.000Z',
    );
    assert.equal(
      iso(nextAllowedTime(at('2026-07-13T08:00:00Z'), 'Europe/Paris', ALL_HOURS, holidays)),
      '2026-07-13T08:00:00.000Z',
    );
  });
});

describe('holiday calendars', () => {
  it('when a calendar is made, then it lists local dates of that span only, sorted', () => {
    const calendar = holidayCalendar('FR', '2026-11-28');
    assert.equal(calendar.from, '2026-11-28');
    assert.equal(calendar.through, '2028-01-02');
    assert.deepEqual([...calendar.dates].sort(), calendar.dates);
    assert.ok(calendar.dates.every((d) => d >= calendar.from && d <= calendar.through));
    assert.ok(calendar.dates.includes('2026-12-25') && calendar.dates.includes('2027-07-14'));
    assert.ok(!calendar.dates.includes('2026-11-11'));
  });

  it('when fewer than the look-ahead days remain, or now is before its start, then the calendar runs out', () => {
    const calendar = holidayCalendar('FR', '2026-11-28');
    assert.equal(calendarRunsOut(calendar, at('2026-11-28T12:00:00Z'), 'Europe/Paris'), false);
    assert.equal(calendarRunsOut(calendar, at('2027-10-01T12:00:00Z'), 'Europe/Paris'), false);
    assert.equal(calendarRunsOut(calendar, at('2027-11-15T12:00:00Z'), 'Europe/Paris'), true);
    assert.equal(calendarRunsOut(calendar, at('2026-11-20T12:00:00Z'), 'Europe/Paris'), true);
  });

  it('when the local date is asked east and west of UTC, then each zone answers its own date', () => {
    assert.equal(localDate(at('2026-11-28T23:30:00Z'), 'Asia/Kolkata'), '2026-11-29');
    assert.equal(localDate(at('2026-11-28T03:30:00Z'), 'America/New_York'), '2026-11-27');
  });
});
