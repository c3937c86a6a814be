// Sequences: enrollment (the API's side: checks, start of the enrollment workflow, bounded wait;
// the workflow's steps: eligibility, verification, the one transaction that writes the row and its
// sequence.created event) and the reads. Later status changes belong to the sequence workflow.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { WorkflowIdConflictPolicy, type SearchAttributePair } from '@temporalio/common';
import { WorkflowFailedError, type Client } from '@temporalio/client';
import type { Config } from '../../config.ts';
import { Contact } from '../../db/entities/contact.entity.ts';
import { RUNNING_STATUSES, type SequenceStatus } from '../../db/entities/sequence.entity.ts';
import type { TemplateStep } from '../../db/entities/sequence-template.entity.ts';
import type { Directory } from '../../providers/directory/index.ts';
import type { EmailVerifier } from '../../providers/verifier/index.ts';
import { ContactIdKey, OrganizationIdKey, SequenceTemplateIdKey } from '../../temporal/search-attributes.ts';
import {
  ENROLLMENT_WORKFLOW, SEQUENCE_WORKFLOW, enrollmentWorkflowId, sequenceWorkflowId,
  type CreateSequenceInput, type EligibilityInput, type EligibilityResult, type EnrollmentInput, type EnrollmentResult, type RefusalReason,
  type SequenceWorkflowInput,
} from '../../workflows/enrollment.definitions.ts';
import { DomainError, isUniqueViolation } from '../shared/errors.ts';
import { emitEvent } from '../activity/emit.ts';
import { contactExclusionFor } from '../exclusions/exclusions.service.ts';
import { toContactSummary } from '../people/records.ts';
import { toSequenceRecord, type SequenceRecord, type SequenceRecordRow } from './record.ts';
import { truncateText } from '../shared/text.ts';

export type { SequenceRecord } from './record.ts';

const COLUMNS = sql.raw(`id, contact_id, account_id, sequence_template_id, status, stopped_reason, paused_until, current_step, variables,
  source_contact_entry_id, created_at, updated_at, ended_at, error`);


// ---------------------------------------------------------------------------------------------
// Reads

export async function getSequence(em: EntityManager, organizationId: string, id: string): Promise<SequenceRecord> {
  const { rows } = await sql<SequenceRecordRow>`SELECT ${COLUMNS} FROM sequences WHERE id = ${id} AND organization_id = ${organizationId}`.execute(em.getKysely());
  if (!rows[0]) throw DomainError.notFound('Sequence');
  return toSequenceRecord(rows[0]);
}

export const SEQUENCE_SORT_FIELDS = ['created_at', 'updated_at'] as const;
export type SequenceSort = (typeof SEQUENCE_SORT_FIELDS)[number];

export interface SequenceFilters {
  contact_id?: string;
  sequence_template_id?: string;
  status?: SequenceStatus;
  created_at_before?: string;
  created_at_after?: string;
}

export async function listSequences(
  em: EntityManager,
  organizationId: string,
  filters: SequenceFilters,
  page: { limit: number; offset: number; sortBy?: SequenceSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: SequenceRecord[]; total: number }> {
  const where = [sql`organization_id = ${organizationId}`];
  if (filters.contact_id) where.push(sql`contact_id = ${filters.contact_id}`);
  if (filters.sequence_template_id) where.push(sql`sequence_template_id = ${filters.sequence_template_id}`);
  if (filters.status) where.push(sql`status = ${filters.status}`);
  if (filters.created_at_before) where.push(sql`created_at < ${new Date(filters.created_at_before)}`);
  if (filters.created_at_after) where.push(sql`created_at > ${new Date(filters.created_at_after)}`);
  const column = sql.ref(page.sortBy ?? 'created_at');
  const direction = sql.raw(page.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const condition = sql.join(where, sql` AND `);
  const [{ rows }, counted] = await Promise.all([
    sql<SequenceRecordRow>`SELECT ${COLUMNS} FROM sequences WHERE ${condition} ORDER BY ${column} ${direction}, id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`
      .execute(em.getKysely()),
    sql<{ total: string }>`SELECT count(*) AS total FROM sequences WHERE ${condition}`.execute(em.getKysely()),
  ]);
  return { items: rows.map(toSequenceRecord), total: Number(counted.rows[0].total) };
}

/** The running sequence (FOUND, ACTIVE, WAITING_FOR_LEAD, WAITING_FOR_USER) of the template for the contact. */
export async function runningSequenceId(em: EntityManager, organizationId: string, contactId: string, sequenceTemplateId: string): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM sequences
     WHERE organization_id = ${organizationId} AND contact_id = ${contactId} AND sequence_template_id = ${sequenceTemplateId}
       AND status = ANY (${[...RUNNING_STATUSES]}::text[])`.execute(em.getKysely());
  return rows[0]?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// The enrollment workflow's steps (called by activities/enrollment.activities.ts)

interface TemplateRow {
  id: string;
  name: string;
  status: string;
  steps: TemplateStep[];
  on_missing_channel: 'STOP' | 'SKIP_STEP';
  sender_user_id: string | null;
  requires_lead_review: boolean;
}

async function templateRow(em: EntityManager, organizationId: string, id: string): Promise<TemplateRow | null> {
  const { rows } = await sql<TemplateRow>`
    SELECT id, name, status, steps, on_missing_channel, sender_user_id, requires_lead_review
      FROM sequence_templates WHERE id = ${id} AND organization_id = ${organizationId}`.execute(em.getKysely());
  return rows[0] ?? null;
}

const enrollable = (template: TemplateRow | null): boolean => template?.status === 'ACTIVE' && template.steps.length > 0;
const isLinkedinStep = (step: TemplateStep) => step.type === 'LINKEDIN_INVITATION' || step.type === 'LINKEDIN_MESSAGE';

/**
 * The eligibility rule, in order: the template still ACTIVE with a step; an identifier (email or
 * LinkedIn URL); no exclusion in force; every channel a step needs (EMAIL: an email not
 * UNDELIVERABLE/BOUNCED — a never verified one counts until verified; LinkedIn: a URL). A missing
 * channel refuses when the template STOPs on missing data, or when skipping leaves no step.
 */
export async function checkEligibility(em: EntityManager, directory: Directory, input: EligibilityInput): Promise<EligibilityResult> {
  const refuse = (refusal: RefusalReason): EligibilityResult => ({ refusal, needsVerification: false });
  const template = await templateRow(em, input.organizationId, input.sequenceTemplateId);
  if (!template || !enrollable(template)) return refuse('TEMPLATE_NOT_ACTIVE');
  const { rows } = await sql<{ email: string | null; linkedin_url: string | null; email_status: string }>`
    SELECT email, linkedin_url, email_status FROM contacts WHERE id = ${input.contactId} AND organization_id = ${input.organizationId}`.execute(em.getKysely());
  const contact = rows[0];
  if (!contact) throw DomainError.notFound('Contact');
  if (!contact.email && !contact.linkedin_url) return refuse('NO_IDENTIFIER');
  const verdict = await contactExclusionFor(em, input.organizationId, input.contactId, new Date(), directory);
  if (verdict.excluded) return refuse('EXCLUDED');

  const emailSteps = template.steps.filter((s) => s.type === 'EMAIL').length;
  const linkedinSteps = template.steps.filter(isLinkedinStep).length;
  const emailBad = contact.email_status === 'UNDELIVERABLE' || contact.email_status === 'BOUNCED';
  const emailMissing = emailSteps > 0 && (!contact.email || emailBad);
  const linkedinMissing = linkedinSteps > 0 && !contact.linkedin_url;
  const emailReason: RefusalReason = contact.email ? 'EMAIL_UNDELIVERABLE' : 'NO_CHANNEL';
  if (emailMissing || linkedinMissing) {
    const left = template.steps.length - (emailMissing ? emailSteps : 0) - (linkedinMissing ? linkedinSteps : 0);
    if (template.on_missing_channel === 'STOP' || left === 0) return refuse(emailMissing ? emailReason : 'NO_CHANNEL');
  }
  const needsVerification = !input.verificationDone && emailSteps > 0 && !!contact.email && contact.email_status === 'UNVERIFIED';
  return { refusal: null, needsVerification };
}

/** Verifies a never-verified email and stores the answer (status and time) on the contact. */
export async function verifyContactEmail(em: EntityManager, verifier: EmailVerifier, organizationId: string, contactId: string): Promise<string | null> {
  const { rows } = await sql<{ email: string | null; email_status: string }>`
    SELECT email, email_status FROM contacts WHERE id = ${contactId} AND organization_id = ${organizationId}`.execute(em.getKysely());
  const contact = rows[0];
  if (!contact?.email || contact.email_status !== 'UNVERIFIED') return contact?.email_status ?? null;
  const result = await verifier.verify(contact.email);
  // Only if the address did not change meanwhile; a result for an old address would be wrong.
  await sql`
    UPDATE contacts SET email_status = ${result.status}, email_verified_at = now(), updated_at = now()
     WHERE id = ${contactId} AND organization_id = ${organizationId} AND email = ${contact.email}`.execute(em.getKysely());
  return result.status;
}

/** The sequence to start, or null; plus the result. */
export interface WrittenEnrollment {
  result: EnrollmentResult;
  /** Set when an ACTIVE row exists that needs its sequence workflow. */
  start: { sequenceId: string; contactId: string; sequenceTemplateId: string } | null;
}

/**
 * One transaction: refuse a duplicate, write the ACTIVE row (FOUND when the template requires lead
 * review) and emit sequence.created; or, for a refusal, write the REFUSED row with stopped_reason
 * (no event: nothing was enrolled). Idempotent: a retry finds the row of its enrollment run.
 */
export async function writeEnrollment(em: EntityManager, input: CreateSequenceInput): Promise<WrittenEnrollment> {
  const { organizationId, contactId, sequenceTemplateId } = input;
  const written = (id: string, status: string, reason: RefusalReason | null): WrittenEnrollment => ({
    result: { outcome: status === 'REFUSED' ? 'REFUSED' : 'CREATED', sequenceId: id, reason },
    start: status === 'ACTIVE' ? { sequenceId: id, contactId, sequenceTemplateId } : null,
  });
  const own = await sql<{ id: string; status: string; stopped_reason: RefusalReason | null }>`
    SELECT id, status, stopped_reason FROM sequences WHERE organization_id = ${organizationId} AND enrollment_run_id = ${input.enrollmentRunId}`.execute(em.getKysely());
  if (own.rows[0]) return written(own.rows[0].id, own.rows[0].status, own.rows[0].status === 'REFUSED' ? own.rows[0].stopped_reason : null);
  const duplicate = async (): Promise<WrittenEnrollment | null> => {
    const id = await runningSequenceId(em, organizationId, contactId, sequenceTemplateId);
    return id ? { result: { outcome: 'DUPLICATE', sequenceId: id, reason: null }, start: null } : null;
  };
  if (!input.refusal) {
    const existing = await duplicate();
    if (existing) return existing;
  }
  try {
    return await em.transactional(async (tx) => {
      const template = await templateRow(tx, organizationId, sequenceTemplateId);
      const contact = await tx.findOne(Contact, { id: contactId, organization: organizationId }, { populate: ['account'] });
      if (!template || !contact) throw DomainError.notFound(template ? 'Contact' : 'Sequence template');
      const status: SequenceStatus = input.refusal ? 'REFUSED' : template.requires_lead_review ? 'FOUND' : 'ACTIVE';
      const id = randomUUID();
      const now = new Date();
      await sql`
        INSERT INTO sequences (id, organization_id, contact_id, account_id, sequence_template_id, status, stopped_reason, current_step, variables,
                               sender_id, enrollment_run_id, source_contact_entry_id, created_at, updated_at)
        VALUES (${id}, ${organizationId}, ${contactId}, ${contact.account?.id ?? null}, ${sequenceTemplateId}, ${status}, ${input.refusal},
                0, '{}'::jsonb, ${template.sender_user_id}, ${input.enrollmentRunId}, ${input.sourceContactEntryId ?? null}, ${now}, ${now})`.execute(tx.getKysely());
      if (!input.refusal) {
        const base = { organizationId, contact: toContactSummary(contact), sequenceId: id, sequenceTemplate: { id: template.id, name: template.name } };
        await emitEvent(tx, { ...base, type: 'sequence.created', resourceType: 'SEQUENCE', channel: null });
        if (status === 'FOUND') {
          // The lead waits for a person's approval (the task's new_lead_review execute starts the run).
          const taskId = randomUUID();
          const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ') || contact.email || contact.linkedinUrl || 'lead';
          const title = truncateText(`Review lead ${name} for ${template.name}`, 200);
          await sql`
            INSERT INTO tasks (id, organization_id, type, priority, status, sequence_id, contact_id, assignee_id, title, due_date, created_at, updated_at)
            VALUES (${taskId}, ${organizationId}, 'NEW_LEAD_REVIEW', 'TODAY', 'PENDING', ${id}, ${contactId}, ${template.sender_user_id}, ${title},
                    ${now.toISOString().slice(0, 10)}, ${now}, ${now})`.execute(tx.getKysely());
          await emitEvent(tx, {
            ...base, type: 'task.created', resourceType: 'TASK', channel: 'MANUAL', taskId,
            embeds: { task: { id: taskId, type: 'NEW_LEAD_REVIEW', status: 'PENDING', title } },
          });
        }
      }
      return written(id, status, input.refusal);
    });
  } catch (error) {
    // A concurrent enrollment wrote the running row first; the partial unique index caught it.
    if (!isUniqueViolation(error)) throw error;
    const existing = await duplicate();
    if (!existing) throw error;
    return existing;
  }
}

/** Starts the sequence workflow of an ACTIVE sequence; a second start finds the first. */
export async function startSequenceWorkflow(
  temporal: Client, taskQueue: string, organizationId: string, start: NonNullable<WrittenEnrollment['start']>,
): Promise<void> {
  const args: [SequenceWorkflowInput] = [{ sequenceId: start.sequenceId, organizationId }];
  await temporal.workflow.start(SEQUENCE_WORKFLOW, {
    taskQueue,
    workflowId: sequenceWorkflowId(start.sequenceId),
    args,
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    typedSearchAttributes: searchAttributes(organizationId, start.contactId, start.sequenceTemplateId),
  });
}

function searchAttributes(organizationId: string, contactId: string, sequenceTemplateId: string): SearchAttributePair[] {
  return [
    { key: OrganizationIdKey, value: organizationId },
    { key: ContactIdKey, value: contactId },
    { key: SequenceTemplateIdKey, value: sequenceTemplateId },
  ];
}

// ---------------------------------------------------------------------------------------------
// The API side of POST /v1/sequences

export interface EnrollRequest {
  contact_id: string;
  sequence_template_id: string;
}

export interface EnrollmentPending {
  enrollment_run_id: string;
  contact_id: string;
  sequence_template_id: string;
}

export type EnrollResponse = { status: 201; body: SequenceRecord } | { status: 202; body: EnrollmentPending };

export interface EnrollDeps {
  em: EntityManager;
  temporal: Client;
  config: Pick<Config, 'temporalTaskQueue' | 'enrollmentWaitMs' | 'slowVerifyMs'>;
}

/** Margin above the verifier's slowest answer for the verification activity's timeout. */
const VERIFY_MARGIN_MS = 30_000;

function duplicateError(sequenceId: string): DomainError {
  return DomainError.conflict('The contact already runs this sequence template.', { sequence_id: sequenceId });
}

/**
 * Enrolls a contact: checks ownership, the template and duplicates, starts (or attaches to) the
 * enrollment workflow and waits up to `waitMs` (default config.enrollmentWaitMs) for its result.
 * `waitMs` is for tests; the API always uses the configured wait.
 */
export async function enroll(deps: EnrollDeps, organizationId: string, request: EnrollRequest, options: { waitMs?: number } = {}): Promise<EnrollResponse> {
  const { em } = deps;
  const contact = await sql<{ id: string }>`SELECT id FROM contacts WHERE id = ${request.contact_id} AND organization_id = ${organizationId}`.execute(em.getKysely());
  if (!contact.rows[0]) throw DomainError.notFound('Contact');
  const template = await templateRow(em, organizationId, request.sequence_template_id);
  if (!template) throw DomainError.notFound('Sequence template');
  if (!enrollable(template)) {
    throw DomainError.invalid('sequence_template_id', `the template must be ACTIVE with at least one step (it is ${template.status} with ${template.steps.length} steps)`, 422);
  }
  const running = await runningSequenceId(em, organizationId, request.contact_id, request.sequence_template_id);
  if (running) throw duplicateError(running);

  const args: [EnrollmentInput] = [{
    organizationId, contactId: request.contact_id, sequenceTemplateId: request.sequence_template_id, verifyTimeoutMs: deps.config.slowVerifyMs + VERIFY_MARGIN_MS,
  }];
  const handle = await deps.temporal.workflow.start(ENROLLMENT_WORKFLOW, {
    taskQueue: deps.config.temporalTaskQueue,
    workflowId: enrollmentWorkflowId(organizationId, request.contact_id, request.sequence_template_id),
    args,
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    typedSearchAttributes: searchAttributes(organizationId, request.contact_id, request.sequence_template_id),
  });
  const pending: EnrollResponse = {
    status: 202,
    body: { enrollment_run_id: handle.firstExecutionRunId, contact_id: request.contact_id, sequence_template_id: request.sequence_template_id },
  };
  const result = await waitFor(deps.temporal, () => handle.result() as Promise<EnrollmentResult>, options.waitMs ?? deps.config.enrollmentWaitMs)
    .catch((error: unknown) => {
      // The enrollment failed for good (data the database refused, retries spent): nothing was enrolled.
      if (error instanceof WorkflowFailedError) {
        const cause = error.cause?.cause instanceof Error ? error.cause.cause : error.cause;
        throw DomainError.business(`The enrollment failed: ${cause?.message ?? error.message}`);
      }
      throw error;
    });
  if (!result) return pending;
  if (result.outcome === 'DUPLICATE') throw duplicateError(result.sequenceId);
  if (result.outcome === 'REFUSED') {
    throw DomainError.business(`The contact cannot be enrolled: ${result.reason}.`, { reason: result.reason, sequence_id: result.sequenceId });
  }
  return { status: 201, body: await getSequence(em, organizationId, result.sequenceId) };
}

/** The result, or null when `ms` pass first (the pending long poll is then abandoned). */
async function waitFor<T>(temporal: Client, fn: () => Promise<T>, ms: number): Promise<T | null> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => { controller.abort(); resolve(null); }, ms);
  });
  const work = temporal.withAbortSignal(controller.signal, fn);
  work.catch(() => {}); // after a timeout its rejection (the abort) is expected and unobserved
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
