// A run's pause in its row: pause (optionally until a time) and resume (by hand, or when paused_until
// comes), each with its event, and the pause state the run's workflow takes from a row (PauseState,
// ordered by the row's revision).
// - The engagement service (an out-of-office reply) and the run's own end of a timed pause write
//   under the row's lock, in the caller's transaction (pauseInRow, resumeInRow).
// - The API writes in one statement, without a lock held across round trips: the row as read,
//   changed only if it is still at that revision, with its event and the RUN_CHANGED command that
//   is the durable path to the workflow (pauseAtRevision, resumeAtRevision; null when the row
//   changed meanwhile: read it again). Two round trips instead of six (BEGIN, lock, update, event,
//   command, COMMIT).
import type { EntityManager } from '@mikro-orm/postgresql';
import { activityRowOf, emitEvent, type SequenceEvent } from '../activity/emit.ts';
import { iso } from '../shared/time.ts';
import type { StoredCommand } from '../workflow-commands/commands.ts';
import { runChangedRowOf, storedCommandOf } from '../workflow-commands/outbox.ts';
import { sequenceEvent, sequenceStatus, update, type RowChange, type RunRow } from './runs.ts';
import { writePauseAtRevision } from './pause.queries.ts';
import type { PauseState } from './pause-state.ts';

/** Paused: a pause interrupted the run (the status it restores is kept) and it waits for the user. */
export const isPaused = (row: Pick<RunRow, 'status' | 'status_before_pause'>): boolean =>
  row.status_before_pause !== null && row.status === 'WAITING_FOR_USER';

/** What the run's workflow takes from this row: paused or not, until when, at which revision. */
export function pauseStateOf(
  row: Pick<RunRow, 'status' | 'status_before_pause' | 'paused_until' | 'revision'>,
): PauseState {
  const paused = isPaused(row);
  return { revision: row.revision, paused, pausedUntil: paused ? iso(row.paused_until) : null };
}

type PauseChange = Required<Pick<RowChange, 'status' | 'status_before_pause' | 'paused_until'>>;

/** WAITING_FOR_USER until `until` (null: until resumed); a paused run takes the new time and keeps the status it restores. */
const pauseChange = (row: RunRow, until: Date | null): PauseChange => ({
  status: 'WAITING_FOR_USER',
  status_before_pause: row.status_before_pause ?? row.status,
  paused_until: until,
});
/** The status held before the pause back. */
const resumeChange = (row: RunRow): PauseChange => ({
  status: row.status_before_pause === null ? row.status : sequenceStatus(row.status_before_pause),
  status_before_pause: null,
  paused_until: null,
});

/** sequence.paused (with `reason`, e.g. OUT_OF_OFFICE, when given). */
const pausedEvent = (paused: RunRow, reason?: string): SequenceEvent =>
  sequenceEvent(paused, 'sequence.paused', {
    fields: { status: paused.status, paused_until: iso(paused.paused_until), ...(reason ? { reason } : {}) },
  });
/** sequence.resumed (`automatic`: paused_until came). */
const resumedEvent = (resumed: RunRow, automatic: boolean): SequenceEvent =>
  sequenceEvent(resumed, 'sequence.resumed', { fields: { status: resumed.status, automatic } });

/** Pauses the locked row in `tx`, with sequence.paused. */
export async function pauseInRow(tx: EntityManager, row: RunRow, until: Date | null, reason?: string): Promise<RunRow> {
  const paused = await update(tx, row, pauseChange(row, until));
  await emitEvent(tx, pausedEvent(paused, reason));
  return paused;
}

/** Resumes the locked row in `tx` because its paused_until came, with sequence.resumed (`automatic`). */
export async function resumeInRow(tx: EntityManager, row: RunRow): Promise<RunRow> {
  const resumed = await update(tx, row, resumeChange(row));
  await emitEvent(tx, resumedEvent(resumed, true));
  return resumed;
}

/** A pause or resume the API wrote: the row as it now is, and its RUN_CHANGED command (not tried yet). */
export interface PauseWrite {
  row: RunRow;
  command: StoredCommand;
}

/** The API's pause of `row` as read (no lock): null when the row is no longer at its revision. */
export const pauseAtRevision = (em: EntityManager, row: RunRow, until: Date | null): Promise<PauseWrite | null> =>
  writeAtRevision(em, row, pauseChange(row, until), (paused) => pausedEvent(paused));

/** The API's resume of `row` as read (no lock): null when the row is no longer at its revision. */
export const resumeAtRevision = (em: EntityManager, row: RunRow): Promise<PauseWrite | null> =>
  writeAtRevision(em, row, resumeChange(row), (resumed) => resumedEvent(resumed, false));

async function writeAtRevision(
  em: EntityManager,
  row: RunRow,
  change: PauseChange,
  eventOf: (next: RunRow) => SequenceEvent,
): Promise<PauseWrite | null> {
  const now = new Date();
  const next: RunRow = { ...row, ...change, updated_at: now, revision: row.revision + 1 };
  const a = activityRowOf(eventOf(next), now);
  const c = runChangedRowOf({ id: row.id, organizationId: row.organization_id }, now);
  // The row's pause columns if it is still at its revision, and only then its event and its
  // RUN_CHANGED command: one statement.
  const written = await writePauseAtRevision(em, row.id, row.revision, next, now, a, c);
  return written ? { row: next, command: storedCommandOf(c) } : null;
}
