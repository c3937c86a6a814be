// The queries of an enrollment's write (write.ts holds the rules): the sequence row inside a
// transaction (with the source entry held and a lead review's task), or the whole enrollment in one
// statement (the row, its sequence.created activity with its webhook deliveries, and its
// START_SEQUENCE command). The statements every enrollment runs are compiled once (db/statement.ts);
// raw SQL where the builder cannot type an INSERT ... SELECT from a CTE. Each runs on the `em` it is given.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import type { SequenceStatus } from '../../../db/entities/sequence.entity.ts';
import { typedKysely, type DB } from '../../../db/kysely.ts';
import { statement } from '../../../db/statement.ts';
import { splitAudited, withAuditEntry, type AuditEntryValues } from '../../audit/audit.queries.ts';
import { DELIVERY_COLUMNS, SEQUENCE_ACTIVITY_COLUMNS, deliveriesOfInserted } from '../../activity/activity.queries.ts';
import type { WorkflowCommand } from '../../workflow-commands/command.types.ts';
import { SEQUENCE_RECORD_COLUMNS } from '../record.ts';
import type { RefusalReason } from './enrollment.types.ts';

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
 * and its START_SEQUENCE command; with `audit`, the API request's audit entry too (both commit or
 * neither). With a source entry, the entry is locked FOR KEY SHARE for the statement (its delete,
 * which ends the runs it sourced, waits) and nothing is written when it is gone: undefined. A
 * concurrent running enrollment fails it on the running-sequence unique index.
 */
export async function insertEnrollment(
  em: EntityManager,
  s: NewSequence,
  event: EnrollmentActivity | null,
  command: EnrollmentCommand | null,
  audit: AuditEntryValues | null = null,
) {
  const values: EnrollmentValues = [
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
  ];
  const { rows } = audit
    ? await insertEnrollmentRowsAudited(em, ...audit, ...values)
    : await insertEnrollmentRows(em, ...values);
  return rows[0];
}

/** The values of an enrollment's statement, in the order its builder takes them. */
type EnrollmentValues = [
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
];

// SQL where the builder cannot type an INSERT ... SELECT from a CTE; the event's and the command's
// inserts select nothing when they are null.
function enrollmentRows(
  db: Kysely<DB>,
  entry: AuditEntryValues | null,
  [
    source,
    id,
    organizationId,
    contactId,
    accountId,
    templateId,
    status,
    stoppedReason,
    senderId,
    enrollmentRunId,
    now,
    activityId,
    type,
    resourceType,
    channel,
    payload,
    commandId,
    kind,
    workflowId,
    command,
    due,
  ]: EnrollmentValues,
) {
  // The request's audit entry, when there is one, in a CTE of its own (the audited write is a statement of its own).
  const writes = withAuditEntry(db, entry)
    .with('e', (w) =>
      w
        .selectFrom('contact_entries')
        .select('id')
        .where('id', '=', sql<string>`${source}::uuid`)
        .where('organization_id', '=', organizationId)
        .forKeyShare(),
    )
    .with('ok', (w) =>
      w.selectNoFrom(sql<number>`1`.as('one')).where(sql<boolean>`${source}::uuid IS NULL OR EXISTS (SELECT 1 FROM e)`),
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
        .columns(SEQUENCE_ACTIVITY_COLUMNS)
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
    );
  // The columns by name: a statement that selects * is never prepared (db/prepared-statements.ts).
  return writes.selectFrom('s').select(SEQUENCE_RECORD_COLUMNS);
}

/** Every enrollment's write, compiled once (db/statement.ts). */
const insertEnrollmentRows = statement((db, ...values: EnrollmentValues) => enrollmentRows(db, null, values));

/** The same write with the API request's audit entry, compiled once. */
const insertEnrollmentRowsAudited = statement((db, ...values: [...AuditEntryValues, ...EnrollmentValues]) => {
  const [entry, enrollment] = splitAudited(values);
  return enrollmentRows(db, entry, enrollment);
});

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
