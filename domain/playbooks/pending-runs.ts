// PENDING runs: enrollment (the resolution workflow's follow-up activity).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Row } from '../../db/kysely.ts';
import type { PlaybookRunOutcome } from '../../db/entities/playbook-run.entity.ts';
import { DomainError } from '../shared/errors.ts';
import { enrollInStep, type EnrollmentDeps } from '../sequences/enrollment/enroll.ts';
import { truncateText } from '../shared/text.ts';
import { insertTasks, todoFor } from './playbook-todos.ts';
import type { RunPlaybooksResult } from './pending-runs.types.ts';
import { completePendingRun, failPendingRun, lockPendingRun, pendingRuns, updateRun } from './playbooks.queries.ts';

export interface RunPlaybooksDeps extends EnrollmentDeps {
  /** How long a run waits for an enrollment workflow that verifies the email first (config.enrollmentWaitMs); after it, the run stays PENDING. */
  enrollmentWaitMs: number;
}

/**
 * Carries out up to `limit` PENDING runs, oldest first, 8 at a time. ENROLL_IN_SEQUENCE enrolls
 * through the one enrollment (domain/sequences/enrollment/enroll.ts), named `playbook-run/<run id>`
 * so a retried call finds the row it wrote; the sequence workflow's start command is delivered
 * before the run is marked COMPLETED. An email to verify first is handed to the enrollment workflow
 * and waited for up to `enrollmentWaitMs`; a run whose enrollment is still verifying stays PENDING
 * (the next call finds the row the enrollment workflow wrote). A contact or template that is gone
 * fails the run with the reason.
 */
export async function runPendingPlaybooks(
  em: EntityManager,
  deps: RunPlaybooksDeps,
  limit: number,
  organizationIds?: string[],
): Promise<RunPlaybooksResult> {
  const rows = await pendingRuns(em, limit, organizationIds);
  const result: RunPlaybooksResult = { claimed: rows.length, completed: 0, failed: 0, retrying: 0 };
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const run = rows[next++];
      try {
        if (await carryOut(em, deps, run)) result.completed++;
        else result.retrying++;
      } catch (error) {
        if (error instanceof DomainError) {
          await failPendingRun(em.fork(), run.id, truncateText(error.message, 500));
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

/** Carries the run out; false while its enrollment's email verification goes on (the run stays PENDING). */
async function carryOut(
  em: EntityManager,
  deps: RunPlaybooksDeps,
  run: Pick<Row<'playbook_runs'>, 'id' | 'organization_id' | 'contact_id' | 'action'>,
): Promise<boolean> {
  const organizationId = run.organization_id;
  if (run.action.type === 'CREATE_TASK') {
    // Approved to-dos are created at approval; a PENDING one is only met after a crash in between.
    const action = run.action;
    await em.fork().transactional(async (tx) => {
      const locked = await lockPendingRun(tx, run.id);
      if (!locked) return;
      const now = new Date();
      const task = todoFor(
        {
          organizationId,
          contactId: run.contact_id,
          eventId: locked.event_id,
          eventName: locked.event_name,
          playbookName: locked.name,
          assigneeId: locked.assignee_id,
        },
        action,
        now,
      );
      await insertTasks(tx, [task], now);
      await updateRun(tx, run.id, {
        status: 'COMPLETED',
        outcome: 'TASK_CREATED',
        created_task_id: task.id,
        completed_at: now,
        updated_at: now,
      });
    });
    return true;
  }
  const result = await enrollInStep(
    em,
    deps,
    {
      organizationId,
      contactId: run.contact_id,
      sequenceTemplateId: run.action.sequence_template_id,
      enrollmentRunId: `playbook-run/${run.id}`,
    },
    deps.enrollmentWaitMs,
  );
  if (!result) return false;
  const outcome: PlaybookRunOutcome =
    result.outcome === 'DUPLICATE'
      ? 'ALREADY_ENROLLED'
      : result.outcome === 'REFUSED'
        ? 'ENROLLMENT_REFUSED'
        : 'ENROLLED';
  const error = result.outcome === 'REFUSED' ? `The contact cannot be enrolled: ${result.reason}.` : null;
  await completePendingRun(em.fork(), run.id, { outcome, sequence_id: result.sequenceId, error });
  return true;
}
