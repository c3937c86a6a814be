// A sender's sending settings as the admin CLI sets them and GET /v1/users shows them: the daily send
// limit, the warm-up ramp (domain/sequences/send-limit.ts) and the limit they make for today.
// No secret is part of it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/entities/index.ts';
import { effectiveDailyLimit, rampDay, rampOf } from '../sequences/send-limit.ts';
import { utcDate } from '../shared/time.ts';
import { MailboxError } from './mailboxes.service.ts';

export interface RampRecord {
  start: number;
  increase: number;
  target: number;
  /** The ramp's first UTC day (day 0). */
  started_on: string;
  /** Today's day of the ramp (0 on its first day). */
  day: number;
}

export interface SendingRecord {
  daily_send_limit: number;
  ramp: RampRecord | null;
  /** What the sender may send today (UTC): the daily send limit, lowered by the ramp. */
  effective_daily_limit: number;
}

/** The sending record of a user row, for the UTC day of `at`. */
export function sendingOf(user: User, at: Date): SendingRecord {
  const ramp = rampOf({
    ramp_start: user.rampStart ?? null,
    ramp_increase: user.rampIncrease ?? null,
    ramp_target: user.rampTarget ?? null,
    ramp_started_at: user.rampStartedAt ?? null,
  });
  return {
    daily_send_limit: user.dailySendLimit,
    ramp: ramp && {
      start: ramp.start,
      increase: ramp.increase,
      target: ramp.target,
      started_on: utcDate(ramp.startedAt),
      day: rampDay(ramp, at),
    },
    effective_daily_limit: effectiveDailyLimit(user.dailySendLimit, ramp, at),
  };
}

export type RampInput = { start: number; increase: number; target: number; startedOn?: string } | { off: true };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkRamp(input: Exclude<RampInput, { off: true }>): Date | null {
  for (const [name, value] of [
    ['--start', input.start],
    ['--increase', input.increase],
    ['--target', input.target],
  ] as const)
    if (!Number.isSafeInteger(value) || value < 0) throw new MailboxError(`${name}: must be an integer >= 0`);
  if (input.target < input.start) throw new MailboxError('--target: must be at least --start');
  if (input.startedOn === undefined) return null;
  const day = new Date(`${input.startedOn}T00:00:00.000Z`);
  if (!DATE.test(input.startedOn) || Number.isNaN(day.getTime()) || utcDate(day) !== input.startedOn)
    throw new MailboxError('--started-on: must be a date YYYY-MM-DD');
  return day;
}

/**
 * Sets the sender's warm-up ramp (day 0: `startedOn`, else the UTC day of `now`), or removes it
 * (`off`). Answers the user's id and sending record.
 */
export async function setRamp(
  em: EntityManager,
  userId: string,
  input: RampInput,
  now = new Date(),
): Promise<{ user_id: string } & SendingRecord> {
  const startedOn = 'off' in input ? null : checkRamp(input);
  return em.transactional(async (tx) => {
    const user = await tx.findOne(User, { id: userId, removedAt: null });
    if (!user) throw new MailboxError(`--user: active user ${userId} not found`);
    const ramp = 'off' in input ? null : input;
    user.rampStart = ramp?.start ?? null;
    user.rampIncrease = ramp?.increase ?? null;
    user.rampTarget = ramp?.target ?? null;
    user.rampStartedAt = ramp ? (startedOn ?? new Date(`${utcDate(now)}T00:00:00.000Z`)) : null;
    await tx.flush();
    return { user_id: user.id, ...sendingOf(user, now) };
  });
}
