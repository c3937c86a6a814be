// Rotation: the sender a new run of a template with a pool of senders is given, chosen in the
// enrollment's transaction and written on the run's row (sequences.sender_id) with it, so every
// later step sends from that mailbox (domain/sequences/senders.ts). The choice is sender-choice.ts's
// (the most remaining capacity today); concurrent enrollments sharing a member take turns on its
// rotation lock, so each sees the runs given before it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { HOLDING_STATUSES } from '../../mailboxes/sync-view.ts';
import { utcDate } from '../../shared/time.ts';
import { chooseSender, type PoolMember } from '../sender-choice.ts';
import { effectiveDailyLimit, rampOf } from '../send-limit.ts';
import { lockPoolMembers, poolMemberRows } from './rotation.queries.ts';

/**
 * The pool member the run is given (the caller's transaction holds the members' rotation locks
 * until it commits the run's row); null when no member is an active user any more.
 */
export async function rotatedSender(
  tx: EntityManager,
  organizationId: string,
  pool: readonly string[],
  now: Date,
): Promise<string | null> {
  await lockPoolMembers(tx, pool);
  const rows = await poolMemberRows(tx, organizationId, pool, utcDate(now));
  const members = pool.flatMap((id): PoolMember[] => {
    const row = rows.find((r) => r.id === id);
    if (!row) return [];
    return [
      {
        id,
        limit: effectiveDailyLimit(row.daily_send_limit, rampOf(row), now),
        counted: Number(row.counted),
        assigned: Number(row.assigned ?? 0),
        canSend:
          row.reputation_paused_at === null &&
          !(row.mailbox_status !== null && HOLDING_STATUSES.includes(row.mailbox_status)),
      },
    ];
  });
  return chooseSender(members);
}
