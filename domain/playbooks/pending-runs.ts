// PENDING runs: enrollment (the resolution workflow's follow-up activity).
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlaybookAction } from '../../db/entities/playbook.entity.ts';
import type { PlaybookRunOutcome } from '../../db/entities/playbook-run.entity.ts';
import { DomainError } from '../shared/errors.ts';
import { enrollContact, type EnrollmentDeps } from '../sequences/enrollment/enroll-contact.ts';
import { truncateText } from '../shared/text.ts';
import { insertTasks, todoFor } from './playbook-todos.ts';

export type RunPlaybooksDeps = EnrollmentDeps;

export interface RunPlaybooksResult {
  /** Runs taken from the queue. */
  claimed: number;
  completed: number;
  failed: number;
  /** Left PENDING after an unexpected error (the next call tries again). */
  retrying: number;
}

/**
 * Carries out up to `limit` PENDING runs, oldest first, 8 at a time. ENROLL_IN_SEQUENCE enrolls
 * through the one enrollment path, named `playbook-run/<run id>` so a retried call finds the row it
 * wrote; the sequence workflow is started before the run is marked COMPLETED. A contact or
 * template that is gone fails the run with the reason.
 */
export async function runPendingPlaybooks(em: EntityManager, deps: RunPlaybooksDeps, limit: number, organizationIds?: string[]): Promise<RunPlaybooksResult> {
  const orgFilter = organizationIds ? sql`AND organization_id = ANY (${organizationIds}::uuid[])` : sql``;
  const { rows } = await sql<{ id: string; organization_id: string; contact_id: string; action: PlaybookAction; playbook_id: string; event_id: string }>`
    SELECT id, organization_id, contact_id, action, playbook_id, event_id FROM playbook_runs
     WHERE status = 'PENDING' ${orgFilter} ORDER BY created_at, id LIMIT ${limit}`.execute(em.getKysely());
  const result: RunPlaybooksResult = { claimed: rows.length, completed: 0, failed: 0, retrying: 0 };
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const run = rows[next++];
      try {
        await carryOut(em, deps, run);
        result.completed++;
      } catch (error) {
        if (error instanceof DomainError) {
          await sql`UPDATE playbook_runs SET status = 'FAILED', error = ${truncateText(error.message, 500)}, completed_at = now(), updated_at = now()
                     WHERE id = ${run.id} AND status = 'PENDING'`.execute(em.fork().getKysely());
          result.failed++;
        } else {
          deps.logger?.warn({ err: error, playbookRunId: run.id }, 'playbook run failed; it stays PENDING');
          result.retrying++;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, rows.length) }, lane));
  return result;
}

async function carryOut(em: EntityManager, deps: RunPlaybooksDeps, run: { id: string; organization_id: string; contact_id: string; action: PlaybookAction }): Promise<void> {
  const organizationId = run.organization_id;
  if (run.action.type === 'CREATE_TASK') {
    // Approved to-dos are created at approval; a PENDING one is only met after a crash in between.
    const action = run.action;
    await em.fork().transactional(async (tx) => {
      const { rows } = await sql<{ id: string; event_id: string; event_name: string; name: string; assignee_id: string | null }>`
        SELECT r.id, r.event_id, e.event_name, p.name, u.id AS assignee_id FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id
          JOIN ingested_events e ON e.id = r.event_id LEFT JOIN users u ON u.id = p.owner_user_id AND u.removed_at IS NULL
         WHERE r.id = ${run.id} AND r.status = 'PENDING' FOR UPDATE OF r`.execute(tx.getKysely());
      if (!rows[0]) return;
      const now = new Date();
      const task = todoFor({ organizationId, contactId: run.contact_id, eventId: rows[0].event_id, eventName: rows[0].event_name, playbookName: rows[0].name, assigneeId: rows[0].assignee_id }, action, now);
      await insertTasks(tx, [task], now);
      await sql`UPDATE playbook_runs SET status = 'COMPLETED', outcome = 'TASK_CREATED', created_task_id = ${task.id}, completed_at = ${now}, updated_at = ${now} WHERE id = ${run.id}`
        .execute(tx.getKysely());
    });
    return;
  }
  const result = await enrollContact(em, deps, {
    organizationId, contactId: run.contact_id, sequenceTemplateId: run.action.sequence_template_id, enrollmentRunId: `playbook-run/${run.id}`,
  });
  const outcome: PlaybookRunOutcome = result.outcome === 'DUPLICATE' ? 'ALREADY_ENROLLED' : result.outcome === 'REFUSED' ? 'ENROLLMENT_REFUSED' : 'ENROLLED';
  const error = result.outcome === 'REFUSED' ? `The contact cannot be enrolled: ${result.reason}.` : null;
  await sql`
    UPDATE playbook_runs SET status = 'COMPLETED', outcome = ${outcome}, sequence_id = ${result.sequenceId}, error = ${error}, completed_at = now(), updated_at = now()
     WHERE id = ${run.id} AND status = 'PENDING'`.execute(em.fork().getKysely());
}
