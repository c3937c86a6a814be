// How a task changes. Every change runs in one transaction that locks the task's sequence first
// (lockRun, the order the sequence code uses: run, then task) and then the task row, writes the
// task and emits its task.* event. Temporal is told after the commit, through outbox commands
// recorded in that transaction: a CALL task's sequence gets taskCompletedSignal, an approved
// lead's run is started.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { DomainError } from '../shared/errors.ts';
import { lockRun, type RunRow } from '../sequences/runs.ts';
import { isRunningStatus } from '../sequences/statuses.ts';
import type { WorkflowCommand } from '../workflow-commands/command.types.ts';
import { deliverNow } from '../workflow-commands/deliver.ts';
import { recordCommands } from '../workflow-commands/outbox.ts';
import { getTask } from './reads.ts';
import { emitTaskEvent } from './task-events.ts';
import { OPEN_STATUSES, findTask, type CompletionSource, type TaskRecord } from './task-record.ts';
import { lockTask, taskHead, updateTaskRow, type LockedTask, type TaskSets } from './tasks.queries.ts';

export interface TaskDeps {
  em: EntityManager;
  workflows: WorkflowClients;
  logger?: Pick<Logger, 'warn'>;
}

/** After the commit: what Temporal must hear. */
export interface AfterCommit {
  /** A CALL task of this run was completed or skipped: taskCompletedSignal. */
  signalSequence?: string;
  /** The run's row changed (the team's answer to a reply changed its wait): runChanged. */
  notifySequence?: string;
  /** An approved lead: start its run. */
  startSequence?: { sequenceId: string; contactId: string; sequenceTemplateId: string };
  /** An approved playbook enrollment waits for the event-resolution workflow: wake it. */
  pokePlaybooks?: boolean;
}

/** Locks the task's run (when it has one), then the task; 404 for another organization's task. */
export async function withLockedTask<T>(
  em: EntityManager,
  organizationId: string,
  id: string,
  work: (tx: EntityManager, task: LockedTask, run: RunRow | null) => Promise<T>,
): Promise<T> {
  const head = await taskHead(em, organizationId, id);
  if (!head) throw DomainError.notFound('Task');
  return em.transactional(async (tx) => {
    const run = head.sequence_id ? await lockRun(tx, head.sequence_id) : null;
    const task = await lockTask(tx, organizationId, id);
    if (!task) throw DomainError.notFound('Task');
    return work(tx, task, run);
  });
}

export function invalidTransition(task: LockedTask, action: string, allowed: readonly string[]): DomainError {
  return DomainError.conflict(`A ${task.status} task cannot be ${action}; allowed from ${allowed.join(' or ')}.`, {
    status: task.status,
  });
}

/** What Temporal must hear after a change, as outbox commands recorded in the change's transaction. */
function commandsAfter(organizationId: string, taskId: string, after: AfterCommit): WorkflowCommand[] {
  const commands: WorkflowCommand[] = [];
  if (after.signalSequence)
    commands.push({ kind: 'TASK_COMPLETED', organizationId, sequenceId: after.signalSequence, taskId });
  if (after.notifySequence) commands.push({ kind: 'RUN_CHANGED', organizationId, sequenceId: after.notifySequence });
  if (after.startSequence) commands.push({ kind: 'START_SEQUENCE', organizationId, ...after.startSequence });
  // Its next drain carries an approved playbook run out anyway (within the interval); the nudge only makes it seconds.
  if (after.pokePlaybooks) commands.push({ kind: 'WAKE_PLAYBOOKS', organizationId });
  return commands;
}

/**
 * Runs a change under the locks with the commands it leaves for workflows recorded in the same
 * transaction, delivers them after the commit (the outbox drain delivers what this misses), and
 * answers the task as committed.
 */
export async function change(
  deps: TaskDeps,
  organizationId: string,
  id: string,
  work: (tx: EntityManager, task: LockedTask, run: RunRow | null) => Promise<AfterCommit>,
): Promise<TaskRecord> {
  const commandIds = await withLockedTask(deps.em, organizationId, id, async (tx, task, run) =>
    recordCommands(tx, deps.workflows.taskQueue, commandsAfter(organizationId, id, await work(tx, task, run))),
  );
  await deliverNow(deps.em, deps, commandIds);
  return getTask(deps.em, organizationId, id);
}

/** A CALL task of a still-running sequence wakes its workflow when it is done. */
export function sequenceToSignal(task: LockedTask, run: RunRow | null): string | undefined {
  return task.type === 'CALL' && run && isRunningStatus(run.status) ? run.id : undefined;
}

export async function writeTask(
  tx: EntityManager,
  organizationId: string,
  id: string,
  sets: TaskSets,
): Promise<TaskRecord> {
  await updateTaskRow(tx, id, sets);
  return (await findTask(tx, organizationId, id))!;
}

/** Completes inside a transaction (shared by complete and execute). */
export async function completeIn(
  tx: EntityManager,
  organizationId: string,
  task: LockedTask,
  run: RunRow | null,
  source: CompletionSource,
  extra: TaskSets = {},
): Promise<TaskRecord> {
  if (!OPEN_STATUSES.includes(task.status)) throw invalidTransition(task, 'completed', OPEN_STATUSES);
  const record = await writeTask(tx, organizationId, task.id, {
    status: 'COMPLETED',
    completed_at: new Date(),
    completion_source: source,
    snoozed_until: null,
    ...extra,
  });
  await emitTaskEvent(tx, run, 'task.completed', record, {
    completion_source: source,
    disposition: record.disposition,
  });
  return record;
}
