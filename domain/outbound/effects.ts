// Exactly-once outside effects. An effect (an email, a LinkedIn action, a CRM write) is first
// recorded as an intent row with a unique key in the caller's transaction (recordEffect); once that
// commits, performOnce calls the provider outside any transaction or row lock and records the
// outcome. A retry finds the row: a done effect is never performed again, and a call whose outcome
// was lost (the process died, the answer never came) is reconciled by asking the provider for the
// key; a provider that cannot be asked (plain SMTP) has the effect counted as done, never repeated.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OutboundEffectKind, OutboundEffectState } from '../../db/entities/outbound-effect.entity.ts';
import type { Row } from '../../db/kysely.ts';
import { truncateText } from '../shared/text.ts';
import {
  claimEffect,
  finishEffect,
  insertEffect,
  markUnconfirmed,
  recordAttemptError,
  selectEffect,
  type EFFECT_COLUMNS,
} from './outbound.queries.ts';

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

/** The row as the code reads it: the JSON columns hold what recordEffect and finish wrote. */
function effectRow<Request>(row: Pick<Row<'outbound_effects'>, (typeof EFFECT_COLUMNS)[number]>): EffectRow<Request> {
  return { ...row, request: row.request as Request, result: row.result as ProviderOutcome | null };
}

const ERROR_MAX = 1000;
const errorText = (error: unknown) =>
  truncateText(error instanceof Error ? `${error.name}: ${error.message}` : String(error), ERROR_MAX);

/**
 * Records the intent in the caller's transaction, or finds the one recorded earlier under the same
 * key (a retry). `created` tells which: only a new intent may count against a budget.
 */
export async function recordEffect<Request extends object>(
  tx: EntityManager,
  intent: EffectIntent<Request>,
): Promise<{ effect: EffectRow<Request>; created: boolean }> {
  const [row] = (
    await insertEffect(
      tx,
      randomUUID(),
      intent.organizationId,
      intent.key,
      intent.kind,
      intent.sequenceId ?? null,
      Object.fromEntries(Object.entries(intent.request)),
    )
  ).rows;
  if (row) return { effect: effectRow<Request>(row), created: true };
  return { effect: await findEffectOrFail<Request>(tx, intent.key), created: false };
}

export async function findEffect<Request>(em: EntityManager, key: string): Promise<EffectRow<Request> | null> {
  const [row] = (await selectEffect(em, key)).rows;
  return row ? effectRow<Request>(row) : null;
}

async function findEffectOrFail<Request>(em: EntityManager, key: string): Promise<EffectRow<Request>> {
  const row = await findEffect<Request>(em, key);
  if (!row) throw new Error(`no outbound effect is recorded under the key ${key}`);
  return row;
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
  const [row] = (await finishEffect(em, key, state, { ...outcome }, outcome.error)).rows;
  return outcomeOf(row ? effectRow(row) : await findEffectOrFail(em, key))!;
}

/** Takes the effect for one provider call: PENDING, or IN_FLIGHT as last seen (`attempts`) after a reconciliation found nothing. */
async function claim<Request>(
  em: EntityManager,
  key: string,
  from: { state: 'PENDING' } | { state: 'IN_FLIGHT'; attempts: number },
): Promise<EffectRow<Request> | null> {
  const inFlightAt = from.state === 'IN_FLIGHT' ? from.attempts : -1;
  const [row] = (await claimEffect(em, key, inFlightAt)).rows;
  return row ? effectRow<Request>(row) : null;
}

/**
 * Performs the recorded effect `key` at most once and answers its outcome. Never runs inside a
 * transaction: each statement commits on its own, so the intent's state survives a crash of the
 * caller at any point. Throws what the provider threw (the caller's retry comes back here).
 */
export async function performOnce<Request>(
  em: EntityManager,
  key: string,
  provider: EffectProvider<Request>,
  log?: (message: string, fields: Record<string, unknown>) => void,
): Promise<EffectOutcome> {
  let claimed = await claim<Request>(em, key, { state: 'PENDING' });
  if (!claimed) {
    const row = await findEffectOrFail<Request>(em, key);
    const known = outcomeOf(row);
    if (known) return known;
    if (row.state === 'PENDING') throw new EffectBusyError(`the effect ${key} was claimed meanwhile`);
    // IN_FLIGHT: an earlier call's outcome is unknown. Ask the provider, else count it as done.
    if (!provider.lookup) {
      const unconfirmed = await markUnconfirmed(em, key, row.attempts);
      log?.('an outside effect whose outcome was lost is counted as done, not repeated', {
        key,
        kind: row.kind,
        attempts: row.attempts,
      });
      return (
        outcomeOf(unconfirmed ? effectRow(unconfirmed) : await findEffectOrFail(em, key)) ??
        Promise.reject(new EffectBusyError(`the effect ${key} is in flight elsewhere`))
      );
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
    await recordAttemptError(em, key, claimed.attempts, errorText(error), release);
    throw error;
  }
  return finish(em, key, outcome);
}
