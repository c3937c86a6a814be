// The admin CLI's `mailbox pace` (scripts/admin.ts registers its options and calls it): a sender's
// hourly limit and gap between sends (domain/mailboxes/sender-pacing.ts), or --default for the
// transport's own. Prints the sending record, as GET /v1/users shows it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { MailboxError } from '../domain/mailboxes/mailboxes.service.ts';
import { setPacing, type PacingInput } from '../domain/mailboxes/sender-pacing.ts';

export const PACE_OPTIONS = {
  'hourly-limit': { type: 'string' },
  'min-gap-seconds': { type: 'string' },
  'max-gap-seconds': { type: 'string' },
  default: { type: 'boolean' },
} as const;

type PaceFlags = { user?: string } & { [K in keyof typeof PACE_OPTIONS]?: string | boolean };

/** A whole number from its option's text, or undefined when the option is absent. */
function count(flags: PaceFlags, name: 'hourly-limit' | 'min-gap-seconds' | 'max-gap-seconds'): number | undefined {
  const value = flags[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new MailboxError(`--${name}: must be an integer`);
  return Number(value);
}

function paceInput(flags: PaceFlags): PacingInput {
  const numbers = {
    hourlyLimit: count(flags, 'hourly-limit'),
    minGapSeconds: count(flags, 'min-gap-seconds'),
    maxGapSeconds: count(flags, 'max-gap-seconds'),
  };
  if (!flags.default) return numbers;
  if (Object.values(numbers).some((v) => v !== undefined)) throw new MailboxError('--default takes no other option');
  return { defaults: true };
}

/** `mailbox pace --user USER_ID (--hourly-limit N | --min-gap-seconds N | --max-gap-seconds N ... | --default)`. */
export async function paceSender(em: EntityManager, flags: PaceFlags) {
  if (!flags.user) throw new MailboxError('--user is required');
  return setPacing(em, flags.user, paceInput(flags));
}
