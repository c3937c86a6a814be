// The call to a task's reminder workflow (`task-reminder/<task id>`): one reminder per task; a new
// snooze reaches a running one as snoozeAgain (signalWithStart), otherwise a new run starts.
import type { Client } from '@temporalio/client';
import { temporalCall } from '../temporal/failures.ts';
import { organizationSearchAttributes } from '../temporal/search-attributes.ts';
import type { TaskReminderInput } from '../domain/tasks/reminder.types.ts';
import { TASK_REMINDER_WORKFLOW, snoozeAgainSignal, taskReminderWorkflowId } from './task-reminder.definitions.ts';

export interface TaskReminderClient {
  /** Sets the task's reminder to `input.snoozedUntil`; the ids name the search attributes the run carries. */
  snooze(
    input: TaskReminderInput,
    ids: { contactId?: string | null; sequenceTemplateId?: string | null },
  ): Promise<void>;
}

export function createTaskReminderClient(temporal: Client, taskQueue: string): TaskReminderClient {
  return {
    async snooze(input, ids) {
      await temporalCall(() =>
        temporal.workflow.signalWithStart(TASK_REMINDER_WORKFLOW, {
          taskQueue,
          workflowId: taskReminderWorkflowId(input.taskId),
          args: [input],
          signal: snoozeAgainSignal,
          signalArgs: [{ snoozedUntil: input.snoozedUntil }],
          typedSearchAttributes: organizationSearchAttributes({ organizationId: input.organizationId, ...ids }),
        }),
      );
    },
  };
}
