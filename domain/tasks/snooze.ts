// Snoozing an open task, and the reminder that brings it back when the snooze ends. A snooze starts
// its reminder timer before the commit (the timer checks the row when it fires, so a timer whose
// snooze never committed is a no-op).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskReminderInput, TaskReminderResult } from './reminder.types.ts';
import { DomainError } from '../shared/errors.ts';
import { getTask } from './reads.ts';
import { emitTaskEvent } from './task-events.ts';
import { OPEN_STATUSES, type TaskRecord } from './task-record.ts';
import { change, invalidTransition, withLockedTask, writeTask, type TaskDeps } from './task-changes.ts';
import { DAY_MS } from '../shared/time.ts';

/** How far ahead a snooze may reach. */
export const MAX_SNOOZE_DAYS = 365;

/**
 * Snoozes an open task until a future time: the status stays, snoozed_until is set; at that time
 * the reminder workflow brings it back (PENDING, reopen_reason REMINDER_RULE, task.reopened). A new
 * snooze replaces the timer (the workflow of the task's id is terminated and started anew).
 */
export async function snoozeTask(
  deps: TaskDeps,
  organizationId: string,
  id: string,
  snoozedUntil: string,
  now = new Date(),
): Promise<TaskRecord> {
  const until = new Date(snoozedUntil);
  if (until.getTime() <= now.getTime()) throw DomainError.invalid('snoozed_until', 'must be in the future', 422);
  if (until.getTime() > now.getTime() + MAX_SNOOZE_DAYS * DAY_MS)
    throw DomainError.invalid('snoozed_until', `must be within ${MAX_SNOOZE_DAYS} days`, 422);
  const current = await getTask(deps.em, organizationId, id);
  if (!(OPEN_STATUSES as string[]).includes(current.status)) {
    throw DomainError.conflict(`A ${current.status} task cannot be snoozed; allowed from PENDING or IN_PROGRESS.`, {
      status: current.status,
    });
  }
  // The timer first: if the commit below fails, the timer finds another snoozed_until and does nothing.
  const input: TaskReminderInput = { taskId: id, organizationId, snoozedUntil: until.toISOString() };
  // One reminder per task: a running one gets the new time as a Signal; otherwise a new run starts.
  await deps.workflows.taskReminder.snooze(input, {
    contactId: current.contact_id,
    sequenceTemplateId: current.sequence_template?.id,
  });
  return change(deps, organizationId, id, async (tx, task) => {
    if (!OPEN_STATUSES.includes(task.status)) throw invalidTransition(task, 'snoozed', OPEN_STATUSES);
    await writeTask(tx, organizationId, id, { snoozed_until: until });
    return {};
  });
}

/**
 * The reminder's activity: when the task is still open and snoozed until exactly this time, it
 * comes back (PENDING, snoozed_until cleared, reopen_reason REMINDER_RULE, reopened_at, task.reopened).
 * Otherwise (completed, skipped, re-snoozed, deleted) nothing happens. Idempotent.
 */
export async function reminderDue(em: EntityManager, input: TaskReminderInput): Promise<TaskReminderResult> {
  try {
    return await withLockedTask(em, input.organizationId, input.taskId, async (tx, task, run) => {
      const due =
        task.snoozed_until && new Date(task.snoozed_until).getTime() === new Date(input.snoozedUntil).getTime();
      if (!due || !OPEN_STATUSES.includes(task.status)) return { outcome: 'STALE' as const };
      const record = await writeTask(tx, input.organizationId, task.id, {
        status: 'PENDING',
        snoozed_until: null,
        reopen_reason: 'REMINDER_RULE',
        reopened_at: new Date(),
      });
      await emitTaskEvent(tx, run, 'task.reopened', record, { reopen_reason: 'REMINDER_RULE' });
      return { outcome: 'REOPENED' as const };
    });
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return { outcome: 'STALE' };
    throw error;
  }
}
