// A snoozed task's durable timer: wait until snoozedUntil, then bring the task back (the activity
// checks the row, so a timer overtaken by a completion does nothing). A new snooze of the task
// reaches the running reminder as the `snoozeAgain` Signal (signalWithStart), which moves the
// timer: one reminder per task, never a terminated run.
import { condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { TaskActivities } from '../activities/tasks.activities.ts';
import type { TaskReminderInput, TaskReminderResult } from '../domain/tasks/reminder.types.ts';
import { snoozeAgainSignal } from './task-reminder.definitions.ts';

// Retried for about a day while the database does not answer (300 attempts, at most 5 minutes apart).
const acts = proxyActivities<TaskActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 300 },
});

export async function taskReminderWorkflow(input: TaskReminderInput): Promise<TaskReminderResult> {
  let snoozedUntil = input.snoozedUntil;
  let moved = false;
  setHandler(snoozeAgainSignal, (next) => {
    snoozedUntil = next.snoozedUntil;
    moved = true;
  });
  for (;;) {
    moved = false;
    const wait = Date.parse(snoozedUntil) - new Date().getTime();
    if (wait > 0 && (await condition(() => moved, wait))) continue; // moved: wait for the new time
    const result = await acts.taskReminderDue({ ...input, snoozedUntil });
    if (!moved) return result; // a snooze that arrived during the activity gets its own wait
  }
}
