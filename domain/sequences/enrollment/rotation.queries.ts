// The queries of an enrollment's rotation (rotation.ts holds the rules): the pool members' rotation
// locks, and what each member can take today. Each runs on the transaction it is given.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely } from '../../../db/kysely.ts';
import { RUNNING_STATUSES } from '../statuses.ts';

/**
 * Serializes the rotations of enrollments that share a pool member until the transaction ends: one
 * transaction-scoped advisory lock per member, taken in the members' id order (two pools that share
 * members never wait on each other in a cycle). Not the send-slot lock: a step's reservation never waits on it.
 * SQL: the locks are taken in the ordered subquery's order, which the builder cannot state.
 */
export async function lockPoolMembers(tx: EntityManager, userIds: readonly string[]): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended('sender-rotation:' || m.id::text, 0))
              FROM (SELECT id FROM unnest(${[...userIds]}::uuid[]) AS id ORDER BY id) AS m`.execute(typedKysely(tx));
}

/**
 * The pool's active members (removed users left out) with their daily limit and ramp, whether they
 * are paused for their reputation, their mailbox's status (null: no connected mailbox), the emails
 * counted against `day` (YYYY-MM-DD), and their running runs not started yet whose first email is
 * not recorded (the index sequences_sender_unstarted_index).
 */
export function poolMemberRows(tx: EntityManager, organizationId: string, userIds: readonly string[], day: string) {
  return typedKysely(tx)
    .selectFrom('users as u')
    .leftJoin('mailboxes as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.status', '<>', 'DISCONNECTED'))
    .leftJoin('sender_daily_sends as d', (join) => join.onRef('d.user_id', '=', 'u.id').on('d.day', '=', day))
    .select((eb) => [
      'u.id',
      'u.daily_send_limit',
      'u.ramp_start',
      'u.ramp_increase',
      'u.ramp_target',
      'u.ramp_started_at',
      'u.reputation_paused_at',
      'm.status as mailbox_status',
      eb.fn.coalesce('d.sent', eb.lit(0)).as('counted'),
      eb
        .selectFrom('sequences as s')
        .select((c) => c.fn.countAll<string>().as('n'))
        .whereRef('s.sender_id', '=', 'u.id')
        .where('s.current_step', '=', 0)
        .where('s.status', 'in', RUNNING_STATUSES)
        .where((w) =>
          w.not(w.exists(w.selectFrom('outbound_effects as e').select('e.id').whereRef('e.sequence_id', '=', 's.id'))),
        )
        .as('assigned'),
    ])
    .where('u.id', 'in', [...userIds])
    .where('u.organization_id', '=', organizationId)
    .where('u.removed_at', 'is', null)
    .execute();
}
