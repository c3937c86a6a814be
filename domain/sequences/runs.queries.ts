// The sequences feature's queries on runs: the run's row (locked or not) and its writes, and the runs
// a stop, an unenroll or an unsubscribe ends. Typed Kysely; the row's read and write, which every
// step, pause and resume runs, compiled once (db/statement.ts). Each runs on the `em` it is given (its
// transaction, if any); the use cases beside this file hold the rules. A pause written at a revision
// is in pause.queries.ts, a step's writes in step-writes.queries.ts, its sender in senders.queries.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import { typedKysely, type DB, type Row } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';
import { RUNNING_STATUSES } from './statuses.ts';

// ---- The run's row

/**
 * A sequence row with what its events and steps need (one query; under FOR UPDATE of the sequence
 * for a change in a transaction). Every step, pause and resume runs it: compiled once (db/statement.ts).
 */
const runQuery = (db: Kysely<DB>, sequenceId: string) =>
  db
    .selectFrom('sequences as s')
    .innerJoin('sequence_templates as t', 't.id', 's.sequence_template_id')
    .innerJoin('contacts as c', 'c.id', 's.contact_id')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .innerJoin('organizations as o', 'o.id', 's.organization_id')
    .select([
      's.id',
      's.organization_id',
      's.contact_id',
      's.account_id',
      's.sequence_template_id',
      's.status',
      's.stopped_reason',
      's.error',
      's.paused_until',
      's.status_before_pause',
      's.current_step',
      's.variables',
      's.source_contact_entry_id',
      's.sender_id',
      's.task_assignee_id',
      's.created_at',
      's.updated_at',
      's.ended_at',
      's.replied_at',
      's.engagement_score',
      's.revision',
      't.name as template_name',
      't.status as template_status',
      't.steps',
      't.schedule',
      't.timezone',
      't.window_timezone',
      't.skip_holidays',
      't.holiday_country',
      't.on_missing_channel',
      't.open_tracking',
      't.click_tracking',
      'o.tracking_domain',
      'o.sender_identity',
      'o.postal_address',
      't.sender_user_id as template_sender_id',
      'c.first_name',
      'c.last_name',
      'c.email',
      'c.email_status',
      'c.linkedin_url',
      'c.job_title',
      'c.company_name',
      'c.phone',
      'c.account_id as contact_account_id',
      'c.timezone as contact_timezone',
      'c.country as contact_country',
      'c.region as contact_region',
      'c.city as contact_city',
      'a.name as account_name',
      'a.domain as account_domain',
      'a.country as account_country',
      'a.region as account_region',
      'a.city as account_city',
    ])
    .where('s.id', '=', sequenceId);
const selectRun = statement((db, sequenceId: string) => runQuery(db, sequenceId).forUpdate('s'));
const readRunRow = statement((db, sequenceId: string) => runQuery(db, sequenceId));

export type RunRow = Awaited<ReturnType<typeof selectRun>>['rows'][number];

/** The run's row locked (FOR UPDATE of the sequence); undefined when there is none. */
export async function lockedRunRow(tx: EntityManager, sequenceId: string): Promise<RunRow | undefined> {
  return (await selectRun(tx, sequenceId)).rows[0];
}

/** The run's row without a lock; undefined when there is none. */
export async function runRow(em: EntityManager, sequenceId: string): Promise<RunRow | undefined> {
  return (await readRunRow(em, sequenceId)).rows[0];
}

// The write of every step, pause and resume: compiled once, each column a parameter; the revision
// counts up in the statement itself.
const updateRun = statement(
  (
    db,
    id: string,
    status: RunRow['status'],
    stoppedReason: RunRow['stopped_reason'],
    pausedUntil: RunRow['paused_until'],
    statusBeforePause: RunRow['status_before_pause'],
    currentStep: RunRow['current_step'],
    variables: NonNullable<RunRow['variables']>,
    endedAt: RunRow['ended_at'],
    repliedAt: RunRow['replied_at'],
    engagementScore: RunRow['engagement_score'],
    updatedAt: Date,
  ) =>
    db
      .updateTable('sequences')
      .set({
        status,
        stopped_reason: stoppedReason,
        paused_until: pausedUntil,
        status_before_pause: statusBeforePause,
        current_step: currentStep,
        variables,
        ended_at: endedAt,
        replied_at: repliedAt,
        engagement_score: engagementScore,
        updated_at: updatedAt,
        revision: (eb) => eb('revision', '+', 1),
      })
      .where('id', '=', id),
);

/** Writes the row's changeable columns as `next` holds them (its variables, {} when none); the revision counts up. */
export async function writeRunRow(
  tx: EntityManager,
  next: Omit<RunRow, 'updated_at'> & { updated_at: Date },
): Promise<void> {
  await updateRun(
    tx,
    next.id,
    next.status,
    next.stopped_reason,
    next.paused_until,
    next.status_before_pause,
    next.current_step,
    next.variables ?? {},
    next.ended_at,
    next.replied_at,
    next.engagement_score,
    next.updated_at,
  );
}

export async function setRunError(tx: EntityManager, id: string, error: string): Promise<void> {
  await typedKysely(tx).updateTable('sequences').set({ error }).where('id', '=', id).execute();
}

/** Whether the run has a task of these types still open (PENDING or IN_PROGRESS), `except` aside. */
export async function hasOpenTask(
  tx: EntityManager,
  sequenceId: string,
  types: readonly Row<'tasks'>['type'][],
  except: string | null,
): Promise<boolean> {
  return !!(await typedKysely(tx)
    .selectFrom('tasks')
    .select('id')
    .where('sequence_id', '=', sequenceId)
    .where('type', 'in', types)
    .where('status', 'in', ['PENDING', 'IN_PROGRESS'])
    .$if(!!except, (q) => q.where('id', '<>', except!))
    .limit(1)
    .executeTakeFirst());
}

// ---- The runs a stop, an unenroll or an unsubscribe ends

/** The organization's running runs of the account's contacts (or of the account), other than this contact's. */
export async function otherRunningRunsOfAccount(
  em: EntityManager,
  organizationId: string,
  accountId: string,
  contactId: string,
): Promise<string[]> {
  const rows = await typedKysely(em)
    .selectFrom('sequences as s')
    .innerJoin('contacts as c', 'c.id', 's.contact_id')
    .select('s.id')
    .where('s.organization_id', '=', organizationId)
    .where((eb) => eb.or([eb('c.account_id', '=', accountId), eb('s.account_id', '=', accountId)]))
    .where('s.contact_id', '<>', contactId)
    .where('s.status', 'in', RUNNING_STATUSES)
    .execute();
  return rows.map((r) => r.id);
}

/** The organization's running runs of the contact (of one template when given), oldest first. */
export async function runningRunsOfContact(
  em: EntityManager,
  organizationId: string,
  contactId: string,
  templateId: string | undefined,
): Promise<string[]> {
  const rows = await typedKysely(em)
    .selectFrom('sequences')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('contact_id', '=', contactId)
    .where('status', 'in', RUNNING_STATUSES)
    .$if(!!templateId, (q) => q.where('sequence_template_id', '=', templateId!))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The organization's contact's email and LinkedIn URL, if it exists. */
export function contactIdentifiers(em: EntityManager, organizationId: string, contactId: string) {
  return typedKysely(em)
    .selectFrom('contacts')
    .select(['email', 'linkedin_url'])
    .where('id', '=', contactId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** The run's organization and status with its contact's email and LinkedIn URL, if the run exists. */
export function runWithContact(em: EntityManager, sequenceId: string) {
  return typedKysely(em)
    .selectFrom('sequences as s')
    .innerJoin('contacts as c', 'c.id', 's.contact_id')
    .select(['s.organization_id', 's.status', 'c.email', 'c.linkedin_url'])
    .where('s.id', '=', sequenceId)
    .executeTakeFirst();
}
