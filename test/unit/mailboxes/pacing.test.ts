// Where a paced mailbox's next send slot lies: after the slot before it by the drawn gap, before the
// slot after it by at least the least gap, in a clock hour under the hourly limit, inside the
// window; and which senders are paced by default (a connected mailbox, the shared SMTP transport).
import assert from 'node:assert/strict';
import { drawGap, pacingOf, placeSlot, type Pacing } from '../../../domain/mailboxes/pacing.ts';
import { nextAllowedTime } from '../../../domain/sequences/schedule-window.ts';
import { HOUR_MS } from '../../../domain/shared/time.ts';

const pacing: Pacing = { hourlyLimit: 30, minGapMs: 60_000, maxGapMs: 180_000 };
const T0 = Date.parse('2031-03-04T09:00:00Z'); // a Tuesday
const always = (at: number) => at;
const none = { hourly_send_limit: null, min_send_gap_seconds: null, max_send_gap_seconds: null };

describe('pacing', () => {
  it('when the sender has no settings, then a connected mailbox and the shared SMTP transport get 30/hour and 60–180 s; the sandbox transport none', () => {
    const paced = { hourlyLimit: 30, minGapMs: 60_000, maxGapMs: 180_000 };
    assert.deepEqual(pacingOf(none, { connectedMailbox: true, sharedTransportPaced: false }), paced);
    assert.deepEqual(pacingOf(none, { connectedMailbox: false, sharedTransportPaced: true }), paced);
    assert.equal(pacingOf(none, { connectedMailbox: false, sharedTransportPaced: false }), null);
  });

  it('when the sender has settings, then they apply on any transport (a missing one by its default; max never below min)', () => {
    const row = { hourly_send_limit: 10, min_send_gap_seconds: 300, max_send_gap_seconds: null };
    assert.deepEqual(pacingOf(row, { connectedMailbox: false, sharedTransportPaced: false }), {
      hourlyLimit: 10,
      minGapMs: 300_000,
      maxGapMs: 300_000,
    });
  });

  it('when a gap is drawn, then it lies between the least and the most', () => {
    assert.equal(drawGap(pacing, 0), 60_000);
    assert.equal(drawGap(pacing, 0.999999999), 180_000);
    for (let i = 0; i < 100; i++) {
      const gap = drawGap(pacing, Math.random());
      assert.ok(gap >= 60_000 && gap <= 180_000, String(gap));
    }
  });

  it('when no slot is taken, then the first slot is the time itself (or the window opening)', () => {
    assert.equal(placeSlot(T0, 90_000, pacing, [], always), T0);
    const window = { days: ['MON', 'TUE', 'WED', 'THU', 'FRI'] as const, start_hour: 9, end_hour: 17 };
    const allowed = (at: number) => nextAllowedTime(at, 'UTC', { ...window, days: [...window.days] });
    assert.equal(placeSlot(T0 - 3 * HOUR_MS, 90_000, pacing, [], allowed), T0);
  });

  it('when slots are taken, then the new one is the drawn gap after the last of them, never in a hole between earlier ones (earliest due first)', () => {
    assert.equal(placeSlot(T0, 90_000, pacing, [T0, T0 + 300_000], always), T0 + 300_000 + 90_000);
    assert.equal(placeSlot(T0 + 3 * HOUR_MS, 90_000, pacing, [T0, T0 + 300_000], always), T0 + 3 * HOUR_MS);
  });

  it('when many slots are placed one after another, then no two are closer than the least gap and no clock hour holds more than its limit', () => {
    const taken: number[] = [];
    for (let i = 0; i < 200; i++) {
      const slot = placeSlot(T0, drawGap(pacing, Math.random()), pacing, taken, always)!;
      taken.push(slot);
      taken.sort((a, b) => a - b);
    }
    for (let i = 1; i < taken.length; i++) assert.ok(taken[i] - taken[i - 1] >= 60_000);
    const perHour = new Map<number, number>();
    for (const t of taken) perHour.set(Math.floor(t / HOUR_MS), (perHour.get(Math.floor(t / HOUR_MS)) ?? 0) + 1);
    assert.ok(Math.max(...perHour.values()) <= 30, `hours: ${[...perHour.values()].join(',')}`);
  });

  it('when a slot would fall after the window closes, then it moves to the next window', () => {
    const window = {
      days: ['MON', 'TUE', 'WED', 'THU', 'FRI'] as ('MON' | 'TUE' | 'WED' | 'THU' | 'FRI')[],
      start_hour: 9,
      end_hour: 17,
    };
    const allowed = (at: number) => nextAllowedTime(at, 'UTC', window);
    const lastOfDay = T0 + 8 * HOUR_MS - 30_000; // 16:59:30
    assert.equal(placeSlot(lastOfDay, 60_000, pacing, [lastOfDay], allowed), T0 + 24 * HOUR_MS);
  });

  it('when the gap is 0, then a new slot still lies after the last one (never the same instant)', () => {
    const none = { hourlyLimit: 3600, minGapMs: 0, maxGapMs: 0 };
    assert.equal(placeSlot(T0, 0, none, [T0], always), T0 + 1);
  });

  it('when the window never opens or the hourly limit is 0, then there is no slot', () => {
    assert.equal(
      placeSlot(T0, 60_000, pacing, [], () => null),
      null,
    );
    assert.equal(placeSlot(T0, 60_000, { ...pacing, hourlyLimit: 0 }, [], always), null);
  });
});
