// A signal's status: pause, resume, archive, unarchive.
import type { SignalChange } from './signal-change.ts';
import { DomainError } from '../shared/errors.ts';
import { changeSignal } from './signal-commands.ts';
import type { SignalStatus } from './settings.ts';
import { mustRow, toRecord, type SignalRecord, type SignalsDeps } from './signal-records.ts';
import { updateSignal } from './signals.queries.ts';

export type SignalAction = 'pause' | 'resume' | 'archive' | 'unarchive';

const CHANGE_OF: Record<SignalAction, SignalChange['change']> = {
  pause: 'PAUSE',
  resume: 'RESUME',
  archive: 'ARCHIVE',
  unarchive: 'UNARCHIVE',
};

/** The status an action leads to from `status`: 'same' answers 200 unchanged; a string is a 409 message. */
function target(action: SignalAction, status: SignalStatus): { to: SignalStatus } | 'same' | { refused: string } {
  switch (action) {
    case 'pause':
      if (status === 'ACTIVE') return { to: 'PAUSED' };
      if (status === 'PAUSED') return 'same';
      return { refused: 'The signal is archived; unarchive it first (it returns PAUSED).' };
    case 'resume':
      if (status === 'PAUSED') return { to: 'ACTIVE' };
      if (status === 'ACTIVE') return 'same';
      return { refused: 'The signal is archived; unarchive it first (it returns PAUSED), then resume it.' };
    case 'archive':
      if (status !== 'ARCHIVED') return { to: 'ARCHIVED' };
      return { refused: 'The signal is already archived.' };
    case 'unarchive':
      if (status === 'ARCHIVED') return { to: 'PAUSED' };
      return { refused: `The signal is not archived (it is ${status}).` };
  }
}

/**
 * pause (ACTIVE → PAUSED), resume (PAUSED → ACTIVE, due at once), archive (ACTIVE or PAUSED →
 * ARCHIVED), unarchive (ARCHIVED → PAUSED; filters, list and imports kept). Pausing a PAUSED or
 * resuming an ACTIVE signal answers it unchanged; the other wrong states are 409 CommitIssue.
 */
export async function transitionSignal(
  deps: SignalsDeps,
  organizationId: string,
  id: string,
  action: SignalAction,
): Promise<SignalRecord> {
  const row = await changeSignal(deps, organizationId, async (tx) => {
    const row = await mustRow(tx, organizationId, id, true);
    const next = target(action, row.status);
    if (next === 'same') return { result: row, signalId: id, change: null };
    if ('refused' in next) throw DomainError.conflict(next.refused, { status: row.status });
    const archivedAt = next.to === 'ARCHIVED' ? new Date() : null;
    const updatedAt = new Date(Math.max(Date.now(), new Date(row.updated_at).getTime() + 1));
    const updated = await updateSignal(tx, id, { status: next.to, archived_at: archivedAt, updated_at: updatedAt });
    return { result: updated, signalId: id, change: CHANGE_OF[action] };
  });
  return toRecord(deps.dashboardBaseUrl, row);
}
