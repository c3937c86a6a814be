// Approval (PLAYBOOK_APPROVAL tasks; called by the tasks API inside the task's transaction).
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlaybookAction } from '../../db/entities/playbook.entity.ts';
import type { PlaybookRunStatus } from '../../db/entities/playbook-run.entity.ts';
import { DomainError } from '../shared/errors.ts';
import { insertTasks, todoFor } from './playbook-todos.ts';

/**
 * Decides the run behind an approval task, in the task's transaction. Approved: a CREATE_TASK
 * action creates its to-do now (run COMPLETED); an ENROLL_IN_SEQUENCE run goes back to PENDING
 * and `poke` asks the caller to wake the resolution workflow after the commit (the next drain
 * would do it anyway). Rejected: REJECTED. A run already decided: 409.
 */
export async function decideApproval(tx: EntityManager, organizationId: string, taskId: string, approved: boolean): Promise<{ poke: boolean; status: PlaybookRunStatus }> {
  const db = tx.getKysely();
  const { rows } = await sql<{ id: string; status: PlaybookRunStatus; action: PlaybookAction; contact_id: string; event_id: string; event_name: string; name: string; assignee_id: string | null }>`
    SELECT r.id, r.status, r.action, r.contact_id, r.event_id, e.event_name, p.name, u.id AS assignee_id
      FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id JOIN ingested_events e ON e.id = r.event_id
      LEFT JOIN users u ON u.id = p.owner_user_id AND u.removed_at IS NULL
     WHERE r.approval_task_id = ${taskId} AND r.organization_id = ${organizationId} FOR UPDATE OF r`.execute(db);
  const run = rows[0];
  if (!run) throw DomainError.business('This approval task has no playbook run any more (its playbook was deleted).', { task_id: taskId });
  if (run.status !== 'AWAITING_APPROVAL') {
    throw DomainError.conflict(`The playbook run was already decided (it is ${run.status}).`, { playbook_run_id: run.id, playbook_run_status: run.status });
  }
  const now = new Date();
  if (!approved) {
    await sql`UPDATE playbook_runs SET status = 'REJECTED', decided_at = ${now}, updated_at = ${now} WHERE id = ${run.id}`.execute(db);
    return { poke: false, status: 'REJECTED' };
  }
  if (run.action.type === 'CREATE_TASK') {
    const task = todoFor({ organizationId, contactId: run.contact_id, eventId: run.event_id, eventName: run.event_name, playbookName: run.name, assigneeId: run.assignee_id }, run.action, now);
    await insertTasks(tx, [task], now);
    await sql`UPDATE playbook_runs SET status = 'COMPLETED', outcome = 'TASK_CREATED', created_task_id = ${task.id}, decided_at = ${now}, completed_at = ${now}, updated_at = ${now}
               WHERE id = ${run.id}`.execute(db);
    return { poke: false, status: 'COMPLETED' };
  }
  await sql`UPDATE playbook_runs SET status = 'PENDING', decided_at = ${now}, updated_at = ${now} WHERE id = ${run.id}`.execute(db);
  return { poke: true, status: 'PENDING' };
}
