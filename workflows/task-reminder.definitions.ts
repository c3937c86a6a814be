// The task reminder (POST /v1/tasks/{id}/snooze): one workflow per task, id derived from the task;
// a new snooze reaches the running reminder as snoozeAgain (signalWithStart), which moves its timer.

import { defineSignal } from '@temporalio/workflow';

export const TASK_REMINDER_WORKFLOW = 'taskReminderWorkflow';

export function taskReminderWorkflowId(taskId: string): string {
  return `task-reminder/${taskId}`;
}

export interface TaskReminderInput {
  taskId: string;
  organizationId: string;
  /** ISO time the task comes back; the activity acts only if the row still says exactly this. */
  snoozedUntil: string;
}

export interface TaskReminderResult {
  /** REOPENED: the task came back; STALE: it was completed, skipped, re-snoozed or deleted meanwhile. */
  outcome: 'REOPENED' | 'STALE';
}

/** A new snooze of the same task: the running reminder moves its timer to this time (sent with signalWithStart). */
export const snoozeAgainSignal = defineSignal<[{ snoozedUntil: string }]>('snoozeAgain');
