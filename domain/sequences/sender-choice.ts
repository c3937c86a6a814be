// Which member of a template's pool of senders a new run is given (rotation): the one with the most
// remaining capacity today. A member's remaining capacity is its effective daily limit (the warm-up
// ramp's when it ramps) minus the emails counted against today (sent, or holding today's send slot)
// minus its runs given to it and not started (their first email not counted yet), so a burst of
// enrollments spreads by capacity instead of piling onto the mailbox that has sent least. Pure.

export interface PoolMember {
  id: string;
  /** Today's effective daily limit (UTC day). */
  limit: number;
  /** Emails counted against today: sent, or reserved a slot today (sender_daily_sends). */
  counted: number;
  /** Running runs given this member whose first email is not counted yet. */
  assigned: number;
  /** False: the mailbox cannot send (AUTH_FAILED, ERROR, paused for its reputation): it takes no new runs. */
  canSend: boolean;
}

const remaining = (m: PoolMember) => m.limit - m.counted - m.assigned;

/** Days of today's limit the member's load fills once it takes one more run (Infinity with a limit of 0). */
const fill = (m: PoolMember) => (m.limit > 0 ? (m.counted + m.assigned + 1) / m.limit : Infinity);

/**
 * The member a new run is given, from the members in pool order. Among those that can send (all of
 * them when none can: the run then waits with its mailbox, like the runs it already has):
 * the most remaining capacity; when none has any left today, the one its load fills least relative
 * to its limit (so an overflow too spreads in proportion to the limits). Ties: fewer runs given,
 * then pool order. Null for an empty pool.
 */
export function chooseSender(members: readonly PoolMember[]): string | null {
  const able = members.filter((m) => m.canSend);
  const candidates = able.length ? able : members;
  if (!candidates.length) return null;
  const withRoom = candidates.some((m) => remaining(m) > 0);
  const better = (m: PoolMember, best: PoolMember) =>
    withRoom
      ? remaining(m) > remaining(best) || (remaining(m) === remaining(best) && m.assigned < best.assigned)
      : fill(m) < fill(best) || (fill(m) === fill(best) && m.assigned < best.assigned);
  return candidates.reduce((best, m) => (better(m, best) ? m : best)).id;
}
