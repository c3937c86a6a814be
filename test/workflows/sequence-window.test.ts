// The sequence workflow's window in the prospect's zone and with public holidays skipped, on the
// time-skipping server with the real activities: a PROSPECT window waits for the prospect's hours
// (a set zone, one inferred from the location, the template's when none is known), and a step due
// on a public holiday waits for the next working day's window while the same run without
// skip_holidays sends on the holiday.
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
      email: `w-${randomUUID().slice(0, 8)}@example.com`,
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
