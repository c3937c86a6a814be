// The tasks a playbook run makes (its to-do, or its approval task), written in the run's
// transaction; the to-dos announce themselves as the tasks API's do (task.created).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import type { PlaybookAction } from '../../db/entities/playbook.entity.ts';
import { emitTodosCreated } from '../tasks/todos.ts';
import { DAY_MS } from '../shared/time.ts';


export interface NewTask {
  id: string;
  organizationId: string;
  type: 'TODO' | 'PLAYBOOK_APPROVAL';
  priority: string;
  contactId: string;
  assigneeId: string | null;
  title: string;
  notes: string;
  dueDate: string;
}

/** Writes the tasks; the to-dos among them announce themselves (task.created). */
export async function insertTasks(tx: EntityManager, tasks: NewTask[], now: Date): Promise<void> {
  if (!tasks.length) return;
  const col = <T>(pick: (t: NewTask) => T) => tasks.map(pick);
  // Raw: one INSERT ... SELECT over unnest of parallel arrays writes every task in one statement.
  await sql`
    INSERT INTO tasks (id, organization_id, type, priority, status, contact_id, assignee_id, title, notes, due_date, created_at, updated_at)
    SELECT x.id, x.org, x.type, x.priority, 'PENDING', x.contact, x.assignee, x.title, x.notes, x.due::date, ${now}, ${now}
      FROM unnest(${col((t) => t.id)}::uuid[], ${col((t) => t.organizationId)}::uuid[], ${col((t) => t.type)}::text[], ${col((t) => t.priority)}::text[],
                  ${col((t) => t.contactId)}::uuid[], ${col((t) => t.assigneeId)}::uuid[], ${col((t) => t.title)}::text[], ${col((t) => t.notes)}::text[],
                  ${col((t) => t.dueDate)}::text[]) AS x(id, org, type, priority, contact, assignee, title, notes, due)`.execute(tx.getKysely());
  await emitTodosCreated(tx, tasks.filter((t) => t.type === 'TODO').map((t) => t.id));
}

/**
 * A playbook run (alias r) locked (FOR UPDATE OF r) with what its to-do needs: the event's name,
 * the playbook's name and its owner when still an active user (the assignee); callers add the where.
 */
export function lockedRunForTodo(tx: EntityManager) {
  return typedKysely(tx)
    .selectFrom('playbook_runs as r')
    .innerJoin('playbooks as p', 'p.id', 'r.playbook_id')
    .innerJoin('ingested_events as e', 'e.id', 'r.event_id')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'p.owner_user_id').on('u.removed_at', 'is', null))
    .select(['r.id', 'r.event_id', 'e.event_name', 'p.name', 'u.id as assignee_id'])
    .forUpdate('r');
}

export const dateIn = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);

export function todoFor(run: { organizationId: string; contactId: string; eventId: string; eventName: string; playbookName: string; assigneeId: string | null },
  action: Extract<PlaybookAction, { type: 'CREATE_TASK' }>, now: Date): NewTask {
  return {
    id: randomUUID(), organizationId: run.organizationId, type: 'TODO', priority: action.priority, contactId: run.contactId, assigneeId: run.assigneeId,
    title: action.title, notes: `Created by the playbook "${run.playbookName}" for the event ${run.eventName} (${run.eventId}).`, dueDate: dateIn(now, action.due_in_days),
  };
}
