// A snoozed task's durable timer: sleep until snoozedUntil, then bring the task back (the activity
// checks the row, so a timer overtaken by a completion or another snooze does nothing).
import { proxyActivities, sleep } from '@temporalio/workflow';
import type { TaskActivities } from '../activities/tasks.activities.ts';
import type { TaskReminderInput, TaskReminderResult } from './task-reminder.definitions.ts';

const acts = proxyActivities<TaskActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

export async function taskReminderWorkflow(input: TaskReminderInput): Promise<TaskReminderResult> {
  const wait = Date.parse(input.snoozedUntil) - new Date().getTime();
  if (wait > 0) await sleep(wait);
  return acts.taskReminderDue(input);
}
