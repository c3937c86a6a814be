// Sets a sender's pacing (pacing.ts): emails per clock hour and the least and most seconds between
// two sends, or back to the transport's default. Slots reserved before a change keep their time; the
// next reservations follow the new settings.
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/entities/index.ts';
import { MailboxError } from './mailboxes.service.ts';
import { sendingOf, type SendingRecord } from './sender-sending.ts';

export type PacingInput = { hourlyLimit?: number; minGapSeconds?: number; maxGapSeconds?: number } | { defaults: true };

/** The most seconds between two sends a setting may ask (a day). */
const GAP_MAX_SECONDS = 86_400;

function checkPacing(input: Exclude<PacingInput, { defaults: true }>): void {
  const given = [
    ['--hourly-limit', input.hourlyLimit, 1, 3600],
    ['--min-gap-seconds', input.minGapSeconds, 0, GAP_MAX_SECONDS],
    ['--max-gap-seconds', input.maxGapSeconds, 0, GAP_MAX_SECONDS],
  ] as const;
  if (given.every(([, value]) => value === undefined))
    throw new MailboxError('give --hourly-limit, --min-gap-seconds and/or --max-gap-seconds, or --default');
  for (const [name, value, min, max] of given)
    if (value !== undefined && (!Number.isSafeInteger(value) || value < min || value > max))
      throw new MailboxError(`${name}: must be an integer from ${min} to ${max}`);
}

/**
 * Sets the sender's pacing (the settings given; the others keep theirs) or clears it (`defaults`).
 * Refuses a most gap below the least one. Answers the user's id and sending record.
 */
export async function setPacing(
  em: EntityManager,
  userId: string,
  input: PacingInput,
  now = new Date(),
): Promise<{ user_id: string } & SendingRecord> {
  if (!('defaults' in input)) checkPacing(input);
  return em.transactional(async (tx) => {
    const user = await tx.findOne(User, { id: userId, removedAt: null });
    if (!user) throw new MailboxError(`--user: active user ${userId} not found`);
    if ('defaults' in input) {
      user.hourlySendLimit = null;
      user.minSendGapSeconds = null;
      user.maxSendGapSeconds = null;
    } else {
      if (input.hourlyLimit !== undefined) user.hourlySendLimit = input.hourlyLimit;
      if (input.minGapSeconds !== undefined) user.minSendGapSeconds = input.minGapSeconds;
      if (input.maxGapSeconds !== undefined) user.maxSendGapSeconds = input.maxGapSeconds;
      const min = user.minSendGapSeconds ?? null;
      const max = user.maxSendGapSeconds ?? null;
      if (min !== null && max !== null && max < min)
        throw new MailboxError('--max-gap-seconds: must be at least --min-gap-seconds');
    }
    await tx.flush();
    return { user_id: user.id, ...sendingOf(user, now) };
  });
}
