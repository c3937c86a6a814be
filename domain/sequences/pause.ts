// A run's pause in its row: pause (optionally until a time) and resume (by hand, or when paused_until
// comes), each with its event, and the pause state the run's workflow takes from a row (PauseState,
// ordered by the row's revision).
// - The workflow's activities and the engagement service write under the row's lock, in the
//   caller's transaction (pauseInRow, resumeInRow).
// - The API writes in one statement, without a lock held across round trips: the row as read,
//   changed only if it is still at that revision, with its event and the RUN_CHANGED command that
//   is the durable path to the workflow (pauseAtRevision, resumeAtRevision; null when the row
//   changed meanwhile: read it again). Two round trips instead of six (BEGIN, lock, update, event,
//   command, COMMIT).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { statement } from '../../db/statement.ts';
import { DELIVERY_COLUMNS, activityRowOf, deliveriesOfInserted, emitEvent, type EventType, type SequenceEvent } from '../activity/emit.ts';
import { iso } from '../shared/time.ts';
import type { StoredCommand } from '../workflow-commands/commands.ts';
import type { WorkflowCommand } from '../workflow-commands/command.types.ts';
import { runChangedRowOf, storedCommandOf } from '../workflow-commands/outbox.ts';
import { sequenceEvent, sequenceStatus, update, type RowChange, type RunRow } from './runs.ts';
import type { PauseState } from '../../workflows/sequence.definitions.ts';

/** Paused: a pause interrupted the run (the status it restores is kept) and it waits for the user. */
export const isPaused = (row: Pick<RunRow, 'status' | 'status_before_pause'>): boolean =>
  row.status_before_pause !== null && row.status === 'WAITING_FOR_USER';

/** What the run's workflow takes from this row: paused or not, until when, at which revision. */
export function pauseStateOf(row: Pick<RunRow, 'status' | 'status_before_pause' | 'paused_until' | 'revision'>): PauseState {
  const paused = isPaused(row);
  return { revision: row.revision, paused, pausedUntil: paused ? iso(row.paused_until) : null };
}

type PauseChange = Required<Pick<RowChange, 'status' | 'status_before_pause' | 'paused_until'>>;

/** WAITING_FOR_USER until `until` (null: until resumed); a paused run takes the new time and keeps the status it restores. */
const pauseChange = (row: RunRow, until: Date | null): PauseChange =>
  ({ status: 'WAITING_FOR_USER', status_before_pause: row.status_before_pause ?? row.status, paused_until: until });
/** The status held before the pause back. */
const resumeChange = (row: RunRow): PauseChange =>
  ({ status: row.status_before_pause === null ? row.status : sequenceStatus(row.status_before_pause), status_before_pause: null, paused_until: null });

/** sequence.paused (with `reason`, e.g. OUT_OF_OFFICE, when given). */
const pausedEvent = (paused: RunRow, reason?: string): SequenceEvent =>
  sequenceEvent(paused, 'sequence.paused', { fields: { status: paused.status, paused_until: iso(paused.paused_until), ...(reason ? { reason } : {}) } });
/** sequence.resumed (`automatic`: paused_until came). */
const resumedEvent = (resumed: RunRow, automatic: boolean): SequenceEvent =>
  sequenceEvent(resumed, 'sequence.resumed', { fields: { status: resumed.status, automatic } });

/** Pauses the locked row in `tx`, with sequence.paused. */
export async function pauseInRow(tx: EntityManager, row: RunRow, until: Date | null, reason?: string): Promise<RunRow> {
  const paused = await update(tx, row, pauseChange(row, until));
  await emitEvent(tx, pausedEvent(paused, reason));
  return paused;
}

/** Resumes the locked row in `tx`, with sequence.resumed. */
export async function resumeInRow(tx: EntityManager, row: RunRow, automatic: boolean): Promise<RunRow> {
  const resumed = await update(tx, row, resumeChange(row));
  await emitEvent(tx, resumedEvent(resumed, automatic));
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

async function writeAtRevision(em: EntityManager, row: RunRow, change: PauseChange, eventOf: (next: RunRow) => SequenceEvent): Promise<PauseWrite | null> {
  const now = new Date();
  const next: RunRow = { ...row, ...change, updated_at: now, revision: row.revision + 1 };
  const a = activityRowOf(eventOf(next), now);
  const c = runChangedRowOf({ id: row.id, organizationId: row.organization_id }, now);
  const { rows } = await writePause(em, row.id, row.revision, next.status, next.status_before_pause, next.paused_until, now,
    a.id, a.organization_id, a.type, a.contact_id, a.sequence_id, a.sequence_template_id, a.resource_type, a.channel, a.payload, a.created_at,
    c.id, c.organization_id, c.kind, c.workflow_id, c.payload, c.next_attempt_at, c.created_at);
  return Number(rows[0]?.written) === 1 ? { row: next, command: storedCommandOf(c) } : null;
}

// The row's pause columns if it is still at `revision`, and only then its event (activity row and
// webhook deliveries, as emitEvent writes them) and its RUN_CHANGED command: one statement, compiled
// once (db/statement.ts). SQL where the builder cannot type an INSERT ... SELECT from a CTE.
const writePause = statement((
  db, id: string, revision: number, status: RunRow['status'], statusBeforePause: string | null, pausedUntil: RunRow['paused_until'], updatedAt: Date,
  activityId: string, organizationId: string, type: EventType, contactId: string | null, sequenceId: string | null, templateId: string | null,
  resourceType: SequenceEvent['resourceType'] | null, channel: SequenceEvent['channel'], payload: Record<string, unknown>, createdAt: Date,
  commandId: string, commandOrganizationId: string, kind: WorkflowCommand['kind'], workflowId: string, command: WorkflowCommand, due: Date, recordedAt: Date,
) => db
  .with('r', (w) => w.updateTable('sequences')
    .set({ status, status_before_pause: statusBeforePause, paused_until: pausedUntil, updated_at: updatedAt, revision: (eb) => eb('revision', '+', 1) })
    .where('id', '=', id).where('revision', '=', revision)
    .returning('id'))
  .with('a', (w) => w.insertInto('activities')
    .columns(['id', 'organization_id', 'type', 'contact_id', 'sequence_id', 'sequence_template_id', 'resource_type', 'channel', 'payload', 'created_at'])
    .expression(sql`SELECT ${activityId}::uuid, ${organizationId}::uuid, ${type}::text, ${contactId}::uuid, ${sequenceId}::uuid, ${templateId}::uuid,
                           ${resourceType}::text, ${channel}::text, ${payload}::jsonb, ${createdAt}::timestamptz FROM r`)
    .returning(['id', 'organization_id', 'type']))
  .with('c', (w) => w.insertInto('workflow_commands')
    .columns(['id', 'organization_id', 'kind', 'workflow_id', 'payload', 'next_attempt_at', 'created_at'])
    .expression(sql`SELECT ${commandId}::uuid, ${commandOrganizationId}::uuid, ${kind}::text, ${workflowId}::text, ${command}::jsonb, ${due}::timestamptz,
                           ${recordedAt}::timestamptz FROM r`))
  .with('d', (w) => w.insertInto('webhook_deliveries').columns(DELIVERY_COLUMNS).expression(deliveriesOfInserted(createdAt, templateId)))
  .selectFrom('r').select((eb) => eb.fn.countAll<string>().as('written')));
