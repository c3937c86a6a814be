// The sequences feature's queries on runs: the run's row (locked or not) and its writes, the pause
// written at a revision, the rows a step writes, its sender and the send limit's counter, and the
// runs a stop, an unenroll or an unsubscribe ends. Typed Kysely; the statements of every step,
// pause and resume compiled once (db/statement.ts); raw SQL where the builder cannot type an
// INSERT ... SELECT from a CTE. Each runs on the `em` it is given (its transaction, if any); the use
// cases beside this file hold the rules.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import { typedKysely, type DB, type Row } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';
import { DELIVERY_COLUMNS, deliveriesOfInserted } from '../activity/activity.queries.ts';
import type { WorkflowCommand } from '../workflow-commands/command.types.ts';
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
      't.on_missing_channel',
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
      'a.name as account_name',
      'a.domain as account_domain',
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

// ---- A pause written at a revision

/** The activities row of the pause's event (activityRowOf's). */
export interface PauseActivity {
  id: string;
  organization_id: string;
  type: string;
  contact_id: string | null;
  sequence_id: string | null;
  sequence_template_id: string | null;
  resource_type: string | null;
  channel: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
}

/** The pause's RUN_CHANGED command row (runChangedRowOf's). */
export interface PauseCommand {
  id: string;
  organization_id: string;
  kind: WorkflowCommand['kind'];
  workflow_id: string;
  payload: WorkflowCommand;
  next_attempt_at: Date;
  created_at: Date;
}

/**
 * The run's pause columns as `next` holds them (and updated_at) if the row is still at `revision`, and only then the
 * activity row `a` (with its webhook deliveries, as emitEvent writes them) and the command `c`; true
 * when it was written.
 */
export async function writePauseAtRevision(
  em: EntityManager,
  id: string,
  revision: number,
  next: Pick<RunRow, 'status' | 'status_before_pause' | 'paused_until'>,
  updatedAt: Date,
  a: PauseActivity,
  c: PauseCommand,
): Promise<boolean> {
  const { rows } = await writePause(
    em,
    id,
    revision,
    next.status,
    next.status_before_pause,
    next.paused_until,
    updatedAt,
    a.id,
    a.organization_id,
    a.type,
    a.contact_id,
    a.sequence_id,
    a.sequence_template_id,
    a.resource_type,
    a.channel,
    a.payload,
    a.created_at,
    c.id,
    c.organization_id,
    c.kind,
    c.workflow_id,
    c.payload,
    c.next_attempt_at,
    c.created_at,
  );
  return Number(rows[0]?.written) === 1;
}

// One statement, compiled once (db/statement.ts). SQL where the builder cannot type an INSERT ...
// SELECT from a CTE.
const writePause = statement(
  (
    db,
    id: string,
    revision: number,
    status: RunRow['status'],
    statusBeforePause: string | null,
    pausedUntil: RunRow['paused_until'],
    updatedAt: Date,
    activityId: string,
    organizationId: string,
    type: string,
    contactId: string | null,
    sequenceId: string | null,
    templateId: string | null,
    resourceType: string | null,
    channel: string | null,
    payload: Record<string, unknown>,
    createdAt: Date,
    commandId: string,
    commandOrganizationId: string,
    kind: WorkflowCommand['kind'],
    workflowId: string,
    command: WorkflowCommand,
    due: Date,
    recordedAt: Date,
  ) =>
    db
      .with('r', (w) =>
        w
          .updateTable('sequences')
          .set({
            status,
            status_before_pause: statusBeforePause,
            paused_until: pausedUntil,
            updated_at: updatedAt,
            revision: (eb) => eb('revision', '+', 1),
          })
          .where('id', '=', id)
          .where('revision', '=', revision)
          .returning('id'),
      )
      .with('a', (w) =>
        w
          .insertInto('activities')
          .columns([
            'id',
            'organization_id',
            'type',
            'contact_id',
            'sequence_id',
            'sequence_template_id',
            'resource_type',
            'channel',
            'payload',
            'created_at',
          ])
          .expression(
            sql`SELECT ${activityId}::uuid, ${organizationId}::uuid, ${type}::text, ${contactId}::uuid, ${sequenceId}::uuid, ${templateId}::uuid,
                           ${resourceType}::text, ${channel}::text, ${payload}::jsonb, ${createdAt}::timestamptz FROM r`,
          )
          .returning(['id', 'organization_id', 'type']),
      )
      .with('c', (w) =>
        w
          .insertInto('workflow_commands')
          .columns(['id', 'organization_id', 'kind', 'workflow_id', 'payload', 'next_attempt_at', 'created_at'])
          .expression(sql`SELECT ${commandId}::uuid, ${commandOrganizationId}::uuid, ${kind}::text, ${workflowId}::text, ${command}::jsonb, ${due}::timestamptz,
                           ${recordedAt}::timestamptz FROM r`),
      )
      .with('d', (w) =>
        w
          .insertInto('webhook_deliveries')
          .columns(DELIVERY_COLUMNS)
          .expression(deliveriesOfInserted(createdAt, templateId)),
      )
      .selectFrom('r')
      .select((eb) => eb.fn.countAll<string>().as('written')),
);

// ---- What a step writes, and who it sends as

/** A PENDING CALL task of the run, due on `dueDate` (YYYY-MM-DD); created at the database's clock. */
export async function insertCallTaskRow(
  tx: EntityManager,
  row: Pick<RunRow, 'id' | 'organization_id' | 'contact_id'>,
  task: { id: string; assigneeId: string | null; stepNumber: number; title: string; notes: string; dueDate: string },
): Promise<void> {
  await typedKysely(tx)
    .insertInto('tasks')
    .values((eb) => ({
      id: task.id,
      organization_id: row.organization_id,
      type: 'CALL',
      priority: 'TODAY',
      status: 'PENDING',
      sequence_id: row.id,
      contact_id: row.contact_id,
      assignee_id: task.assigneeId,
      step_number: task.stepNumber,
      title: task.title,
      notes: task.notes,
      due_date: task.dueDate,
      created_at: eb.fn<Date>('now'),
      updated_at: eb.fn<Date>('now'),
    }))
    .execute();
}

export type StepMessage = Pick<
  Row<'messages'>,
  'id' | 'channel' | 'kind' | 'subject' | 'body' | 'step_number' | 'provider_message_id'
> & { sent_at: Date };

/** The OUTBOUND message of a step, created at the database's clock; one already written (same id) is left. */
export async function insertStepMessageRow(
  tx: EntityManager,
  row: Pick<RunRow, 'id' | 'organization_id' | 'contact_id'>,
  message: StepMessage,
): Promise<void> {
  await insertMessage(
    tx,
    message.id,
    row.organization_id,
    row.contact_id,
    row.id,
    message.channel,
    message.kind,
    message.subject,
    message.body,
    message.step_number,
    message.provider_message_id,
    message.sent_at,
  );
}

// Every message step writes one: compiled once (db/statement.ts), each column a parameter.
const insertMessage = statement(
  (
    db,
    id: string,
    organizationId: string,
    contactId: string,
    sequenceId: string,
    channel: StepMessage['channel'],
    kind: StepMessage['kind'],
    subject: StepMessage['subject'],
    body: StepMessage['body'],
    stepNumber: StepMessage['step_number'],
    providerMessageId: StepMessage['provider_message_id'],
    sentAt: Date,
  ) =>
    db
      .insertInto('messages')
      .values((eb) => ({
        id,
        organization_id: organizationId,
        contact_id: contactId,
        sequence_id: sequenceId,
        direction: 'OUTBOUND',
        channel,
        kind,
        subject,
        body,
        step_number: stepNumber,
        provider_message_id: providerMessageId,
        sent_at: sentAt,
        created_at: eb.fn<Date>('now'),
      }))
      .onConflict((oc) => oc.column('id').doNothing()),
);

/**
 * The user a step sends as: the From address is their connected mailbox's, else their
 * mailbox_email, else their email; with the mailbox's id and status when one is connected.
 */
const selectSender = statement((db, userId: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('mailboxes as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.status', '<>', 'DISCONNECTED'))
    .select((eb) => [
      'u.id',
      'u.name',
      eb.fn.coalesce('m.email', 'u.mailbox_email', 'u.email').as('email'),
      'u.daily_send_limit',
      eb('u.removed_at', 'is not', null).as('removed'),
      'm.id as mailbox_id',
      'm.status as mailbox_status',
    ])
    .where('u.id', '=', userId),
);

export type Sender = Awaited<ReturnType<typeof selectSender>>['rows'][number];

/** The user as a step sends as them; null when there is none. */
export async function senderRow(em: EntityManager, userId: string): Promise<Sender | null> {
  return (await selectSender(em, userId)).rows[0] ?? null;
}

// Every email step counts one send: compiled once (db/statement.ts).
const countOneSend = statement((db, senderId: string, day: string, limit: number) =>
  db
    .insertInto('sender_daily_sends')
    .values({ user_id: senderId, day, sent: 1 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'day'])
        .doUpdateSet((eb) => ({ sent: eb('sender_daily_sends.sent', '+', 1) }))
        .where('sender_daily_sends.sent', '<', limit),
    )
    .returning('sent'),
);

/** Counts one send of the sender on `day` (YYYY-MM-DD) unless the count is at `limit`; true when counted. */
export async function countOneSendOf(
  tx: EntityManager,
  senderId: string,
  day: string,
  limit: number,
): Promise<boolean> {
  return (await countOneSend(tx, senderId, day, limit)).rows.length > 0;
}

/** Gives one send of the sender on `day` (YYYY-MM-DD) back (never below 0). */
export async function uncountOneSend(tx: EntityManager, senderId: string, day: string): Promise<void> {
  await typedKysely(tx)
    .updateTable('sender_daily_sends')
    .set((eb) => ({ sent: eb.fn<number>('greatest', [eb('sent', '-', 1), eb.lit(0)]) }))
    .where('user_id', '=', senderId)
    .where('day', '=', day)
    .execute();
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
