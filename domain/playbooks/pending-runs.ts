// PENDING runs: enrollment (the resolution workflow's follow-up activity).
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely, type Row } from '../../db/kysely.ts';
import type { PlaybookRunOutcome } from '../../db/entities/playbook-run.entity.ts';
import { DomainError } from '../shared/errors.ts';
import { enrollContact, type EnrollmentDeps } from '../sequences/enrollment/enroll-contact.ts';
import { truncateText } from '../shared/text.ts';
import { insertTasks, lockedRunForTodo, todoFor } from './playbook-todos.ts';

export type RunPlaybooksDeps = EnrollmentDeps;

/** The database's clock: a run's completion is stamped by the database, not this process. */
const dbNow = sql<Date>`now()`;

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
  const rows = await typedKysely(em).selectFrom('playbook_runs').select(['id', 'organization_id', 'contact_id', 'action', 'playbook_id', 'event_id'])
    .where('status', '=', 'PENDING')
    .$if(!!organizationIds, (q) => q.where((eb) => eb('organization_id', '=', eb.fn.any(eb.val(organizationIds!)))))
    .orderBy('created_at').orderBy('id').limit(limit).execute();
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
          await typedKysely(em.fork()).updateTable('playbook_runs')
            .set({ status: 'FAILED', error: truncateText(error.message, 500), completed_at: dbNow, updated_at: dbNow })
            .where('id', '=', run.id).where('status', '=', 'PENDING').execute();
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

async function carryOut(em: EntityManager, deps: RunPlaybooksDeps, run: Pick<Row<'playbook_runs'>, 'id' | 'organization_id' | 'contact_id' | 'action'>): Promise<void> {
  const organizationId = run.organization_id;
  if (run.action.type === 'CREATE_TASK') {
    // Approved to-dos are created at approval; a PENDING one is only met after a crash in between.
    const action = run.action;
    await em.fork().transactional(async (tx) => {
      const locked = await lockedRunForTodo(tx).where('r.id', '=', run.id).where('r.status', '=', 'PENDING').executeTakeFirst();
      if (!locked) return;
      const now = new Date();
      const task = todoFor({ organizationId, contactId: run.contact_id, eventId: locked.event_id, eventName: locked.event_name, playbookName: locked.name, assigneeId: locked.assignee_id }, action, now);
      await insertTasks(tx, [task], now);
      await typedKysely(tx).updateTable('playbook_runs')
        .set({ status: 'COMPLETED', outcome: 'TASK_CREATED', created_task_id: task.id, completed_at: now, updated_at: now }).where('id', '=', run.id).execute();
    });
    return;
  }
  const result = await enrollContact(em, deps, {
    organizationId, contactId: run.contact_id, sequenceTemplateId: run.action.sequence_template_id, enrollmentRunId: `playbook-run/${run.id}`,
  });
  const outcome: PlaybookRunOutcome = result.outcome === 'DUPLICATE' ? 'ALREADY_ENROLLED' : result.outcome === 'REFUSED' ? 'ENROLLMENT_REFUSED' : 'ENROLLED';
  const error = result.outcome === 'REFUSED' ? `The contact cannot be enrolled: ${result.reason}.` : null;
  await typedKysely(em.fork()).updateTable('playbook_runs')
    .set({ status: 'COMPLETED', outcome, sequence_id: result.sequenceId, error, completed_at: dbNow, updated_at: dbNow })
    .where('id', '=', run.id).where('status', '=', 'PENDING').execute();
}
