// Exactly-once outside effects. An effect (an email, a LinkedIn action, a CRM write) is first
// recorded as an intent row with a unique key in the caller's transaction (recordEffect); once that
// commits, performOnce calls the provider outside any transaction or row lock and records the
// outcome. A retry finds the row: a done effect is never performed again, and a call whose outcome
// was lost (the process died, the answer never came) is reconciled by asking the provider for the
// key; a provider that cannot be asked (plain SMTP) has the effect counted as done, never repeated.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { OutboundEffectKind, OutboundEffectState } from '../../db/entities/outbound-effect.entity.ts';
import { truncateText } from '../shared/text.ts';

/** What a provider answered for one effect. */
export interface ProviderOutcome {
  /** False when the provider refused the effect for good (retrying will not help). */
  accepted: boolean;
  /** The provider's id for the effect (also for a refusal). */
  providerId: string;
  error: string | null;
}

export interface EffectProvider<Request> {
  /** Performs the effect; `key` is passed on as the provider's idempotency key where it takes one. Throws when it did not happen or its outcome is unknown. */
  perform(request: Request, key: string): Promise<ProviderOutcome>;
  /** True when `error` proves the provider did not take the effect (refused before acceptance, never reached): safe to perform again. */
  notPerformed?(error: unknown): boolean;
  /** The outcome of the effect when the provider has it, null when it never happened; absent when the provider cannot be asked. */
  lookup?(request: Request, key: string): Promise<ProviderOutcome | null>;
}

export interface EffectIntent<Request> {
  organizationId: string;
  /** The business key (e.g. `sequence-step/<id>/<n>`): a retry finds the intent by it. */
  key: string;
  kind: OutboundEffectKind;
  sequenceId?: string | null;
  request: Request;
}

export interface EffectRow<Request> {
  key: string;
  kind: OutboundEffectKind;
  state: OutboundEffectState;
  request: Request;
  result: ProviderOutcome | null;
  attempts: number;
}

/** The final outcome of an effect: DONE and UNCONFIRMED count as performed. */
export type EffectOutcome =
  | { state: 'DONE' | 'UNCONFIRMED'; providerId: string }
  | { state: 'REFUSED'; providerId: string; error: string | null }
  | { state: 'CANCELLED' };

/** Thrown when another attempt holds the effect right now; retrying later resolves it. */
export class EffectBusyError extends Error {
  override name = 'EffectBusyError';
}

const ERROR_MAX = 1000;
const errorText = (error: unknown) => truncateText(error instanceof Error ? `${error.name}: ${error.message}` : String(error), ERROR_MAX);

/**
 * Records the intent in the caller's transaction, or finds the one recorded earlier under the same
 * key (a retry). `created` tells which: only a new intent may count against a budget.
 */
export async function recordEffect<Request extends object>(tx: EntityManager, intent: EffectIntent<Request>): Promise<{ effect: EffectRow<Request>; created: boolean }> {
  const db = tx.getKysely();
  const { rows } = await sql<EffectRow<Request>>`
    INSERT INTO outbound_effects (id, organization_id, key, kind, state, sequence_id, request, attempts, created_at)
    VALUES (gen_random_uuid(), ${intent.organizationId}, ${intent.key}, ${intent.kind}, 'PENDING', ${intent.sequenceId ?? null}, ${JSON.stringify(intent.request)}::jsonb, 0, now())
    ON CONFLICT (key) DO NOTHING
    RETURNING key, kind, state, request, result, attempts`.execute(db);
  if (rows[0]) return { effect: rows[0], created: true };
  return { effect: await findEffectOrFail<Request>(tx, intent.key), created: false };
}

export async function findEffect<Request>(em: EntityManager, key: string): Promise<EffectRow<Request> | null> {
  const { rows } = await sql<EffectRow<Request>>`SELECT key, kind, state, request, result, attempts FROM outbound_effects WHERE key = ${key}`.execute(em.getKysely());
  return rows[0] ?? null;
}

async function findEffectOrFail<Request>(em: EntityManager, key: string): Promise<EffectRow<Request>> {
  const row = await findEffect<Request>(em, key);
  if (!row) throw new Error(`no outbound effect is recorded under the key ${key}`);
  return row;
}

/** Drops an effect that was never attempted (its reason to exist went away); false when a call already started. */
export async function cancelEffect(em: EntityManager, key: string): Promise<boolean> {
  const { rows } = await sql<{ key: string }>`
    UPDATE outbound_effects SET state = 'CANCELLED', completed_at = now() WHERE key = ${key} AND state = 'PENDING' AND attempts = 0 RETURNING key`.execute(em.getKysely());
  return rows.length === 1;
}

function outcomeOf(row: Pick<EffectRow<unknown>, 'state' | 'result' | 'key'>): EffectOutcome | null {
  switch (row.state) {
    case 'DONE':
    case 'UNCONFIRMED':
      return { state: row.state, providerId: row.result?.providerId ?? row.key };
    case 'REFUSED':
      return { state: 'REFUSED', providerId: row.result?.providerId ?? row.key, error: row.result?.error ?? null };
    case 'CANCELLED':
      return { state: 'CANCELLED' };
    default:
      return null;
  }
}

/** Records the provider's answer (an attempt that lost its claim to a reconciliation may still confirm it). */
async function finish(em: EntityManager, key: string, outcome: ProviderOutcome): Promise<EffectOutcome> {
  const state = outcome.accepted ? 'DONE' : 'REFUSED';
  const { rows } = await sql<EffectRow<unknown>>`
    UPDATE outbound_effects SET state = ${state}, result = ${JSON.stringify(outcome)}::jsonb, last_error = ${outcome.error}, completed_at = now()
     WHERE key = ${key} AND state IN ('IN_FLIGHT', 'UNCONFIRMED')
     RETURNING key, kind, state, request, result, attempts`.execute(em.getKysely());
  return outcomeOf(rows[0] ?? await findEffectOrFail(em, key))!;
}

/** Takes the effect for one provider call: PENDING, or IN_FLIGHT as last seen (`attempts`) after a reconciliation found nothing. */
async function claim<Request>(em: EntityManager, key: string, from: { state: 'PENDING' } | { state: 'IN_FLIGHT'; attempts: number }): Promise<EffectRow<Request> | null> {
  const inFlightAt = from.state === 'IN_FLIGHT' ? from.attempts : -1;
  const { rows } = await sql<EffectRow<Request>>`
    UPDATE outbound_effects SET state = 'IN_FLIGHT', attempts = attempts + 1, attempted_at = now()
     WHERE key = ${key} AND (state = 'PENDING' OR (state = 'IN_FLIGHT' AND attempts = ${inFlightAt}))
     RETURNING key, kind, state, request, result, attempts`.execute(em.getKysely());
  return rows[0] ?? null;
}

/**
 * Performs the recorded effect `key` at most once and answers its outcome. Never runs inside a
 * transaction: each statement commits on its own, so the intent's state survives a crash of the
 * caller at any point. Throws what the provider threw (the caller's retry comes back here).
 */
export async function performOnce<Request>(em: EntityManager, key: string, provider: EffectProvider<Request>, log?: (message: string, fields: Record<string, unknown>) => void): Promise<EffectOutcome> {
  let claimed = await claim<Request>(em, key, { state: 'PENDING' });
  if (!claimed) {
    const row = await findEffectOrFail<Request>(em, key);
    const known = outcomeOf(row);
    if (known) return known;
    if (row.state === 'PENDING') throw new EffectBusyError(`the effect ${key} was claimed meanwhile`);
    // IN_FLIGHT: an earlier call's outcome is unknown. Ask the provider, else count it as done.
    if (!provider.lookup) {
      const { rows } = await sql<EffectRow<unknown>>`
        UPDATE outbound_effects SET state = 'UNCONFIRMED', result = ${JSON.stringify({ accepted: true, providerId: key, error: null })}::jsonb, completed_at = now()
         WHERE key = ${key} AND state = 'IN_FLIGHT' AND attempts = ${row.attempts}
         RETURNING key, kind, state, request, result, attempts`.execute(em.getKysely());
      log?.('an outside effect whose outcome was lost is counted as done, not repeated', { key, kind: row.kind, attempts: row.attempts });
      return outcomeOf(rows[0] ?? await findEffectOrFail(em, key)) ?? Promise.reject(new EffectBusyError(`the effect ${key} is in flight elsewhere`));
    }
    const found = await provider.lookup(row.request, key);
    if (found) return finish(em, key, found);
    claimed = await claim<Request>(em, key, { state: 'IN_FLIGHT', attempts: row.attempts });
    if (!claimed) throw new EffectBusyError(`the effect ${key} is in flight elsewhere`);
  }
  let outcome: ProviderOutcome;
  try {
    outcome = await provider.perform(claimed.request, key);
  } catch (error) {
    // Known not performed: back to PENDING, so the retry calls again. Otherwise it stays IN_FLIGHT and the retry reconciles.
    const release = provider.notPerformed?.(error) === true;
    await sql`
      UPDATE outbound_effects SET last_error = ${errorText(error)}, state = CASE WHEN ${release} THEN 'PENDING' ELSE state END
       WHERE key = ${key} AND state = 'IN_FLIGHT' AND attempts = ${claimed.attempts}`.execute(em.getKysely());
    throw error;
  }
  return finish(em, key, outcome);
}

/** The provider id of a performed effect, or null when it was refused or cancelled. */
export function performedId(outcome: EffectOutcome): string | null {
  return outcome.state === 'DONE' || outcome.state === 'UNCONFIRMED' ? outcome.providerId : null;
}
