// Approval (PLAYBOOK_APPROVAL tasks; called by the tasks API inside the task's transaction).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlaybookRunStatus } from '../../db/entities/playbook-run.entity.ts';
import { DomainError } from '../shared/errors.ts';
import { insertTasks, todoFor } from './playbook-todos.ts';
import { lockRunOfApproval, updateRun } from './playbooks.queries.ts';

/**
 * Decides the run behind an approval task, in the task's transaction. Approved: a CREATE_TASK
 * action creates its to-do now (run COMPLETED); an ENROLL_IN_SEQUENCE run goes back to PENDING
 * and `poke` asks the caller to wake the resolution workflow after the commit (the next drain
 * would do it anyway). Rejected: REJECTED. A run already decided: 409.
 */
export async function decideApproval(
  tx: EntityManager,
  organizationId: string,
  taskId: string,
  approved: boolean,
): Promise<{ poke: boolean; status: PlaybookRunStatus }> {
  const run = await lockRunOfApproval(tx, organizationId, taskId);
  if (!run)
    throw DomainError.business('This approval task has no playbook run any more (its playbook was deleted).', {
      task_id: taskId,
    });
  if (run.status !== 'AWAITING_APPROVAL') {
    throw DomainError.conflict(`The playbook run was already decided (it is ${run.status}).`, {
      playbook_run_id: run.id,
      playbook_run_status: run.status,
    });
  }
  const now = new Date();
  if (!approved) {
    await updateRun(tx, run.id, { status: 'REJECTED', decided_at: now, updated_at: now });
    return { poke: false, status: 'REJECTED' };
  }
  if (run.action.type === 'CREATE_TASK') {
    const task = todoFor(
      {
        organizationId,
        contactId: run.contact_id,
        eventId: run.event_id,
        eventName: run.event_name,
        playbookName: run.name,
        assigneeId: run.assignee_id,
      },
      run.action,
      now,
    );
    await insertTasks(tx, [task], now);
    await updateRun(tx, run.id, {
      status: 'COMPLETED',
      outcome: 'TASK_CREATED',
      created_task_id: task.id,
      decided_at: now,
      completed_at: now,
      updated_at: now,
    });
    return { poke: false, status: 'COMPLETED' };
  }
  await updateRun(tx, run.id, { status: 'PENDING', decided_at: now, updated_at: now });
  return { poke: true, status: 'PENDING' };
}
