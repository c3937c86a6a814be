// The API's controls of one run: pause, resume, stop and variables. Each is written by the request:
// the row with its event and, when the run's workflow must act on it, a RUN_CHANGED command, in one
// statement or transaction; then the run is told on the fast path (right after the commit) and the
// outbox drain is the durable backup (docs/workflow-commands.md, "Controls"). The answer is the row
// as written, whether or not the run could be told at once.
// - Pause and resume: one statement at the revision read (pause.ts); told as the pauseState Update.
// - Stop: the run (and with scope ACCOUNT the running runs of the account's other contacts) ended in
//   one transaction; told as the runChanged signal. A lead awaiting review (FOUND: no workflow before
//   its approval) has its review task skipped instead.
// - Variables: merged into the row; the run renders each step from its row, so it is not told.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../shared/errors.ts';
import {
  end,
  lockRun,
  lockRunIfAny,
  readRun,
  toSequenceRecord,
  update,
  type FinalStatus,
  type RunRow,
} from './runs.ts';
import { isPaused, pauseAtRevision, pauseStateOf, resumeAtRevision, type PauseWrite } from './pause.ts';
import { isEndedStatus, isRunningStatus } from './statuses.ts';
import { otherRunningRunsOfAccount } from './runs.queries.ts';
import { skipOpenReviewTasks } from '../tasks/transitions.ts';
import { deliverRecorded, ignoringMissing, type CommandDeliveryDeps } from '../workflow-commands/deliver.ts';
import { recordRunsChanged } from '../workflow-commands/outbox.ts';
import type { SequenceRecord } from './record.ts';
import { runVariablesProblem } from './run-variables.ts';

export interface ControlDeps extends CommandDeliveryDeps {
  em: EntityManager;
}

export interface PauseInput {
  /** ISO time; without it the run stays paused until resumed. */
  paused_until?: string | null;
}

export interface StopInput {
  reason: 'WIN' | 'LOSE';
  scope: 'CONTACT' | 'ACCOUNT';
}

function endedConflict(status: string): DomainError {
  return DomainError.conflict(`The sequence is ${status}; it can no longer be changed.`, { status });
}

/** The organization's run as read (no lock): 404 for another organization's id, 409 once ended. */
async function readOwnRun(em: EntityManager, organizationId: string, id: string): Promise<RunRow> {
  const row = await readRun(em, id);
  if (!row || row.organization_id !== organizationId) throw DomainError.notFound('Sequence');
  if (isEndedStatus(row.status)) throw endedConflict(row.status);
  return row;
}

/** Tries of a pause or resume whose row kept changing between its read and its write (a step, a reply). */
const PAUSE_WRITE_TRIES = 5;

/**
 * A pause or resume: `write` makes it in the row as read (404, 409 ended, 409 for a lead awaiting
 * review: it has no steps to hold before its approval) with its event and a RUN_CHANGED command, in
 * one statement that applies only at the revision read (read again when the row changed meanwhile);
 * then the run's workflow takes the row's pause state (pauseState Update). When it cannot be told
 * now the command stays due and the drain makes the run re-read its row.
 */
async function changePause(
  deps: ControlDeps,
  organizationId: string,
  id: string,
  control: 'pause' | 'resume',
  write: (em: EntityManager, row: RunRow) => Promise<PauseWrite | null>,
): Promise<SequenceRecord> {
  for (let attempt = 1; ; attempt++) {
    const row = await readOwnRun(deps.em, organizationId, id);
    if (row.status === 'FOUND') {
      const what = control === 'pause' ? 'cannot be paused' : 'is not paused';
      throw DomainError.conflict(
        `A lead awaiting review (FOUND) ${what}; approve it (its NEW_LEAD_REVIEW task) or stop it.`,
        { status: row.status },
      );
    }
    const written = await write(deps.em, row);
    if (written) {
      const state = pauseStateOf(written.row);
      await deliverRecorded(deps.em, deps, [written.command], ({ workflows }) =>
        ignoringMissing(() => workflows.sequence.pauseState(id, state)),
      );
      return toSequenceRecord(written.row);
    }
    if (attempt === PAUSE_WRITE_TRIES)
      throw DomainError.unavailable(
        'The sequence kept changing while this request tried to change it; nothing changed, send it again.',
      );
  }
}

/** Pauses a running run (WAITING_FOR_USER, optionally until a time; a paused one takes the new time): 404, 409 (ended, awaiting review). */
export async function pauseRun(
  deps: ControlDeps,
  organizationId: string,
  id: string,
  input: PauseInput,
): Promise<SequenceRecord> {
  const until = input.paused_until ? new Date(input.paused_until) : null;
  return changePause(deps, organizationId, id, 'pause', (em, row) => pauseAtRevision(em, row, until));
}

/** Resumes a paused run: 404, 409 (not paused, ended, awaiting review). */
export async function resumeRun(deps: ControlDeps, organizationId: string, id: string): Promise<SequenceRecord> {
  return changePause(deps, organizationId, id, 'resume', async (em, row) => {
    if (!isPaused(row)) throw DomainError.conflict('The sequence is not paused.', { status: row.status });
    return resumeAtRevision(em, row);
  });
}

/** The running runs of the other contacts of the run's account (scope ACCOUNT of a stop). */
async function otherRunsOfAccount(em: EntityManager, row: RunRow): Promise<string[]> {
  const accountId = row.contact_account_id ?? row.account_id;
  if (!accountId) return [];
  return otherRunningRunsOfAccount(em, row.organization_id, accountId, row.contact_id);
}

/**
 * Stops a run with an outcome (WIN: SUCCEEDED, LOSE: FAILED, sequence.stopped): 404, 409 once ended.
 * Scope ACCOUNT also stops the running runs of the account's other contacts, with the same outcome.
 * One transaction: the runs locked in id order (the order of every batch end, so two stops never
 * deadlock), each ended with its event; a lead awaiting review (FOUND) has its open NEW_LEAD_REVIEW
 * task SKIPPED with task.skipped (the stop decided instead of the review; a later approval answers
 * 409), a started run gets a RUN_CHANGED command. Its workflow is then told (runChanged: it re-reads
 * its row and ends); one that cannot be told now hears it from the drain, and a step it runs first
 * finds the row ended.
 */
export async function stopRun(
  deps: ControlDeps,
  organizationId: string,
  id: string,
  input: StopInput,
): Promise<SequenceRecord> {
  const status: FinalStatus = input.reason === 'WIN' ? 'SUCCEEDED' : 'FAILED';
  const read = await readOwnRun(deps.em, organizationId, id);
  const others = input.scope === 'ACCOUNT' ? await otherRunsOfAccount(deps.em, read) : [];
  const { stopped, commands } = await deps.em.fork().transactional(async (tx) => {
    let stopped = read;
    const started: RunRow[] = [];
    for (const runId of [id, ...others].sort()) {
      const row = await lockRun(tx, runId);
      if (runId === id && isEndedStatus(row.status)) throw endedConflict(row.status); // it ended since it was read
      if (!isRunningStatus(row.status)) continue; // another run of the account that ended meanwhile
      const final = await end(tx, row, status, null);
      if (row.status === 'FOUND') await skipOpenReviewTasks(tx, final);
      else started.push(row);
      if (runId === id) stopped = final;
    }
    const commands = await recordRunsChanged(
      tx,
      started.map((r) => ({ id: r.id, organizationId: r.organization_id })),
    );
    return { stopped, commands };
  });
  await deliverRecorded(deps.em, deps, commands);
  return toSequenceRecord(stopped);
}

/**
 * Merges variables into a running run's row (a null value clears the key): 404, 409 once
 * ended, 400 for variables the run refuses. Not told to the run: it renders each step from its row,
 * under the row's lock, so the next step uses them; a step under way keeps what it rendered.
 */
export async function setRunVariables(
  deps: ControlDeps,
  organizationId: string,
  id: string,
  variables: Record<string, string | null>,
): Promise<SequenceRecord> {
  const problem = runVariablesProblem(variables);
  if (problem) throw DomainError.invalid('body', problem);
  return deps.em.fork().transactional(async (tx) => {
    const row = await lockRunIfAny(tx, id);
    if (!row || row.organization_id !== organizationId) throw DomainError.notFound('Sequence');
    if (isEndedStatus(row.status)) throw endedConflict(row.status);
    return toSequenceRecord(await update(tx, row, { variables: { ...row.variables, ...variables } }));
  });
}
