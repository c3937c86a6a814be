// The task state machine's moves: start, complete, skip, reopen, and the skip of a stopped run's
// lead reviews.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../shared/errors.ts';
import { decideApproval } from '../playbooks/approval.ts';
import { settleWait, type RunRow } from '../sequences/runs.ts';
import { emitTaskEvent } from './task-events.ts';
import { OPEN_STATUSES, type CompletionSource, type Disposition, type TaskRecord } from './task-record.ts';
import { change, completeIn, invalidTransition, sequenceToSignal, writeTask, type TaskDeps } from './task-changes.ts';
import { lockReviewTasks, type LockedTask } from './tasks.queries.ts';

export async function startTask(deps: TaskDeps, organizationId: string, id: string): Promise<TaskRecord> {
  return change(deps, organizationId, id, async (tx, task) => {
    if (task.status !== 'PENDING') throw invalidTransition(task, 'started', ['PENDING']);
    await writeTask(tx, organizationId, id, { status: 'IN_PROGRESS', started_at: new Date() });
    return {};
  });
}

export interface CompleteRequest {
  completion_source?: CompletionSource;
  disposition?: Disposition;
}

/**
 * Records the outcome only (no step is executed, whatever the source, default TASK_EXECUTION;
 * EXTERNAL_CRM says it happened elsewhere). A CALL task's sequence moves on. `disposition` is for
 * CALL tasks. Completing a PLAYBOOK_APPROVAL task approves its playbook run, as execute
 * playbook_approval approved true does (skipping rejects it): a completed approval never leaves
 * its run waiting on a closed task.
 */
export async function completeTask(
  deps: TaskDeps,
  organizationId: string,
  id: string,
  request: CompleteRequest,
): Promise<TaskRecord> {
  return change(deps, organizationId, id, async (tx, task, run) => {
    if (request.disposition && task.type !== 'CALL')
      throw DomainError.invalid('disposition', `is for CALL tasks; this task is ${task.type}`, 422);
    const extra = request.disposition ? { disposition: request.disposition } : {};
    let pokePlaybooks = false;
    if (task.type === 'PLAYBOOK_APPROVAL' && OPEN_STATUSES.includes(task.status)) {
      pokePlaybooks = (await decideApproval(tx, organizationId, task.id, true)).poke;
    }
    await completeIn(tx, organizationId, task, run, request.completion_source ?? 'TASK_EXECUTION', extra);
    await replyTaskChanged(tx, task, run);
    return { signalSequence: sequenceToSignal(task, run), pokePlaybooks };
  });
}

export async function skipTask(deps: TaskDeps, organizationId: string, id: string): Promise<TaskRecord> {
  return change(deps, organizationId, id, async (tx, task, run) => {
    if (!OPEN_STATUSES.includes(task.status)) throw invalidTransition(task, 'skipped', OPEN_STATUSES);
    // Skipping an approval rejects its playbook run (unless a reopened task's run was decided before).
    if (task.type === 'PLAYBOOK_APPROVAL')
      await decideApproval(tx, organizationId, task.id, false).catch((e: unknown) => {
        if (!(e instanceof DomainError)) throw e;
      });
    const record = await writeTask(tx, organizationId, id, {
      status: 'SKIPPED',
      skipped_at: new Date(),
      snoozed_until: null,
    });
    await emitTaskEvent(tx, run, 'task.skipped', record);
    await replyTaskChanged(tx, task, run);
    return { signalSequence: sequenceToSignal(task, run) };
  });
}

/**
 * COMPLETED or SKIPPED back to PENDING: reopened_at now, the outcome fields (completed_at,
 * skipped_at, completion_source, disposition) cleared. A sequence that moved on does not go back.
 */
export async function reopenTask(deps: TaskDeps, organizationId: string, id: string): Promise<TaskRecord> {
  return change(deps, organizationId, id, async (tx, task, run) => {
    if (OPEN_STATUSES.includes(task.status)) throw invalidTransition(task, 'reopened', ['COMPLETED', 'SKIPPED']);
    const record = await writeTask(tx, organizationId, id, {
      status: 'PENDING',
      reopened_at: new Date(),
      reopen_reason: null,
      completed_at: null,
      skipped_at: null,
      completion_source: null,
      disposition: null,
      started_at: null,
    });
    await emitTaskEvent(tx, run, 'task.reopened', record, { reopen_reason: null });
    await replyTaskChanged(tx, task, run);
    return {};
  });
}

/**
 * A reply task of a run that a reply halted was completed, skipped or reopened without execute: the
 * run waits for the lead once no reply (or CALL) task of it is open, for the user again otherwise.
 */
async function replyTaskChanged(tx: EntityManager, task: LockedTask, run: RunRow | null): Promise<void> {
  if (run && run.replied_at !== null && (task.type === 'EMAIL_REPLY' || task.type === 'LINKEDIN_REPLY'))
    await settleWait(tx, run);
}

/**
 * A lead awaiting review whose run was stopped in its row (domain/sequences/controls.service.ts): its
 * open NEW_LEAD_REVIEW tasks are SKIPPED with task.skipped. Skipped, not completed: nobody approved
 * or rejected the lead, so the review was not done; the stop decided instead, and a later execute
 * or complete of the task answers 409. In the caller's transaction, after the run's lock.
 */
export async function skipOpenReviewTasks(tx: EntityManager, run: RunRow): Promise<void> {
  const rows = await lockReviewTasks(tx, run.id, OPEN_STATUSES);
  for (const { id } of rows) {
    const record = await writeTask(tx, run.organization_id, id, {
      status: 'SKIPPED',
      skipped_at: new Date(),
      snoozed_until: null,
    });
    await emitTaskEvent(tx, run, 'task.skipped', record);
  }
}
