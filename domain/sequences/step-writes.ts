// The rows a sequence step writes under its run's lock: the CALL task a call step opens, and the
// message row of a step whose message went out. Timestamps of creation come from the database's clock.
import type { EntityManager } from '@mikro-orm/postgresql';
import { utcDate } from '../shared/time.ts';
import type { RunRow } from './runs.ts';
import { insertCallTaskRow, insertStepMessageRow, type StepMessage } from './step-writes.queries.ts';

export interface CallTask {
  id: string;
  stepNumber: number;
  assigneeId: string | null;
  title: string;
  notes: string;
  /** The step's time: the task is due on its UTC day. */
  at: Date;
}

/** A PENDING CALL task of the run, due today. */
export async function insertCallTask(
  tx: EntityManager,
  row: Pick<RunRow, 'id' | 'organization_id' | 'contact_id'>,
  task: CallTask,
): Promise<void> {
  await insertCallTaskRow(tx, row, {
    id: task.id,
    assigneeId: task.assigneeId,
    stepNumber: task.stepNumber,
    title: task.title,
    notes: task.notes,
    dueDate: utcDate(task.at),
  });
}

/** The OUTBOUND message of a step; a retry that finds it written (the id is derived from the step) leaves it. */
export async function insertStepMessage(
  tx: EntityManager,
  row: Pick<RunRow, 'id' | 'organization_id' | 'contact_id'>,
  message: StepMessage,
): Promise<void> {
  await insertStepMessageRow(tx, row, message);
}
