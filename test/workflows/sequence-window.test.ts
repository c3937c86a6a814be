// The sequence workflow's window in the prospect's zone and with public holidays skipped, on the
// time-skipping server with the real activities: a PROSPECT window waits for the prospect's hours
// (a set zone, one inferred from the location, the template's when none is known) and across both
// DST changes of New York, Paris and Sydney; a step due on a public holiday waits for the next
// working day's window while the same run without skip_holidays sends on the holiday. The test
// server's clock is its own and jumps ahead between runs: due times are set from it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { holidayCalendar, addDays } from '../../domain/sequences/holidays.ts';
import { localDate, localParts, nextAllowedTime } from '../../domain/sequences/schedule-window.ts';
import type { Weekday } from '../../db/entities/sequence-template.entity.ts';
import { useTimeSkippingWorker } from '../helpers/time-skipping.ts';
import {
  insertContact,
  insertTemplate,
  messagesOf,
  startRunOnSuite,
  type WindowSpec,
} from '../helpers/sequence-fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;
const EVERY_DAY: Weekday[] = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

describe('sequenceWorkflow: the prospect window and holidays', function () {
  this.timeout(120_000);
  const ts = useTimeSkippingWorker('sequence-window');

  /** One EMAIL step after `delayDays`, for a contact with `contact`'s zone and location; answers when it was sent. */
  async function sentAt(
    window: WindowSpec,
    contact: { timezone?: string; country?: string; region?: string },
    delayDays = 0,
  ): Promise<{ sent: number; started: number }> {
    const contactId = await insertContact(ts.stack, ts.org.organizationId, {
      email: `w-${randomUUID().split('-')[0]}@example.com`,
      firstName: 'Ada',
      ...contact,
    });
    const templateId = await insertTemplate(
      ts.stack,
      ts.org.organizationId,
      [{ type: 'EMAIL', delay_days: delayDays, subject: 'Hi', body: 'Hello {{first_name}}' }],
      { senderUserId: ts.org.userId, window },
    );
    const { sequenceId, handle } = await startRunOnSuite(ts, contactId, templateId);
    const started = (await handle.describe()).startTime.getTime();
    await handle.result();
    const [message] = await messagesOf(ts.stack, sequenceId);
    assert.ok(message, 'the step sent its email');
    return { sent: message.sent_at.getTime(), started };
  }

  // One hour a day: the hour says whose clock the window followed.
  const nineToTen = { days: EVERY_DAY, start_hour: 9, end_hour: 10 };
  const prospectWindow: WindowSpec = { timezone: 'Asia/Tokyo', schedule: nineToTen, windowTimezone: 'PROSPECT' };

  it("when the window is PROSPECT and the contact's zone is set (America/New_York), then the step waits for 09:00 there", async () => {
    const { sent, started } = await sentAt(prospectWindow, { timezone: 'America/New_York' });
    assert.equal(localParts(sent, 'America/New_York').hour, 9);
    assert.notEqual(localParts(sent, 'Asia/Tokyo').hour, 9);
    assert.ok(sent - started < DAY + 60_000, 'within a day');
    // When it waited, it ran when the window opened (a timer's wake-up and the step take a moment).
    const opening = nextAllowedTime(started, 'America/New_York', nineToTen)!;
    assert.ok(sent >= opening && sent - opening < 60_000, `sent ${sent - opening} ms after the opening`);
  });

  it('when the zone is inferred from the country (IN, a half-hour zone), then the step waits for 09:00 in Asia/Kolkata', async () => {
    const { sent } = await sentAt(prospectWindow, { country: 'IN' });
    const local = localParts(sent, 'Asia/Kolkata');
    assert.equal(local.hour, 9);
    assert.notEqual(localParts(sent, 'Asia/Tokyo').hour, 9);
  });

  it("when the prospect's zone is unknown, then the template's zone (Asia/Tokyo) is used", async () => {
    const { sent } = await sentAt(prospectWindow, { country: 'US' });
    assert.equal(localParts(sent, 'Asia/Tokyo').hour, 9);
  });

  /** Minutes east of UTC of `zone` at an instant. */
  const offsetOf = (ms: number, zone: string): number => {
    const local = localParts(ms, zone);
    const [y, m, d] = local.date.split('-').map(Number);
    return Math.round((Date.UTC(y, m - 1, d, local.hour, local.minute) - Math.floor(ms / 60_000) * 60_000) / 60_000);
  };

  /** The next two DST changes of `zone` after `fromMs` (the instants, to the hour), found day by day. */
  function dstChanges(zone: string, fromMs: number): number[] {
    const changes: number[] = [];
    for (let t = fromMs; changes.length < 2 && t < fromMs + 400 * DAY; t += DAY) {
      if (offsetOf(t, zone) === offsetOf(t + DAY, zone)) continue;
      let h = t;
      while (offsetOf(h, zone) === offsetOf(t, zone)) h += 60 * 60 * 1000;
      changes.push(h);
    }
    return changes;
  }

  /** The Friday 18:00 local before a weekend change: an hour by hour walk back. */
  function fridayEveningBefore(changeMs: number, zone: string): number {
    let t = changeMs - (changeMs % (60 * 60 * 1000));
    while (!(localParts(t, zone).weekday === 'FRI' && localParts(t, zone).hour === 18)) t -= 60 * 60 * 1000;
    return t;
  }

  for (const zone of ['America/New_York', 'Europe/Paris', 'Australia/Sydney']) {
    it(`when a PROSPECT window (weekdays 9 to 5) in ${zone} closes on the Friday before each DST change, then the step runs Monday at 09:00 local`, async () => {
      const weekdays = { days: EVERY_DAY.filter((day) => day !== 'SAT' && day !== 'SUN'), start_hour: 9, end_hour: 17 };
      const seen = new Set<number>();
      while (seen.size < 2) {
        // The server's clock moves on with each run: the next change of the direction not yet tried, from now.
        const now = await ts.env.currentTimeMs();
        const direction = (change: number) => Math.sign(offsetOf(change, zone) - offsetOf(change - DAY, zone));
        const change = dstChanges(zone, now + 3 * DAY).find((c) => !seen.has(direction(c)))!;
        seen.add(direction(change));
        const due = fridayEveningBefore(change, zone);
        const { sent } = await sentAt(
          { timezone: 'UTC', schedule: weekdays, windowTimezone: 'PROSPECT' },
          { timezone: zone },
          (due - now) / DAY,
        );
        const local = localParts(sent, zone);
        assert.deepEqual([local.weekday, local.hour, local.minute], ['MON', 9, 0], new Date(sent).toISOString());
        assert.ok(sent > change && sent - change < 2 * DAY, 'the Monday right after the change');
        assert.notEqual(offsetOf(sent, zone), offsetOf(due, zone), 'the offset changed between due and sent');
      }
    });
  }

  /**
   * The next US public holiday at least two days ahead on the test server's clock (its own, not this
   * machine's, and moved on by earlier runs), and the delay that makes a step due at noon in New York on it.
   */
  async function holidayAhead(zone: string): Promise<{ holiday: string; delayDays: number }> {
    const serverNow = await ts.env.currentTimeMs();
    const holiday = holidayCalendar('US', addDays(localDate(serverNow, zone), 2)).dates[0];
    // Noon in New York: 17:00 UTC in winter, 16:00 in summer.
    let due = Date.parse(`${holiday}T17:00:00Z`);
    if (localParts(due, zone).hour === 13) due -= 60 * 60 * 1000;
    return { holiday, delayDays: (due - serverNow) / DAY };
  }

  it('when a step falls due on a public holiday of the prospect (US), then it waits for the next working window; without skip_holidays it sends that day', async () => {
    const zone = 'America/New_York';
    const window: WindowSpec = {
      timezone: 'UTC',
      schedule: { days: EVERY_DAY, start_hour: 9, end_hour: 17 },
      windowTimezone: 'PROSPECT',
      skipHolidays: true,
    };
    const prospect = { country: 'US', region: 'New York' };

    const first = await holidayAhead(zone);
    const skipped = await sentAt(window, prospect, first.delayDays);
    let next = addDays(first.holiday, 1);
    while (holidayCalendar('US', first.holiday).dates.includes(next)) next = addDays(next, 1);
    assert.equal(
      localDate(skipped.sent, zone),
      next,
      `sent on ${localDate(skipped.sent, zone)}, holiday ${first.holiday}`,
    );
    assert.deepEqual([localParts(skipped.sent, zone).hour, localParts(skipped.sent, zone).minute], [9, 0]);

    const second = await holidayAhead(zone);
    const plain = await sentAt({ ...window, skipHolidays: false }, prospect, second.delayDays);
    assert.equal(localDate(plain.sent, zone), second.holiday);
    assert.equal(localParts(plain.sent, zone).hour, 12);
  });
});
