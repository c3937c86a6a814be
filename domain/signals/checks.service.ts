// One check of a signal (docs/api/signals.md, 'Signal checks and the imports feed'), called by the signal workflow's checkSignal
// activity: provider-backed signals import new facts up to the daily cap; CUSTOM_EVENT signals poll
// the organization's ingested events (the custom-event rules of docs/api/signals.md). Every fact looked at
// becomes one signal_imports row (unique per signal and fact_key), written in the same transaction
// as the entry it made, so a retried check never imports anything twice. `at` is the workflow's
// time (the check's slot), so time-skipping tests and real runs read the same windows.
import { typedKysely } from '../../db/kysely.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { Logger } from 'pino';
import type { Directory } from '../../providers/directory/index.ts';
import type { EnrichmentProvider } from '../../providers/enrichment/index.ts';
import type { SignalDataProvider } from '../../providers/signals/index.ts';
import type { EmailVerifier } from '../../providers/verifier/index.ts';
import type { SignalType } from './presets.types.ts';
import { isCustom, loadSignal } from './signal-row.ts';
import { DAY_MS } from '../shared/time.ts';
import { checkFacts } from './fact-check.ts';
import { pollEvents } from './event-poll.ts';

export interface SignalCheckDeps {
  directory: Directory;
  enrichment: EnrichmentProvider;
  verifier: EmailVerifier;
  /** The verifier's slowest answer (config.slowVerifyMs), for the enrollment policy's attempt timeout. */
  slowVerifyMs: number;
  signals: SignalDataProvider;
  /** COMPANY or PEOPLE scope of a preset (domain/signals/presets.ts presetOf). */
  scopeOf: (type: SignalType) => Promise<'COMPANY' | 'PEOPLE'>;
  workflows: WorkflowClients;
  /** Called as the check makes progress (each page, each candidate, each event): the activity's heartbeat. */
  heartbeat?: () => void;
  /** Where an enrollment's dead verifier is reported. */
  logger?: Pick<Logger, 'warn'>;
}

export interface CheckResult {
  outcome: 'CHECKED' | 'NOT_ACTIVE' | 'NOT_FOUND';
  /** Rows written by this check, by status. */
  imported: number;
  skipped: number;
  /** CUSTOM_EVENT: events read (at most 500); provider signals: facts read. */
  read: number;
}

/** One check at `at`; a signal that is no longer ACTIVE (or gone) is left alone. */
export async function checkSignal(em: EntityManager, deps: SignalCheckDeps, organizationId: string, signalId: string, at: Date, dayMs = DAY_MS): Promise<CheckResult> {
  const signal = await loadSignal(em, organizationId, signalId);
  if (!signal) return { outcome: 'NOT_FOUND', imported: 0, skipped: 0, read: 0 };
  if (signal.status !== 'ACTIVE') return { outcome: 'NOT_ACTIVE', imported: 0, skipped: 0, read: 0 };
  const result = isCustom(signal) ? await pollEvents(em, deps, signal, at) : await checkFacts(em, deps, signal, at, dayMs);
  await typedKysely(em).updateTable('signals').set({ last_checked_at: at, updated_at: new Date() }).where('id', '=', signal.id).execute();
  return result;
}
