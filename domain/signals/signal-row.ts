// The signal as a check reads it: its row, which kind of check it gets, and its cadence's length.
import type { EntityManager } from '@mikro-orm/postgresql';
import { signalCheckRow, type SignalCheckRow } from './signals.queries.ts';
import { DAY_MS } from '../shared/time.ts';

export type SignalRow = SignalCheckRow;

export async function loadSignal(
  em: EntityManager,
  organizationId: string,
  signalId: string,
): Promise<SignalRow | null> {
  return (await signalCheckRow(em, organizationId, signalId)) ?? null;
}

/** A custom-event signal (it polls ingested events, not the provider). */
export const isCustom = (s: Pick<SignalRow, 'signal_type' | 'event_name'>) =>
  s.signal_type === 'CUSTOM_EVENT' || s.event_name !== null;
export const cadenceMs = (cadence: 'DAILY' | 'WEEKLY', dayMs = DAY_MS) => (cadence === 'WEEKLY' ? 7 : 1) * dayMs;
