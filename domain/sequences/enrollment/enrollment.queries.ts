// The enrollment feature's reads, in typed Kysely; each runs on the `em` it is given (a
// transaction's inside one). The contact, the template and the running sequence every enrollment
// reads are compiled once (db/statement.ts); the rarer reads are built per call. The write of an
// enrollment is in enrollment-write.queries.ts, the email verification's in verification.queries.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely, type Row } from '../../../db/kysely.ts';
import { statement } from '../../../db/statement.ts';
import { RUNNING_STATUSES } from '../statuses.ts';

const TEMPLATE_COLUMNS = [
  'id',
  'name',
  'status',
  'steps',
  'on_missing_channel',
  'sender_user_id',
  'sender_user_ids',
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
      't.sender_user_ids',
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
          sender_user_ids: r.sender_user_ids,
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
