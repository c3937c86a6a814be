// Unit tests of the sending-window computation (domain/sequences/schedule-window.ts) the sequence workflow
// uses after a step's delay: inside, before, after and across days, and in a non-UTC timezone.
import assert from 'node:assert/strict';
import { nextAllowedTime } from '../../../domain/sequences/schedule-window.ts';
import type { SendingSchedule } from '../../../db/entities/sequence-template.entity.ts';

const weekdays9to17: SendingSchedule = { days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], start_hour: 9, end_hour: 17 };
const at = (iso: string) => Date.parse(iso);

describe('nextAllowedTime', () => {
  it('when there is no schedule, then now is allowed', () => {
    assert.equal(nextAllowedTime(at('2026-11-21T03:00:00Z'), 'UTC', null), at('2026-11-21T03:00:00Z'));
  });

  it('when now is inside the window, then now is allowed', () => {
    // 2026-11-18 is a Wednesday
    assert.equal(nextAllowedTime(at('2026-11-18T10:15:30Z'), 'UTC', weekdays9to17), at('2026-11-18T10:15:30Z'));
  });

  it('when now is before the opening hour of an allowed day, then the window opens that day at start_hour', () => {
    assert.equal(nextAllowedTime(at('2026-11-18T06:42:10.500Z'), 'UTC', weekdays9to17), at('2026-11-18T09:00:00Z'));
  });

  it('when now is after closing on a Friday, then the next allowed time is Monday at start_hour', () => {
    assert.equal(nextAllowedTime(at('2026-11-20T17:00:00Z'), 'UTC', weekdays9to17), at('2026-11-23T09:00:00Z'));
  });

  it('when the template timezone is Asia/Kolkata (UTC+05:30), then the window opens at 09:00 local time', () => {
    // Wednesday 02:00 UTC is 07:30 in Kolkata; 09:00 there is 03:30 UTC.
    assert.equal(
      nextAllowedTime(at('2026-11-18T02:00:00Z'), 'Asia/Kolkata', weekdays9to17),
      at('2026-11-18T03:30:00Z'),
    );
  });

  it('when the window is America/New_York across the DST change, then 09:00 local is 13:00 UTC in summer', () => {
    // 2026-07-04 is a Saturday; Monday 2026-07-06 09:00 EDT = 13:00 UTC.
    assert.equal(
      nextAllowedTime(at('2026-07-04T12:00:00Z'), 'America/New_York', weekdays9to17),
      at('2026-07-06T13:00:00Z'),
    );
  });

  it('when the window has no day or an empty hour range, then it never opens (null)', () => {
    assert.equal(nextAllowedTime(at('2026-11-18T10:00:00Z'), 'UTC', { days: [], start_hour: 9, end_hour: 17 }), null);
    assert.equal(
      nextAllowedTime(at('2026-11-18T10:00:00Z'), 'UTC', { days: ['MON'], start_hour: 9, end_hour: 9 }),
      null,
    );
  });
});
