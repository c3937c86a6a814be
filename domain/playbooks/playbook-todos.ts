// The tasks a playbook run makes (its to-do, or its approval task), written in the run's
// transaction; the to-dos announce themselves as the tasks API's do (task.created).
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlaybookAction } from '../../db/entities/playbook.entity.ts';
import { emitTodosCreated } from '../tasks/todos.ts';
import { DAY_MS } from '../shared/time.ts';
import { insertTaskRows, type NewTask } from './playbooks.queries.ts';

/** Writes the tasks; the to-dos among them announce themselves (task.created). */
export async function insertTasks(tx: EntityManager, tasks: NewTask[], now: Date): Promise<void> {
  if (!tasks.length) return;
  await insertTaskRows(tx, tasks, now);
  await emitTodosCreated(
    tx,
    tasks.filter((t) => t.type === 'TODO').map((t) => t.id),
  );
}

export const dateIn = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);

export function todoFor(
  run: {
    organizationId: string;
    contactId: string;
    eventId: string;
    eventName: string;
    playbookName: string;
    assigneeId: string | null;
  },
  action: Extract<PlaybookAction, { type: 'CREATE_TASK' }>,
  now: Date,
): NewTask {
  return {
    id: randomUUID(),
    organizationId: run.organizationId,
    type: 'TODO',
    priority: action.priority,
    contactId: run.contactId,
    assigneeId: run.assigneeId,
    title: action.title,
    notes: `Created by the playbook "${run.playbookName}" for the event ${run.eventName} (${run.eventId}).`,
    dueDate: dateIn(now, action.due_in_days),
  };
}
