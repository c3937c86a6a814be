// One sequence run's row as the code that changes it sees it (status, template, contact, account),
// and the few writes every path shares: lock it, update it, end it with its event. The sequence
// activities, the engagement service, template and sender changes and list entries all go through
// here, under the row lock, so a step and any other change of the run never interleave.
// A run ended here, outside its workflow, is announced to it by a RUN_CHANGED command recorded in
// the same transaction (the outbox of workflow commands).
import type { EntityManager } from '@mikro-orm/postgresql';
import { emitEvent, type SequenceEvent } from '../activity/emit.ts';
import { contactSummaryFromRow, type ContactSummary } from '../people/records.ts';
import { isRunningStatus, type SequenceStatus } from './statuses.ts';
import { recordRunsChanged } from '../workflow-commands/outbox.ts';
import { hasOpenTask, lockedRunRow, runRow, setRunError, writeRunRow, type RunRow } from './runs.queries.ts';

export type { RunRow } from './runs.queries.ts';
export { sequenceStatus, toSequenceRecord } from './record.ts';

export async function lockRun(tx: EntityManager, sequenceId: string): Promise<RunRow> {
  const row = await lockRunIfAny(tx, sequenceId);
  if (!row) throw new Error(`sequence ${sequenceId} not found`);
  return row;
}

/** lockRun for an id that may name no run (one from a request). */
export async function lockRunIfAny(tx: EntityManager, sequenceId: string): Promise<RunRow | undefined> {
  return lockedRunRow(tx, sequenceId);
}

/** The run's row without a lock, for a change written only if the row is still at its revision (pause.ts). */
export async function readRun(em: EntityManager, sequenceId: string): Promise<RunRow | undefined> {
  return runRow(em, sequenceId);
}

/** Who a task the run creates goes to: its reassigned assignee, else its sender, else the template's. */
export function taskAssignee(row: RunRow): string | null {
  return row.task_assignee_id ?? row.sender_id ?? row.template_sender_id;
}

export function contactSummary(row: RunRow): ContactSummary {
  return contactSummaryFromRow({ ...row, id: row.contact_id });
}

export function sequenceEvent(
  row: RunRow,
  type: SequenceEvent['type'],
  extra: Partial<SequenceEvent> = {},
): SequenceEvent {
  return {
    type,
    organizationId: row.organization_id,
    contact: contactSummary(row),
    sequenceId: row.id,
    sequenceTemplate: { id: row.sequence_template_id, name: row.template_name },
    resourceType: 'SEQUENCE',
    channel: null,
    ...extra,
  };
}

export type RowChange = Partial<
  Pick<
    RunRow,
    | 'status'
    | 'stopped_reason'
    | 'paused_until'
    | 'status_before_pause'
    | 'current_step'
    | 'variables'
    | 'ended_at'
    | 'replied_at'
    | 'engagement_score'
  >
>;

/** Writes the changed columns and answers the row as it now is (the caller holds its lock, so its revision is the next one). */
export async function update(tx: EntityManager, row: RunRow, change: RowChange): Promise<RunRow> {
  const next = { ...row, ...change, updated_at: new Date(), revision: row.revision + 1 };
  await writeRunRow(tx, next);
  return next;
}

/** Ends the run with a final status and emits sequence.stopped (sequence.completed for COMPLETED). */
export async function end(
  tx: EntityManager,
  row: RunRow,
  status: SequenceStatus,
  reason: string | null,
): Promise<RunRow> {
  const final = await update(tx, row, {
    status,
    stopped_reason: reason,
    paused_until: null,
    status_before_pause: null,
    ended_at: new Date(),
  });
  if (status === 'COMPLETED') await emitEvent(tx, sequenceEvent(final, 'sequence.completed', { fields: { status } }));
  else await emitEvent(tx, sequenceEvent(final, 'sequence.stopped', { fields: { status, stopped_reason: reason } }));
  return final;
}

/** A run no retry can fix ends STOPPED_EARLY with stopped_reason ERROR, the reason kept in its `error` column. */
export async function failRun(tx: EntityManager, row: RunRow, error: string): Promise<RunRow> {
  await setRunError(tx, row.id, error);
  return end(tx, { ...row, error }, 'STOPPED_EARLY', 'ERROR');
}

/**
 * A run waiting on its CALL task: WAITING_FOR_USER, neither paused nor halted by a reply. Only such
 * a wait ends (ACTIVE) when the task is done or the next step runs; a reply's wait stays with its person.
 */
export const waitsOnCall = (row: Pick<RunRow, 'status' | 'status_before_pause' | 'replied_at'>): boolean =>
  row.status === 'WAITING_FOR_USER' && row.status_before_pause === null && row.replied_at === null;

/** The manual tasks a running run waits on: its CALL steps and the answers to the contact's replies. */
const WAITED_ON_TASKS = ['CALL', 'EMAIL_REPLY', 'LINKEDIN_REPLY'] as const;

/**
 * A running run's wait once one of its tasks changed (the team answered a reply, a task was closed
 * or reopened): WAITING_FOR_USER while a CALL or reply task of it is open (`closing`, the task
 * being closed in this transaction, does not count), else WAITING_FOR_LEAD (the team has spoken;
 * the contact's turn). A paused run keeps its pause: the status its resume restores changes instead.
 */
export async function settleWait(tx: EntityManager, row: RunRow, closing: string | null = null): Promise<RunRow> {
  if (!isRunningStatus(row.status) || row.status === 'FOUND') return row;
  const open = await hasOpenTask(tx, row.id, WAITED_ON_TASKS, closing);
  const status = open ? 'WAITING_FOR_USER' : 'WAITING_FOR_LEAD';
  if (row.status_before_pause !== null)
    return row.status_before_pause === status ? row : update(tx, row, { status_before_pause: status });
  return row.status === status ? row : update(tx, row, { status });
}

export type FinalStatus = 'SUCCEEDED' | 'FAILED' | 'STOPPED_EARLY';

/**
 * Ends still-running rows in the caller's transaction (each under its lock) with a final status,
 * emitting sequence.stopped and recording a RUN_CHANGED command for each (so its workflow hears of
 * it even when the process dies after the commit); answers the ids this call ended (ended ones are
 * left alone). After the commit the caller delivers them at once with deliverRunsChanged().
 */
export async function endRuns(
  tx: EntityManager,
  sequenceIds: string[],
  status: FinalStatus,
  stoppedReason: string | null,
): Promise<string[]> {
  const endedNow: RunRow[] = [];
  for (const id of [...sequenceIds].sort()) {
    // one lock order for every caller: no deadlock between two batch ends
    const row = await lockRun(tx, id);
    if (!isRunningStatus(row.status)) continue;
    await end(tx, row, status, stoppedReason);
    endedNow.push(row);
  }
  await recordRunsChanged(
    tx,
    endedNow.map((r) => ({ id: r.id, organizationId: r.organization_id })),
  );
  return endedNow.map((r) => r.id);
}
