// One sequence run's row as the code that changes it sees it (status, template, contact, account),
// and the few writes every path shares: lock it, update it, end it with its event. The sequence
// activities, the engagement service, template and sender changes and list entries all go through
// here, under the row lock, so a step and any other change of the run never interleave.
// A run ended here, outside its workflow, is announced to it by a RUN_CHANGED command recorded in
// the same transaction (the outbox of workflow commands).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { SendingSchedule, TemplateStep } from '../../db/entities/sequence-template.entity.ts';
import { emitEvent, type SequenceEvent } from '../activity/emit.ts';
import type { ContactSummary } from '../people/records.ts';
import { ENDED_STATUSES, RUNNING_STATUSES } from './statuses.ts';
import { recordRunsChanged } from '../workflow-commands/outbox.ts';

/** Ended and running statuses as plain lists for includes() checks on a row's status. */
export const TERMINAL: readonly string[] = ENDED_STATUSES;
export const RUNNING: readonly string[] = RUNNING_STATUSES;

/** A sequence row with what its events and steps need (one query under FOR UPDATE of the sequence). */
export interface RunRow {
  id: string;
  organization_id: string;
  contact_id: string;
  account_id: string | null;
  sequence_template_id: string;
  status: string;
  stopped_reason: string | null;
  /** Why the run failed (stopped_reason ERROR), else null. */
  error: string | null;
  paused_until: Date | null;
  status_before_pause: string | null;
  current_step: number;
  variables: Record<string, string | null>;
  source_contact_entry_id: string | null;
  sender_id: string | null;
  /** Who the run's new tasks go to (a SEQUENCE-scope reassignment), else the sender. */
  task_assignee_id: string | null;
  created_at: Date;
  updated_at: Date;
  ended_at: Date | null;
  replied_at: Date | null;
  engagement_score: number;
  template_name: string;
  template_status: string;
  steps: TemplateStep[];
  schedule: SendingSchedule | null;
  timezone: string;
  on_missing_channel: 'STOP' | 'SKIP_STEP';
  template_sender_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  email_status: string;
  linkedin_url: string | null;
  job_title: string | null;
  company_name: string | null;
  phone: string | null;
  contact_account_id: string | null;
  account_name: string | null;
  account_domain: string | null;
}

export { toSequenceRecord } from './record.ts';

export async function lockRun(tx: EntityManager, sequenceId: string): Promise<RunRow> {
  const { rows } = await sql<RunRow>`
    SELECT s.id, s.organization_id, s.contact_id, s.account_id, s.sequence_template_id, s.status, s.stopped_reason, s.error, s.paused_until,
           s.status_before_pause, s.current_step, s.variables, s.source_contact_entry_id, s.sender_id, s.task_assignee_id, s.created_at, s.updated_at, s.ended_at,
           s.replied_at, s.engagement_score,
           t.name AS template_name, t.status AS template_status, t.steps, t.schedule, t.timezone, t.on_missing_channel, t.sender_user_id AS template_sender_id,
           c.first_name, c.last_name, c.email, c.email_status, c.linkedin_url, c.job_title, c.company_name, c.phone, c.account_id AS contact_account_id,
           a.name AS account_name, a.domain AS account_domain
      FROM sequences s
      JOIN sequence_templates t ON t.id = s.sequence_template_id
      JOIN contacts c ON c.id = s.contact_id
      LEFT JOIN accounts a ON a.id = c.account_id
     WHERE s.id = ${sequenceId}
       FOR UPDATE OF s`.execute(tx.getKysely());
  if (!rows[0]) throw new Error(`sequence ${sequenceId} not found`);
  return rows[0];
}

/** Who a task the run creates goes to: its reassigned assignee, else its sender, else the template's. */
export function taskAssignee(row: RunRow): string | null {
  return row.task_assignee_id ?? row.sender_id ?? row.template_sender_id;
}

export function contactSummary(row: RunRow): ContactSummary {
  return {
    id: row.contact_id, first_name: row.first_name, last_name: row.last_name, email: row.email, linkedin_url: row.linkedin_url,
    job_title: row.job_title, company_name: row.company_name ?? row.account_name, company_domain: row.account_domain,
  };
}

export function sequenceEvent(row: RunRow, type: SequenceEvent['type'], extra: Partial<SequenceEvent> = {}): SequenceEvent {
  return {
    type, organizationId: row.organization_id, contact: contactSummary(row), sequenceId: row.id,
    sequenceTemplate: { id: row.sequence_template_id, name: row.template_name }, resourceType: 'SEQUENCE', channel: null, ...extra,
  };
}

export type RowChange = Partial<Pick<RunRow, 'status' | 'stopped_reason' | 'paused_until' | 'status_before_pause' | 'current_step' | 'variables' | 'ended_at' | 'replied_at' | 'engagement_score'>>;

/** Writes the changed columns and answers the row as it now is. */
export async function update(tx: EntityManager, row: RunRow, change: RowChange): Promise<RunRow> {
  const next = { ...row, ...change, updated_at: new Date() };
  await sql`
    UPDATE sequences SET status = ${next.status}, stopped_reason = ${next.stopped_reason}, paused_until = ${next.paused_until},
           status_before_pause = ${next.status_before_pause}, current_step = ${next.current_step}, variables = ${JSON.stringify(next.variables ?? {})}::jsonb,
           ended_at = ${next.ended_at}, replied_at = ${next.replied_at}, engagement_score = ${next.engagement_score}, updated_at = ${next.updated_at}
     WHERE id = ${row.id}`.execute(tx.getKysely());
  return next;
}

/** Ends the run with a final status and emits sequence.stopped (sequence.completed for COMPLETED). */
export async function end(tx: EntityManager, row: RunRow, status: string, reason: string | null): Promise<RunRow> {
  const final = await update(tx, row, { status, stopped_reason: reason, paused_until: null, status_before_pause: null, ended_at: new Date() });
  if (status === 'COMPLETED') await emitEvent(tx, sequenceEvent(final, 'sequence.completed', { fields: { status } }));
  else await emitEvent(tx, sequenceEvent(final, 'sequence.stopped', { fields: { status, stopped_reason: reason } }));
  return final;
}

/**
 * A run waiting on its CALL task: WAITING_FOR_USER, neither paused nor halted by a reply. Only such
 * a wait ends (ACTIVE) when the task is done or the next step runs; a reply's wait stays with its person.
 */
export const waitsOnCall = (row: Pick<RunRow, 'status' | 'status_before_pause' | 'replied_at'>): boolean =>
  row.status === 'WAITING_FOR_USER' && row.status_before_pause === null && row.replied_at === null;

/** The manual tasks a running run waits on: its CALL steps and the answers to the contact's replies. */
const WAITED_ON_TASKS = ['CALL', 'EMAIL_REPLY', 'LINKEDIN_REPLY'];

/**
 * A running run's wait once one of its tasks changed (the team answered a reply, a task was closed
 * or reopened): WAITING_FOR_USER while a CALL or reply task of it is open (`closing`, the task
 * being closed in this transaction, does not count), else WAITING_FOR_LEAD (the team has spoken;
 * the contact's turn). A paused run keeps its pause: the status its resume restores changes instead.
 */
export async function settleWait(tx: EntityManager, row: RunRow, closing: string | null = null): Promise<RunRow> {
  if (!RUNNING.includes(row.status) || row.status === 'FOUND') return row;
  const except = closing ? sql`AND id <> ${closing}` : sql``;
  const { rows } = await sql`
    SELECT 1 FROM tasks WHERE sequence_id = ${row.id} AND type = ANY (${WAITED_ON_TASKS}::text[]) AND status IN ('PENDING', 'IN_PROGRESS') ${except}
     LIMIT 1`.execute(tx.getKysely());
  const status = rows.length > 0 ? 'WAITING_FOR_USER' : 'WAITING_FOR_LEAD';
  if (row.status_before_pause !== null) return row.status_before_pause === status ? row : update(tx, row, { status_before_pause: status });
  return row.status === status ? row : update(tx, row, { status });
}

export type FinalStatus = 'SUCCEEDED' | 'FAILED' | 'STOPPED_EARLY';

/**
 * Ends still-running rows in the caller's transaction (each under its lock) with a final status,
 * emitting sequence.stopped and recording a RUN_CHANGED command for each (so its workflow hears of
 * it even when the process dies after the commit); answers the ids this call ended (ended ones are
 * left alone). After the commit the caller delivers them at once with deliverRunsChanged().
 */
export async function endRuns(tx: EntityManager, sequenceIds: string[], status: FinalStatus, stoppedReason: string | null): Promise<string[]> {
  const endedNow: RunRow[] = [];
  for (const id of [...sequenceIds].sort()) { // one lock order for every caller: no deadlock between two batch ends
    const row = await lockRun(tx, id);
    if (!RUNNING.includes(row.status)) continue;
    await end(tx, row, status, stoppedReason);
    endedNow.push(row);
  }
  await recordRunsChanged(tx, endedNow.map((r) => ({ id: r.id, organizationId: r.organization_id })));
  return endedNow.map((r) => r.id);
}

/** endRuns() for one run in its own transaction; true when this call ended it. */
export async function endRunDirectly(em: EntityManager, sequenceId: string, status: FinalStatus, stoppedReason: string | null): Promise<boolean> {
  return (await em.fork().transactional((tx) => endRuns(tx, [sequenceId], status, stoppedReason))).length === 1;
}
