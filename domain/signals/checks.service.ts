// One check of a signal (docs/api/signals.md, 'Signal checks and the imports feed'), called by the signal workflow's checkSignal
// activity: provider-backed signals import new facts up to the daily cap; CUSTOM_EVENT signals poll
// the organization's ingested events (the custom-event rules of docs/api/signals.md). Every fact looked at
// becomes one signal_imports row (unique per signal and fact_key), written in the same transaction
// as the entry it made, so a retried check never imports anything twice. `at` is the workflow's
// time (the check's slot), so time-skipping tests and real runs read the same windows.
import type { EntityManager } from '@mikro-orm/postgresql';
import { isCustom, loadSignal } from './signal-row.ts';
import { markChecked } from './signals.queries.ts';
import { DAY_MS } from '../shared/time.ts';
import { checkFacts } from './fact-check.ts';
import { pollEvents } from './event-poll.ts';
import type { CheckResult, SignalCheckDeps } from './check-deps.ts';

// The check's callers (the activity, tests, benchmarks) take its types from here with checkSignal.
export type { CheckResult, SignalCheckDeps } from './check-deps.ts';

/** One check at `at`; a signal that is no longer ACTIVE (or gone) is left alone. */
export async function checkSignal(
  em: EntityManager,
  deps: SignalCheckDeps,
  organizationId: string,
  signalId: string,
  at: Date,
  dayMs = DAY_MS,
): Promise<CheckResult> {
  const signal = await loadSignal(em, organizationId, signalId);
  if (!signal) return { outcome: 'NOT_FOUND', imported: 0, skipped: 0, read: 0 };
  if (signal.status !== 'ACTIVE') return { outcome: 'NOT_ACTIVE', imported: 0, skipped: 0, read: 0 };
  const result = isCustom(signal)
    ? await pollEvents(em, deps, signal, at)
    : await checkFacts(em, deps, signal, at, dayMs);
  await markChecked(em, signal.id, at);
  return result;
}
