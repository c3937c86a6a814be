// The task.* events: a sequence task's is its run's event; a standalone to-do's has the same shape
// with the sequence fields null, so it reaches only webhook subscriptions for all templates. A
// PLAYBOOK_APPROVAL task emits none.
import type { EntityManager } from '@mikro-orm/postgresql';
import { emitEvent, type SequenceEvent, type SequenceEventType } from '../activity/emit.ts';
import { sequenceEvent, type RunRow } from '../sequences/runs.ts';
import type { TaskRecord } from './task-record.ts';

/**
 * A task.* event with the task embedded: a sequence task's is its run's event; a to-do's has the
 * same fields with sequence_id, sequence_template_id and sequence_template null and its contact
 * (null when none). Null for another task without a run (PLAYBOOK_APPROVAL: no event).
 */
export function taskEvent(
  run: RunRow | null,
  type: SequenceEventType,
  task: TaskRecord,
  fields: Record<string, unknown>,
): SequenceEvent | null {
  const extra = {
    resourceType: 'TASK' as const,
    channel: 'MANUAL' as const,
    taskId: task.id,
    messageId: task.message_id,
    embeds: { task },
    fields,
  };
  if (run) return sequenceEvent(run, type, extra);
  if (task.type !== 'TODO') return null;
  return {
    type,
    organizationId: task.organization_id,
    contact: task.contact,
    sequenceId: null,
    sequenceTemplate: null,
    ...extra,
  };
}

/** task.completed, task.skipped or task.reopened (see taskEvent), with the task's status. */
export async function emitTaskEvent(
  tx: EntityManager,
  run: RunRow | null,
  type: SequenceEventType,
  task: TaskRecord,
  fields: Record<string, unknown> = {},
): Promise<void> {
  const event = taskEvent(run, type, task, { status: task.status, ...fields });
  if (event) await emitEvent(tx, event);
}
