// The task reminder (POST /v1/tasks/{id}/snooze): one workflow per task, id derived from the task;
// a new snooze reaches the running reminder as snoozeAgain (signalWithStart), which moves its timer.
// Its input and result are the task domain's (domain/tasks/reminder.types.ts).

import { defineSignal } from '@temporalio/workflow';

export const TASK_REMINDER_WORKFLOW = 'taskReminderWorkflow';

export function taskReminderWorkflowId(taskId: string): string {
  return `task-reminder/${taskId}`;
}

/** A new snooze of the same task: the running reminder moves its timer to this time (sent with signalWithStart). */
export const snoozeAgainSignal = defineSignal<[{ snoozedUntil: string }]>('snoozeAgain');
