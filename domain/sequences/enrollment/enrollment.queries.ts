// The enrollment feature's queries, in typed Kysely; each runs on the `em` it is given (a
// transaction's inside one). The reads and the write of every enrollment are compiled once
// (db/statement.ts); the rarer ones are built per call.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { SequenceStatus } from '../../../db/entities/sequence.entity.ts';
import { typedKysely, type Row } from '../../../db/kysely.ts';
import { statement } from '../../../db/statement.ts';
import type { VerificationStatus } from '../../../providers/verifier/index.ts';
import { DELIVERY_COLUMNS, deliveriesOfInserted } from '../../activity/activity.queries.ts';
import type { WorkflowCommand } from '../../workflow-commands/command.types.ts';
import { SEQUENCE_RECORD_COLUMNS } from '../record.ts';
import { RUNNING_STATUSES } from '../statuses.ts';
import type { RefusalReason } from './enrollment.types.ts';

const TEMPLATE_COLUMNS = [
  'id',
  'name',
  'status',
  'steps',
  'on_missing_channel',
  'sender_user_id',
  'requires_lead_review',
] as const;
export type TemplateRow = Pick<Row<'sequence_templates'>, (typeof TEMPLATE_COLUMNS)[number]>;

/** What an enrollment reads of the contact: the channels eligibility judges, and the summary sequence.created embeds (with its account). */
export type ContactRow = Pick<
  Row<'contacts'>,
  | 'id'
  | 'email'
  | 'linkedin_url'
  | 'email_status'
  | 'first_name'
  | 'last_name'
  | 'job_title'
  | 'company_name'
  | 'account_id'
> & { account_name: string | null; account_domain: string | null };

const selectTemplate = statement((db, organizationId: string, id: string) =>
  db
    .selectFrom('sequence_templates')
    .select(TEMPLATE_COLUMNS)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId),
);

export async function templateRow(em: EntityManager, organizationId: string, id: string): Promise<TemplateRow | null> {
  return (await selectTemplate(em, organizationId, id)).rows[0] ?? null;
}

const selectContact = statement((db, organizationId: string, contactId: string) =>
  db
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select([
      'c.id',
      'c.email',
      'c.linkedin_url',
      'c.email_status',
      'c.first_name',
      'c.last_name',
      'c.job_title',
      'c.company_name',
      'c.account_id',
      'a.name as account_name',
      'a.domain as account_domain',
    ])
    .where('c.id', '=', contactId)
    .where('c.organization_id', '=', organizationId),
);

export async function contactRow(
  em: EntityManager,
  organizationId: string,
  contactId: string,
): Promise<ContactRow | undefined> {
  return (await selectContact(em, organizationId, contactId)).rows[0];
}

const selectRunning = statement((db, organizationId: string, contactId: string, sequenceTemplateId: string) =>
  db
    .selectFrom('sequences')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('contact_id', '=', contactId)
    .where('sequence_template_id', '=', sequenceTemplateId)
    .where('status', 'in', RUNNING_STATUSES),
);

/** The running sequence (FOUND, ACTIVE, WAITING_FOR_LEAD, WAITING_FOR_USER) of the template for the contact. */
export async function runningSequenceId(
  em: EntityManager,
  organizationId: string,
  contactId: string,
  sequenceTemplateId: string,
): Promise<string | null> {
  return (await selectRunning(em, organizationId, contactId, sequenceTemplateId)).rows[0]?.id ?? null;
}

/** The contact, the template and the running sequence of the template for the contact (null for each that is absent). */
export interface EnrollmentRows {
  contact: ContactRow | undefined;
  template: TemplateRow | null;
  runningId: string | null;
}

// The API's first read of every enrollment: its three rows in one statement, compiled once.
const selectEnrollmentRows = statement((db, organizationId: string, contactId: string, templateId: string) =>
  db
    .selectFrom(sql<{ one: number }>`(SELECT 1 AS one)`.as('one'))
    .leftJoin('contacts as c', (join) => join.on('c.id', '=', contactId).on('c.organization_id', '=', organizationId))
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .leftJoin('sequence_templates as t', (join) =>
      join.on('t.id', '=', templateId).on('t.organization_id', '=', organizationId),
    )
    .select([
      'c.id as contact_id',
      'c.email',
      'c.linkedin_url',
      'c.email_status',
      'c.first_name',
      'c.last_name',
      'c.job_title',
      'c.company_name',
      'c.account_id',
      'a.name as account_name',
      'a.domain as account_domain',
      't.id as template_id',
      't.name as template_name',
      't.status as template_status',
      't.steps',
      't.on_missing_channel',
      't.sender_user_id',
      't.requires_lead_review',
    ])
    .select((eb) =>
      eb
        .selectFrom('sequences as s')
        .select('s.id')
        .where('s.organization_id', '=', organizationId)
        .where('s.contact_id', '=', contactId)
        .where('s.sequence_template_id', '=', templateId)
        .where('s.status', 'in', RUNNING_STATUSES)
        .limit(1)
        .as('running_id'),
    ),
);

/** enrollmentRows: the contact, the template and a running sequence in one read (the API's enrollment). */
export async function enrollmentRows(
  em: EntityManager,
  organizationId: string,
  contactId: string,
  templateId: string,
): Promise<EnrollmentRows> {
  const [r] = (await selectEnrollmentRows(em, organizationId, contactId, templateId)).rows;
  const contact: ContactRow | undefined =
    r.contact_id === null
      ? undefined
      : {
          id: r.contact_id,
          email: r.email,
          linkedin_url: r.linkedin_url,
          email_status: r.email_status!,
          first_name: r.first_name,
          last_name: r.last_name,
          job_title: r.job_title,
          company_name: r.company_name,
          account_id: r.account_id,
          account_name: r.account_name,
          account_domain: r.account_domain,
        };
  const template: TemplateRow | null =
    r.template_id === null
      ? null
      : {
          id: r.template_id,
          name: r.template_name!,
          status: r.template_status!,
          steps: r.steps!,
          on_missing_channel: r.on_missing_channel!,
          sender_user_id: r.sender_user_id,
          requires_lead_review: r.requires_lead_review!,
        };
  return { contact, template, runningId: r.running_id ?? null };
}

/** The row an enrollment run wrote, if it wrote one (a retried caller, or the enrollment workflow of its verification). */
export async function rowOfEnrollmentRun(em: EntityManager, organizationId: string, enrollmentRunId: string) {
  return typedKysely(em)
    .selectFrom('sequences')
    .select(['id', 'status', 'stopped_reason'])
    .where('organization_id', '=', organizationId)
    .where('enrollment_run_id', '=', enrollmentRunId)
    .executeTakeFirst();
}

/**
 * Holds the contact-list entry an enrollment comes from until the transaction ends (FOR KEY SHARE:
 * the entry's delete, which ends the runs it sourced, waits for it); false when it is gone.
 */
export async function lockSourceEntry(tx: EntityManager, organizationId: string, entryId: string): Promise<boolean> {
  const row = await typedKysely(tx)
    .selectFrom('contact_entries')
    .select('id')
    .where('id', '=', entryId)
    .where('organization_id', '=', organizationId)
    .forKeyShare()
    .executeTakeFirst();
  return !!row;
}

export interface NewSequence {
  id: string;
  organizationId: string;
  contactId: string;
  accountId: string | null;
  sequenceTemplateId: string;
  status: SequenceStatus;
  stoppedReason: RefusalReason | null;
  senderId: string | null;
  enrollmentRunId: string;
  sourceContactEntryId: string | null;
  now: Date;
}

const insertSequenceRow = statement(
  (
    db,
    id: string,
    organizationId: string,
    contactId: string,
    accountId: string | null,
    sequenceTemplateId: string,
    status: SequenceStatus,
    stoppedReason: RefusalReason | null,
    senderId: string | null,
    enrollmentRunId: string,
    sourceContactEntryId: string | null,
    now: Date,
  ) =>
    db
      .insertInto('sequences')
      .values({
        id,
        organization_id: organizationId,
        contact_id: contactId,
        account_id: accountId,
        sequence_template_id: sequenceTemplateId,
        status,
        stopped_reason: stoppedReason,
        current_step: 0,
        variables: {},
        sender_id: senderId,
        enrollment_run_id: enrollmentRunId,
        source_contact_entry_id: sourceContactEntryId,
        created_at: now,
        updated_at: now,
      })
      .returning(SEQUENCE_RECORD_COLUMNS),
);

/** Inserts the enrollment's sequence row; answers it as written. */
export async function insertSequence(tx: EntityManager, s: NewSequence) {
  const [row] = (
    await insertSequenceRow(
      tx,
      s.id,
      s.organizationId,
      s.contactId,
      s.accountId,
      s.sequenceTemplateId,
      s.status,
      s.stoppedReason,
      s.senderId,
      s.enrollmentRunId,
      s.sourceContactEntryId,
      s.now,
    )
  ).rows;
  return row;
}

/** The activities row of the enrollment's sequence.created (activityRowOf's). */
export interface EnrollmentActivity {
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

/** The enrollment's START_SEQUENCE command row (commandRowOf's). */
export interface EnrollmentCommand {
  id: string;
  organization_id: string;
  kind: WorkflowCommand['kind'];
  workflow_id: string;
  payload: WorkflowCommand;
  next_attempt_at: Date;
  created_at: Date;
}

/**
 * An ACTIVE or REFUSED enrollment in one statement (no transaction around it): the row, and for an
 * ACTIVE one its sequence.created activity (with its webhook deliveries, as emitEvent writes them)
 * and its START_SEQUENCE command. With a source entry, the entry is locked FOR KEY SHARE for the
 * statement (its delete, which ends the runs it sourced, waits) and nothing is written when it is
 * gone: undefined. A concurrent running enrollment fails it on the running-sequence unique index.
 */
export async function insertEnrollment(
  em: EntityManager,
  s: NewSequence,
  event: EnrollmentActivity | null,
  command: EnrollmentCommand | null,
) {
  const { rows } = await insertEnrollmentRows(
    em,
    s.sourceContactEntryId,
    s.id,
    s.organizationId,
    s.contactId,
    s.accountId,
    s.sequenceTemplateId,
    s.status,
    s.stoppedReason,
    s.senderId,
    s.enrollmentRunId,
    s.now,
    event?.id ?? null,
    event?.type ?? null,
    event?.resource_type ?? null,
    event?.channel ?? null,
    event?.payload ?? null,
    command?.id ?? null,
    command?.kind ?? null,
    command?.workflow_id ?? null,
    command?.payload ?? null,
    command?.next_attempt_at ?? null,
  );
  return rows[0];
}

// Every enrollment's write, compiled once (db/statement.ts). SQL where the builder cannot type an
// INSERT ... SELECT from a CTE; the event's and the command's inserts select nothing when they are null.
const insertEnrollmentRows = statement(
  (
    db,
    source: string | null,
    id: string,
    organizationId: string,
    contactId: string,
    accountId: string | null,
    templateId: string,
    status: SequenceStatus,
    stoppedReason: RefusalReason | null,
    senderId: string | null,
    enrollmentRunId: string,
    now: Date,
    activityId: string | null,
    type: string | null,
    resourceType: string | null,
    channel: string | null,
    payload: Record<string, unknown> | null,
    commandId: string | null,
    kind: WorkflowCommand['kind'] | null,
    workflowId: string | null,
    command: WorkflowCommand | null,
    due: Date | null,
  ) =>
    db
      .with('e', (w) =>
        w
          .selectFrom('contact_entries')
          .select('id')
          .where('id', '=', sql<string>`${source}::uuid`)
          .where('organization_id', '=', organizationId)
          .forKeyShare(),
      )
      .with('ok', (w) =>
        w
          .selectNoFrom(sql<number>`1`.as('one'))
          .where(sql<boolean>`${source}::uuid IS NULL OR EXISTS (SELECT 1 FROM e)`),
      )
      .with('s', (w) =>
        w
          .insertInto('sequences')
          .columns([
            'id',
            'organization_id',
            'contact_id',
            'account_id',
            'sequence_template_id',
            'status',
            'stopped_reason',
            'current_step',
            'variables',
            'sender_id',
            'enrollment_run_id',
            'source_contact_entry_id',
            'created_at',
            'updated_at',
          ])
          .expression(
            sql`SELECT ${id}::uuid, ${organizationId}::uuid, ${contactId}::uuid, ${accountId}::uuid, ${templateId}::uuid, ${status}::text, ${stoppedReason}::text,
                           0, '{}'::jsonb, ${senderId}::uuid, ${enrollmentRunId}::text, ${source}::uuid, ${now}::timestamptz, ${now}::timestamptz FROM ok`,
          )
          .returning(SEQUENCE_RECORD_COLUMNS),
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
            sql`SELECT ${activityId}::uuid, ${organizationId}::uuid, ${type}::text, s.contact_id, s.id, s.sequence_template_id, ${resourceType}::text, ${channel}::text,
                           ${payload}::jsonb, ${now}::timestamptz FROM s WHERE ${activityId}::uuid IS NOT NULL`,
          )
          .returning(['id', 'organization_id', 'type']),
      )
      .with('c', (w) =>
        w
          .insertInto('workflow_commands')
          .columns(['id', 'organization_id', 'kind', 'workflow_id', 'payload', 'next_attempt_at', 'created_at'])
          .expression(sql`SELECT ${commandId}::uuid, ${organizationId}::uuid, ${kind}::text, ${workflowId}::text, ${command}::jsonb, ${due}::timestamptz, ${now}::timestamptz
                      FROM s WHERE ${commandId}::uuid IS NOT NULL`),
      )
      .with('d', (w) =>
        w.insertInto('webhook_deliveries').columns(DELIVERY_COLUMNS).expression(deliveriesOfInserted(now, templateId)),
      )
      .selectFrom('s')
      .selectAll(),
);

/** The NEW_LEAD_REVIEW task of a FOUND run (its approval starts the run). */
export async function insertLeadReviewTask(
  tx: EntityManager,
  task: {
    id: string;
    organizationId: string;
    sequenceId: string;
    contactId: string;
    assigneeId: string | null;
    title: string;
    dueDate: string;
    now: Date;
  },
): Promise<void> {
  await typedKysely(tx)
    .insertInto('tasks')
    .values({
      id: task.id,
      organization_id: task.organizationId,
      type: 'NEW_LEAD_REVIEW',
      priority: 'TODAY',
      status: 'PENDING',
      sequence_id: task.sequenceId,
      contact_id: task.contactId,
      assignee_id: task.assigneeId,
      title: task.title,
      due_date: task.dueDate,
      created_at: task.now,
      updated_at: task.now,
    })
    .execute();
}

/** The email a verification asks about and its stored status. */
export async function contactEmail(em: EntityManager, organizationId: string, contactId: string) {
  return typedKysely(em)
    .selectFrom('contacts')
    .select(['email', 'email_status'])
    .where('id', '=', contactId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Stores the verifier's answer, only if the address is still `email` (an answer for an old address would be wrong). */
export async function storeVerification(
  em: EntityManager,
  organizationId: string,
  contactId: string,
  email: string,
  status: VerificationStatus,
): Promise<void> {
  await typedKysely(em)
    .updateTable('contacts')
    .set((eb) => ({ email_status: status, email_verified_at: eb.fn<Date>('now'), updated_at: eb.fn<Date>('now') }))
    .where('id', '=', contactId)
    .where('organization_id', '=', organizationId)
    .where('email', '=', email)
    .execute();
}
