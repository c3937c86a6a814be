// Task activities: the snooze reminder's wake-up (domain/tasks/snooze.ts reminderDue): the task
// comes back PENDING with task.reopened (reopen_reason REMINDER_RULE), a to-do's as a sequence task's.
import type { MikroORM } from '@mikro-orm/postgresql';
import { reminderDue } from '../domain/tasks/snooze.ts';
import type { TaskReminderInput, TaskReminderResult } from '../domain/tasks/reminder.types.ts';

export function createTaskActivities(deps: { orm: MikroORM }) {
  return {
    async taskReminderDue(input: TaskReminderInput): Promise<TaskReminderResult> {
      return reminderDue(deps.orm.em.fork(), input);
    },
  };
}

export type TaskActivities = ReturnType<typeof createTaskActivities>;
