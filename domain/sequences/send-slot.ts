// The send slot of a run's email from a paced sender (domain/mailboxes/pacing.ts): reserved in the
// step's transaction that records the email's intent, inside the run's sending window (its zone, its
// public holidays) and within the sender's daily limit for the slot's UTC day; the run then waits for
// it with a durable timer. A slot whose email had not gone out when its run paused or was halted is
// given back with the intent when the step runs again (and reserves anew); one whose run ended is
// given back by the sender's next reservation.
import type { EntityManager } from '@mikro-orm/postgresql';
import { drawGap, pacingOf, placeSlot, type Pacing } from '../mailboxes/pacing.ts';
import {
  deleteSlot,
  dropUntriedEffect,
  endedRunSlots,
  forgetSlotsBefore,
  insertSlot,
  lockSenderSlots,
  slotOf,
  slotsFrom,
} from '../mailboxes/send-slots.queries.ts';
import type { EffectRow } from '../outbound/effects.ts';
import { DAY_MS, HOUR_MS } from '../shared/time.ts';
import { holidayCalendar } from './holidays.ts';
import { runWindow } from './run-window.ts';
import type { RunRow } from './runs.queries.ts';
import { ALL_HOURS, localDate, nextAllowedTime } from './schedule-window.ts';
import { countSend, stepSender, uncountSend, type Sender } from './senders.ts';
import { isPaused } from './pause.ts';
import { isRunningStatus } from './statuses.ts';
import { effectiveDailyLimit, rampOf } from './send-limit.ts';

/** Slots this old are forgotten when the sender reserves again (no hour or gap reaches back that far). */
const SLOT_MEMORY_MS = 2 * DAY_MS;
/** The most UTC days a reservation looks ahead for one under the daily limit. */
const SEARCH_DAYS = 60;

/** The sender's pacing for a run's email, or null when it goes out unpaced. */
export function senderPacing(sender: Sender, sharedTransportPaced: boolean): Pacing | null {
  return pacingOf(sender, { connectedMailbox: sender.mailbox_id !== null, sharedTransportPaced });
}

/** When the run's window allows a send at or after a time (its zone, its holidays); null: never. */
export function runAllowed(row: RunRow, at: Date): (atMs: number) => number | null {
  const { timezone, holidayCountry } = runWindow(row);
  const window = row.schedule ?? (holidayCountry ? ALL_HOURS : null);
  const holidays = holidayCountry ? holidayCalendar(holidayCountry, localDate(at.getTime(), timezone)).dates : null;
  return (atMs) => nextAllowedTime(atMs, timezone, window, holidays);
}

const nextUtcDayMs = (atMs: number) => (Math.floor(atMs / DAY_MS) + 1) * DAY_MS;

/**
 * Reserves the first free slot of the sender at or after `at` for the email `effectKey`, under the
 * sender's reservation lock (held until the caller's commit, a few statements later). Counts the
 * email against the daily limit of the slot's UTC day, moving to the next day when it is full.
 * Null: no slot in SEARCH_DAYS days (a window that never opens, limits of 0).
 */
export async function reserveSlot(
  tx: EntityManager,
  input: { effectKey: string; sequenceId: string; sender: Sender; pacing: Pacing; at: Date },
  allowed: (atMs: number) => number | null,
  random: () => number = Math.random,
): Promise<Date | null> {
  const { sender, pacing, at } = input;
  await lockSenderSlots(tx, sender.id);
  await forgetSlotsBefore(tx, sender.id, new Date(at.getTime() - SLOT_MEMORY_MS));
  // Runs stopped while their email waited (a stop ends the run without another step): their slots are free again.
  for (const stale of await endedRunSlots(tx, sender.id, at)) await releaseSlot(tx, stale.effect_key, sender.id);
  const taken = await slotsFrom(tx, sender.id, new Date(at.getTime() - HOUR_MS - pacing.maxGapMs));
  const gap = drawGap(pacing, random());
  const ramp = rampOf(sender);
  let from = at.getTime();
  for (let day = 0; day < SEARCH_DAYS; day++) {
    const slot = placeSlot(from, gap, pacing, taken, allowed);
    if (slot === null) return null;
    const slotAt = new Date(slot);
    if (await countSend(tx, sender.id, effectiveDailyLimit(sender.daily_send_limit, ramp, slotAt), slotAt)) {
      await insertSlot(tx, { effectKey: input.effectKey, senderId: sender.id, slotAt, sequenceId: input.sequenceId });
      return slotAt;
    }
    from = nextUtcDayMs(slot);
  }
  return null;
}

/**
 * Gives back the slot and the intent of an email no attempt has taken (its run ended, paused or was
 * halted while it waited): the day's count too. False when an attempt took it meanwhile (it goes on).
 */
export async function releaseSlot(tx: EntityManager, effectKey: string, senderId: string | null): Promise<boolean> {
  if (!(await dropUntriedEffect(tx, effectKey))) return false;
  const slotAt = await deleteSlot(tx, effectKey);
  if (slotAt && senderId) await uncountSend(tx, senderId, slotAt);
  return true;
}

/** Whether the step is an email of a paced sender (who reserves a slot as soon as it is due). */
export async function pacedEmail(
  em: EntityManager,
  row: RunRow,
  stepNumber: number,
  sharedTransportPaced: boolean,
): Promise<boolean> {
  if (row.steps[stepNumber - 1]?.type !== 'EMAIL') return false;
  const from = await stepSender(em, row);
  return !!from && senderPacing(from, sharedTransportPaced) !== null;
}

/** A slot missed by more than this (a pause or an outage outlasted it) is given back for a new one: no burst after it. */
export const SLOT_LATE_MS = 5 * 60_000;

/**
 * A recorded email that holds a send slot and has not been tried: its slot while it is ahead (the
 * run waits for it); its slot and intent given back (RELEASED) when its run no longer sends now
 * (ended, paused, halted, its template held) or its slot is long past, so the step decides again (and
 * reserves anew); null when it goes on as any recorded effect.
 */
export async function recordedSlot(
  em: EntityManager,
  row: RunRow,
  recorded: Pick<EffectRow<unknown>, 'key' | 'kind' | 'state' | 'attempts' | 'request'>,
  at: Date,
): Promise<Date | 'RELEASED' | null> {
  if (recorded.kind !== 'EMAIL' || recorded.state !== 'PENDING' || recorded.attempts > 0) return null;
  const slotAt = await slotOf(em, recorded.key);
  if (!slotAt) return null;
  const held =
    !isRunningStatus(row.status) ||
    isPaused(row) ||
    row.replied_at !== null ||
    ['ARCHIVED', 'INACTIVE', 'PENDING_SETUP'].includes(row.template_status) ||
    at.getTime() - slotAt.getTime() > SLOT_LATE_MS;
  const senderId = (recorded.request as { senderId?: string }).senderId ?? null;
  if (held && (await releaseSlot(em, recorded.key, senderId))) return 'RELEASED';
  return slotAt > at ? slotAt : null;
}
