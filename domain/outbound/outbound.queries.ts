// The effects ledger's queries (domain/outbound/effects.ts holds its rules): the statements of
// every provider call (record, claim, finish, read), compiled once (db/statement.ts), and the two
// rarer updates in typed Kysely. Each runs on the `em` it is given; none opens a transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OutboundEffectKind } from '../../db/entities/outbound-effect.entity.ts';
import { typedKysely } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';

/** The columns the ledger reads back. */
export const EFFECT_COLUMNS = ['key', 'kind', 'state', 'request', 'result', 'attempts'] as const;

/** Inserts a PENDING intent unless the key exists; the new row, or none. */
export const insertEffect = statement(
  (
    db,
    id: string,
    organizationId: string,
    key: string,
    kind: OutboundEffectKind,
    sequenceId: string | null,
    request: Record<string, unknown>,
  ) =>
    db
      .insertInto('outbound_effects')
      .values((eb) => ({
        id,
        organization_id: organizationId,
        key,
        kind,
        state: 'PENDING',
        sequence_id: sequenceId,
        request,
        attempts: 0,
        created_at: eb.fn<Date>('now'),
      }))
      .onConflict((oc) => oc.column('key').doNothing())
      .returning(EFFECT_COLUMNS),
);

/** The effect recorded under a key. */
export const selectEffect = statement((db, key: string) =>
  db.selectFrom('outbound_effects').select(EFFECT_COLUMNS).where('key', '=', key),
);

/** Records the provider's answer on an effect IN_FLIGHT or UNCONFIRMED; the row, or none. */
export const finishEffect = statement(
  (db, key: string, state: 'DONE' | 'REFUSED', result: Record<string, unknown>, lastError: string | null) =>
    db
      .updateTable('outbound_effects')
      .set((eb) => ({ state, result, last_error: lastError, completed_at: eb.fn<Date>('now') }))
      .where('key', '=', key)
      .where('state', 'in', ['IN_FLIGHT', 'UNCONFIRMED'])
      .returning(EFFECT_COLUMNS),
);

/** Takes a PENDING effect, or one IN_FLIGHT at `inFlightAt` attempts, for one more attempt; the row, or none. */
export const claimEffect = statement((db, key: string, inFlightAt: number) =>
  db
    .updateTable('outbound_effects')
    .set((eb) => ({ state: 'IN_FLIGHT', attempts: eb('attempts', '+', 1), attempted_at: eb.fn<Date>('now') }))
    .where('key', '=', key)
    .where((eb) =>
      eb.or([eb('state', '=', 'PENDING'), eb.and([eb('state', '=', 'IN_FLIGHT'), eb('attempts', '=', inFlightAt)])]),
    )
    .returning(EFFECT_COLUMNS),
);

/** Counts an effect still IN_FLIGHT at `attempts` as done without confirmation; the row, or undefined. */
export function markUnconfirmed(em: EntityManager, key: string, attempts: number) {
  return typedKysely(em)
    .updateTable('outbound_effects')
    .set((eb) => ({
      state: 'UNCONFIRMED',
      result: { accepted: true, providerId: key, error: null },
      completed_at: eb.fn<Date>('now'),
    }))
    .where('key', '=', key)
    .where('state', '=', 'IN_FLIGHT')
    .where('attempts', '=', attempts)
    .returning(EFFECT_COLUMNS)
    .executeTakeFirst();
}

/** Records a failed attempt's error on an effect still IN_FLIGHT at `attempts`; `release` puts it back to PENDING. */
export async function recordAttemptError(
  em: EntityManager,
  key: string,
  attempts: number,
  error: string,
  release: boolean,
): Promise<void> {
  await typedKysely(em)
    .updateTable('outbound_effects')
    .set({ last_error: error, ...(release ? { state: 'PENDING' as const } : {}) })
    .where('key', '=', key)
    .where('state', '=', 'IN_FLIGHT')
    .where('attempts', '=', attempts)
    .execute();
}
