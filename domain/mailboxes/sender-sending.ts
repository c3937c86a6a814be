// A sender's sending settings as the admin CLI sets them and GET /v1/users shows them: the daily send
// limit, the warm-up ramp (domain/sequences/send-limit.ts) and the limit they make for today, the
// pacing settings (pacing.ts; sender-pacing.ts sets them), and a
// reputation pause (reputation.ts) with its reason, which `resumeSender` clears. No secret is part of it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/entities/index.ts';
import { effectiveDailyLimit, rampDay, rampOf } from '../sequences/send-limit.ts';
import { iso, utcDate } from '../shared/time.ts';
import { MailboxError, wakeSenderRuns } from './mailboxes.service.ts';
import { clearPause, lockedPauseOf } from './reputation.queries.ts';

export interface RampRecord {
  start: number;
  increase: number;
  target: number;
  /** The ramp's first UTC day (day 0). */
  started_on: string;
  /** Today's day of the ramp (0 on its first day). */
  day: number;
}

/** A sender's pacing settings as set (sender-pacing.ts); a null field takes the transport's default. */
export interface PacingRecord {
  hourly_limit: number | null;
  min_gap_seconds: number | null;
  max_gap_seconds: number | null;
}

export interface SendingRecord {
  daily_send_limit: number;
  ramp: RampRecord | null;
  /** What the sender may send today (UTC): the daily send limit, lowered by the ramp. */
  effective_daily_limit: number;
  /** The pacing settings; null: none (the transport's default: paced for a connected mailbox or SMTP, unpaced on the sandbox). */
  pacing: PacingRecord | null;
  /** When the sender's mailbox was paused for its reputation (their emails wait), or null. */
  reputation_paused_at: string | null;
  /** Why: `BOUNCE_RATE <bounced>/<sent>` or `SPAM_COMPLAINT`; null when not paused. */
  reputation_pause_reason: string | null;
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
    pacing: pacingRecordOf(user),
    reputation_paused_at: iso(user.reputationPausedAt ?? null),
    reputation_pause_reason: user.reputationPauseReason ?? null,
  };
}

function pacingRecordOf(user: User): PacingRecord | null {
  const record = {
    hourly_limit: user.hourlySendLimit ?? null,
    min_gap_seconds: user.minSendGapSeconds ?? null,
    max_gap_seconds: user.maxSendGapSeconds ?? null,
  };
  return Object.values(record).every((v) => v === null) ? null : record;
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

/** What `resumeSender` found and did: the pause it cleared (null fields: there was none) and the runs it woke. */
export interface ResumeResult {
  user_id: string;
  resumed: boolean;
  was_paused_at: string | null;
  was_pause_reason: string | null;
  woken_sequence_ids: string[];
}

/**
 * Resumes a sender paused for their reputation: clears the pause (the bounce window starts again
 * now) and records a RUN_CHANGED command for each of their running sequences in the same
 * transaction, so runs holding an email try it at once. A sender who is not paused is left as is.
 */
export async function resumeSender(em: EntityManager, userId: string, now = new Date()): Promise<ResumeResult> {
  return em.transactional(async (tx) => {
    const user = await lockedPauseOf(tx, userId);
    if (!user) throw new MailboxError(`--user: active user ${userId} not found`);
    const was = { was_paused_at: iso(user.reputation_paused_at), was_pause_reason: user.reputation_pause_reason };
    if (!user.reputation_paused_at) return { user_id: userId, resumed: false, ...was, woken_sequence_ids: [] };
    await clearPause(tx, userId, now);
    const woken = await wakeSenderRuns(tx, user.organization_id, userId);
    return { user_id: userId, resumed: true, ...was, woken_sequence_ids: woken };
  });
}
