// The API's side of a run's controls (pause, resume, stop, variables), each with the row's checks (404, 409).
// - Pause and resume change the row in one statement (with their event and a RUN_CHANGED command,
//   the durable path to the workflow; pause.ts), then tell the run's workflow the pause state (the
//   pauseState Update, answered without an activity); a workflow that cannot be told now hears of it
//   from the outbox drain.
// - Stop and variables of a started run go through its workflow's Updates (the answer is the record
//   the Update returned); in the row for a lead awaiting review (FOUND: its workflow starts only once
//   the lead is approved) and for a running row whose workflow cannot be found.
// Scope ACCOUNT stops the account's other runs.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import type { Logger } from 'pino';
import { DomainError, WorkflowNotRunningError } from '../shared/errors.ts';
import { end, endRunDirectly, lockRunIfAny, readRun, toSequenceRecord, update, type RunRow } from './runs.ts';
import { isPaused, pauseAtRevision, pauseStateOf, resumeAtRevision, type PauseWrite } from './pause.ts';
import { RUNNING_STATUSES, isEndedStatus } from './statuses.ts';
import { skipOpenReviewTasks } from '../tasks/transitions.ts';
import { deliverRecorded, deliverRunsChanged, ignoringMissing } from '../workflow-commands/deliver.ts';
import { recordRunsChanged } from '../workflow-commands/outbox.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { runVariablesProblem, type PauseInput, type SequenceRecord, type StopInput } from '../../workflows/sequence.definitions.ts';

export interface ControlDeps {
  em: EntityManager;
  workflows: WorkflowClients;
  logger?: Pick<Logger, 'warn'>;
}

function endedConflict(status: string): DomainError {
  return DomainError.conflict(`The sequence is ${status}; it can no longer be changed.`, { status });
}

/** Locks the organization's run: 404 for another organization's id, 409 once ended. */
async function lockOwnRun(tx: EntityManager, organizationId: string, id: string): Promise<RunRow> {
  const row = await lockRunIfAny(tx, id);
  if (!row || row.organization_id !== organizationId) throw DomainError.notFound('Sequence');
  if (isEndedStatus(row.status)) throw endedConflict(row.status);
  return row;
}

/**
 * Stops the run in its row: WIN SUCCEEDED, LOSE FAILED, sequence.stopped. One transaction, the run
 * locked first and then its tasks (the order of the tasks service), so a concurrent lead approval
 * either finds the run ended (409) or made it ACTIVE first.
 * - FOUND: the lead's open NEW_LEAD_REVIEW task is SKIPPED with task.skipped (the stop decided
 *   instead of the review; see skipOpenReviewTasks); no workflow ever starts for it.
 * - Another running row: only when `awaitingReviewOnly` is false (its workflow cannot be found: not
 *   started yet after an approval, or gone); the row is ended and a workflow that starts or wakes
 *   later reads it and ends. With `awaitingReviewOnly` it answers null: stop it through its workflow.
 * Scope ACCOUNT then stops the running sequences of the account's other contacts.
 */
export async function stopInRow(
  deps: ControlDeps, organizationId: string, id: string, input: StopInput, options: { awaitingReviewOnly: boolean },
): Promise<SequenceRecord | null> {
  const status = input.reason === 'WIN' ? 'SUCCEEDED' : 'FAILED';
  const stopped = await deps.em.fork().transactional(async (tx) => {
    const row = await lockOwnRun(tx, organizationId, id);
    if (row.status !== 'FOUND' && options.awaitingReviewOnly) return null;
    const final = await end(tx, row, status, input.stopped_reason ?? null);
    if (row.status === 'FOUND') await skipOpenReviewTasks(tx, final);
    // A started run's workflow (if any) hears of the end through a RUN_CHANGED command.
    else await recordRunsChanged(tx, [{ id, organizationId }]);
    return { row: final, wasFound: row.status === 'FOUND' };
  });
  if (!stopped) return null;
  if (!stopped.wasFound) await deliverRunsChanged(deps.em, deps, [id]);
  if (input.scope === 'ACCOUNT') await stopOtherRunsOfAccount(deps, stopped.row, input.reason);
  return toSequenceRecord(stopped.row);
}

/**
 * Merges `variables` into the row (a null value clears a key) of a lead awaiting review, or, when
 * `awaitingReviewOnly` is false, of any running row (its workflow cannot be found); the run renders
 * its steps with the row's variables once it runs. Null when the row is running and
 * `awaitingReviewOnly`: change it through its workflow. 400 for variables the run refuses.
 */
export async function setVariablesInRow(
  em: EntityManager, organizationId: string, id: string, variables: Record<string, string | null>, options: { awaitingReviewOnly: boolean },
): Promise<SequenceRecord | null> {
  const problem = runVariablesProblem(variables);
  if (problem) throw DomainError.invalid('body', problem);
  return em.fork().transactional(async (tx) => {
    const row = await lockOwnRun(tx, organizationId, id);
    if (row.status !== 'FOUND' && options.awaitingReviewOnly) return null;
    return toSequenceRecord(await update(tx, row, { variables: { ...row.variables, ...variables } }));
  });
}

/**
 * Scope ACCOUNT: stops every running sequence of the other contacts of the run's account with the
 * same outcome. A lead awaiting review is stopped in its row (its review task skipped); a started
 * run through its workflow's stop Update (scope CONTACT), or in its row when that fails.
 */
export async function stopOtherRunsOfAccount(deps: ControlDeps, row: RunRow, reason: StopInput['reason']): Promise<void> {
  const accountId = row.contact_account_id ?? row.account_id;
  if (!accountId) return;
  const rows = await typedKysely(deps.em.fork())
    .selectFrom('sequences as s').innerJoin('contacts as c', 'c.id', 's.contact_id')
    .select(['s.id', 's.status'])
    .where('s.organization_id', '=', row.organization_id)
    .where((eb) => eb.or([eb('c.account_id', '=', accountId), eb('s.account_id', '=', accountId)]))
    .where('s.contact_id', '<>', row.contact_id).where('s.status', 'in', RUNNING_STATUSES)
    .orderBy('s.id')
    .execute();
  const contactScope: StopInput = { reason, scope: 'CONTACT' };
  for (const other of rows) {
    try {
      if (other.status === 'FOUND' && await stopInRow(deps, row.organization_id, other.id, contactScope, { awaitingReviewOnly: true })) continue;
      await deps.workflows.sequence.stop(other.id, contactScope);
    } catch (error) {
      // It ended meanwhile (in its row, or its workflow refused the stop as terminal).
      if (error instanceof DomainError && error.kind === 'conflict' && !(error instanceof WorkflowNotRunningError)) continue;
      // No running workflow (or it ended meanwhile): stop the row directly when it is still running.
      deps.logger?.warn({ err: error, sequenceId: other.id }, 'stop update failed; stopping the row directly');
      await endRunDirectly(deps.em, other.id, reason === 'WIN' ? 'SUCCEEDED' : 'FAILED', null);
    }
  }
}

/**
 * The change a started run's workflow makes (an Update); a run whose workflow is not running takes
 * `inRow()` instead when given (the change made in its row), else 409.
 */
async function throughWorkflow(change: () => Promise<SequenceRecord>, inRow?: () => Promise<SequenceRecord | null>): Promise<SequenceRecord> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof WorkflowNotRunningError) || !inRow) throw error;
    const record = await inRow();
    if (!record) throw error;
    return record;
  }
}

/** Tries of a pause or resume whose row kept changing between its read and its write (a step, a reply). */
const PAUSE_WRITE_TRIES = 5;

/**
 * A pause or resume: `write` makes it in the row as read (404, 409 ended, 409 for a lead awaiting
 * review: it has no steps to hold before its approval) with its event and a RUN_CHANGED command, in
 * one statement that applies only at the revision read (read again when the row changed meanwhile);
 * then the run's workflow takes the row's pause state (pauseState Update). When it cannot be told
 * now (Temporal or the worker unavailable) the command stays due and the drain makes the run
 * re-read its row; the answer is the committed row either way.
 */
async function changePause(
  deps: ControlDeps, organizationId: string, id: string, control: 'pause' | 'resume', write: (em: EntityManager, row: RunRow) => Promise<PauseWrite | null>,
): Promise<SequenceRecord> {
  for (let attempt = 1; ; attempt++) {
    const row = await readRun(deps.em, id);
    if (!row || row.organization_id !== organizationId) throw DomainError.notFound('Sequence');
    if (isEndedStatus(row.status)) throw endedConflict(row.status);
    if (row.status === 'FOUND') {
      const what = control === 'pause' ? 'cannot be paused' : 'is not paused';
      throw DomainError.conflict(`A lead awaiting review (FOUND) ${what}; approve it (its NEW_LEAD_REVIEW task) or stop it.`, { status: row.status });
    }
    const written = await write(deps.em, row);
    if (written) {
      const state = pauseStateOf(written.row);
      await deliverRecorded(deps.em, deps, [written.command], ({ workflows }) => ignoringMissing(() => workflows.sequence.pauseState(id, state)));
      return toSequenceRecord(written.row);
    }
    if (attempt === PAUSE_WRITE_TRIES) throw DomainError.unavailable('The sequence kept changing while this request tried to change it; nothing changed, send it again.');
  }
}

/** Pauses a running run (WAITING_FOR_USER, optionally until a time; a paused one takes the new time): 404, 409 (ended, awaiting review). */
export async function pauseRun(deps: ControlDeps, organizationId: string, id: string, input: PauseInput): Promise<SequenceRecord> {
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

/**
 * Stops a run with an outcome: 404 / 409 first (in the row's transaction), where a lead awaiting
 * review is stopped; a started run through its workflow; a run approved a moment ago whose workflow
 * has not started yet in its row (the workflow then ends at once).
 */
export async function stopRun(deps: ControlDeps, organizationId: string, id: string, input: StopInput): Promise<SequenceRecord> {
  const found = await stopInRow(deps, organizationId, id, input, { awaitingReviewOnly: true });
  if (found) return found;
  return throughWorkflow(() => deps.workflows.sequence.stop(id, input),
    () => stopInRow(deps, organizationId, id, input, { awaitingReviewOnly: false }));
}

/** Merges variables into a run: in the row of a lead awaiting review or a run without its workflow, else through the workflow. */
export async function setRunVariables(deps: ControlDeps, organizationId: string, id: string, variables: Record<string, string | null>): Promise<SequenceRecord> {
  const found = await setVariablesInRow(deps.em, organizationId, id, variables, { awaitingReviewOnly: true });
  if (found) return found;
  return throughWorkflow(() => deps.workflows.sequence.setVariables(id, { variables }),
    () => setVariablesInRow(deps.em, organizationId, id, variables, { awaitingReviewOnly: false }));
}
