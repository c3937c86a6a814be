// Rows for sequence-run tests, written directly in SQL (as enrollment would): an account, contacts,
// a template and an ACTIVE sequence (current_step 0); plus readers of messages and events, and the
// cleanup of the runs' workflows a suite started.
import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import { sql } from 'kysely';
import { typedKysely } from '../../db/kysely.ts';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId, type SequenceInput } from '../../workflows/sequence.definitions.ts';
import type { TestOrg } from './fixtures.ts';
import type { client } from './http.ts';
import { until } from './poll.ts';
import type { Stack } from './stack.ts';
import type { TimeSkippingWorkerSuite } from './time-skipping.ts';

export interface StepSpec {
  type: 'EMAIL' | 'LINKEDIN_INVITATION' | 'LINKEDIN_MESSAGE' | 'CALL';
  delay_days: number;
  subject?: string;
  /** EMAIL steps that continue the thread (stored only when true). */
  thread?: true;
  body: string;
  /** Variants 2 onwards of the step (domain/sequences/variants.ts); none on a step that continues the thread. */
  variants?: { subject?: string; body: string; weight?: number }[];
}

const db = (stack: Stack) => stack.orm.em.fork().getKysely();

export async function insertAccount(
  stack: Stack,
  organizationId: string,
  name: string,
  domain: string,
): Promise<string> {
  const id = randomUUID();
  await sql`INSERT INTO accounts (id, organization_id, name, domain, first_seen_at, last_seen_at, created_at, updated_at)
            VALUES (${id}, ${organizationId}, ${name}, ${domain}, now(), now(), now(), now())`.execute(db(stack));
  return id;
}

export async function insertContact(
  stack: Stack,
  organizationId: string,
  c: {
    email?: string | null;
    linkedinUrl?: string | null;
    firstName?: string;
    accountId?: string | null;
    companyName?: string;
    timezone?: string | null;
    country?: string | null;
    region?: string | null;
  },
): Promise<string> {
  const id = randomUUID();
  await sql`INSERT INTO contacts (id, organization_id, account_id, email, linkedin_url, first_name, company_name, timezone, country, region, email_status, first_seen_at, last_seen_at, created_at, updated_at)
            VALUES (${id}, ${organizationId}, ${c.accountId ?? null}, ${c.email ?? null}, ${c.linkedinUrl ?? null}, ${c.firstName ?? null}, ${c.companyName ?? null},
                    ${c.timezone ?? null}, ${c.country ?? null}, ${c.region ?? null}, 'UNVERIFIED', now(), now(), now(), now())`.execute(
    db(stack),
  );
  return id;
}

/** A template's sending window as stored: its zone, schedule, whose hours it means and the holidays it skips. */
export interface WindowSpec {
  timezone?: string;
  schedule?: { days: string[]; start_hour: number; end_hour: number } | null;
  windowTimezone?: 'TEMPLATE' | 'PROSPECT';
  skipHolidays?: boolean;
  holidayCountry?: string | null;
}

export async function insertTemplate(
  stack: Stack,
  organizationId: string,
  steps: StepSpec[],
  options: {
    senderUserId?: string;
    onMissingChannel?: 'STOP' | 'SKIP_STEP';
    name?: string;
    window?: WindowSpec;
    tracking?: { open?: boolean; click?: boolean };
  } = {},
): Promise<string> {
  const id = randomUUID();
  const window = options.window ?? {};
  const schedule = window.schedule ? JSON.stringify(window.schedule) : null;
  await sql`INSERT INTO sequence_templates (id, organization_id, name, status, language, timezone, activated_at, steps, on_missing_channel, schedule, window_timezone, skip_holidays, holiday_country, sender_user_id, requires_lead_review, open_tracking, click_tracking, created_at, updated_at)
            VALUES (${id}, ${organizationId}, ${options.name ?? `Template ${id.split('-')[0]}`}, 'ACTIVE', 'en', ${window.timezone ?? 'UTC'}, now(), ${JSON.stringify(steps)}::jsonb,
                    ${options.onMissingChannel ?? 'STOP'}, ${schedule}::jsonb, ${window.windowTimezone ?? 'TEMPLATE'}, ${window.skipHolidays ?? false},
                    ${window.holidayCountry ?? null}, ${options.senderUserId ?? null}, false, ${options.tracking?.open ?? true}, ${options.tracking?.click ?? true}, now(), now())`.execute(
    db(stack),
  );
  return id;
}

export async function insertSequence(
  stack: Stack,
  organizationId: string,
  s: {
    contactId: string;
    templateId: string;
    accountId?: string | null;
    senderUserId?: string | null;
    variables?: Record<string, string>;
    /** The run's id (default a random one): a test that needs a given variant picks it. */
    id?: string;
  },
): Promise<string> {
  const id = s.id ?? randomUUID();
  await sql`INSERT INTO sequences (id, organization_id, contact_id, account_id, sequence_template_id, status, current_step, variables, sender_id, created_at, updated_at)
            VALUES (${id}, ${organizationId}, ${s.contactId}, ${s.accountId ?? null}, ${s.templateId}, 'ACTIVE', 0, ${JSON.stringify(s.variables ?? {})}::jsonb,
                    ${s.senderUserId ?? null}, now(), now())`.execute(db(stack));
  return id;
}

export interface SequenceRow {
  status: string;
  stopped_reason: string | null;
  current_step: number;
  ended_at: Date | null;
  paused_until: Date | null;
  status_before_pause: string | null;
  revision: number;
}

export async function sequenceRow(stack: Stack, id: string): Promise<SequenceRow> {
  const { rows } =
    await sql<SequenceRow>`SELECT status, stopped_reason, current_step, ended_at, paused_until, status_before_pause, revision FROM sequences WHERE id = ${id}`.execute(
      db(stack),
    );
  return rows[0];
}

export interface MessageRow {
  id: string;
  channel: string;
  kind: string;
  direction: string;
  subject: string | null;
  body: string;
  step_number: number;
  sent_at: Date;
}

export async function messagesOf(stack: Stack, sequenceId: string): Promise<MessageRow[]> {
  const { rows } =
    await sql<MessageRow>`SELECT id, channel, kind, direction, subject, body, step_number, sent_at FROM messages WHERE sequence_id = ${sequenceId} ORDER BY step_number`.execute(
      db(stack),
    );
  return rows.map((r) => ({ ...r, sent_at: new Date(r.sent_at) }));
}

export async function eventsOf(
  stack: Stack,
  sequenceId: string,
): Promise<{ type: string; payload: Record<string, unknown> }[]> {
  const { rows } = await sql<{
    type: string;
    payload: Record<string, unknown>;
  }>`SELECT type, payload FROM activities WHERE sequence_id = ${sequenceId} ORDER BY created_at, id`.execute(db(stack));
  return rows;
}

export async function insertContactExclusion(stack: Stack, organizationId: string, email: string): Promise<void> {
  await sql`INSERT INTO contact_exclusions (id, organization_id, email, reason, created_at, updated_at)
            VALUES (${randomUUID()}, ${organizationId}, ${email.toLowerCase()}, 'CONTACT_REFUSED', now(), now())`.execute(
    db(stack),
  );
}

/** Starts the sequence workflow of a row written with insertSequence on the stack's worker, as its start command would. */
export async function startSequenceWorkflow(stack: Stack, organizationId: string, sequenceId: string): Promise<void> {
  const input: SequenceInput = { sequenceId, organizationId };
  await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, {
    taskQueue: stack.taskQueue,
    workflowId: sequenceWorkflowId(sequenceId),
    args: [input],
  });
}

/**
 * An ACTIVE run of the contact in the template (insertSequence) sent by `senderUserId` (default: the
 * suite's user), its workflow started on a time-skipping suite's worker.
 */
export async function startRunOnSuite(
  ts: TimeSkippingWorkerSuite,
  contactId: string,
  templateId: string,
  senderUserId = ts.org.userId,
) {
  const sequenceId = await insertSequence(ts.stack, ts.org.organizationId, { contactId, templateId, senderUserId });
  const input: SequenceInput = { sequenceId, organizationId: ts.org.organizationId };
  const handle = await ts.env.client.workflow.start(SEQUENCE_WORKFLOW, {
    taskQueue: ts.taskQueue,
    workflowId: sequenceWorkflowId(sequenceId),
    args: [input],
  });
  return { sequenceId, handle };
}

/** Terminates the sequence workflows of `sequenceIds` (a suite's cleanup); one that is gone already is skipped. */
export async function terminateSequenceWorkflows(stack: Stack, sequenceIds: string[], reason: string): Promise<void> {
  for (const id of sequenceIds) {
    try {
      await stack.temporal.workflow.getHandle(sequenceWorkflowId(id)).terminate(reason);
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
  }
}

/** Polling helpers live in poll.ts; `until` stays importable from here for the many suites that take it with these fixtures. */
export { until } from './poll.ts';

/**
 * A DELIVERABLE contact enrolled through the API in a two-EMAIL template (the second three days
 * later), so its run stays running; throws unless the answer is 201. Returns once the run's
 * workflow is started (the 201 comes at commit, the start command's fast path right after).
 */
export async function enrollDeliverable(
  stack: Stack,
  api: ReturnType<typeof client>,
  org: TestOrg,
): Promise<{ contactId: string; templateId: string; sequenceId: string }> {
  const contactId = await insertContact(stack, org.organizationId, {
    email: `enrolled-${randomUUID()}@example.com`,
    firstName: 'Ada',
  });
  await typedKysely(stack.orm.em.fork())
    .updateTable('contacts')
    .set({ email_status: 'DELIVERABLE' })
    .where('id', '=', contactId)
    .execute();
  const templateId = await insertTemplate(
    stack,
    org.organizationId,
    [
      { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi {{first_name}}' },
      { type: 'EMAIL', delay_days: 3, subject: 'Again', body: 'Again' },
    ],
    { senderUserId: org.userId },
  );
  const response = await api.post('/v1/sequences', {
    key: org.apiKey,
    body: { contact_id: contactId, sequence_template_id: templateId },
  });
  if (response.status !== 201) throw new Error(`enrollment answered ${response.status}: ${response.text}`);
  const sequenceId = response.body.id as string;
  await until(
    async () =>
      (
        await typedKysely(stack.orm.em.fork())
          .selectFrom('workflow_commands')
          .select('status')
          .where('workflow_id', '=', sequenceWorkflowId(sequenceId))
          .where('kind', '=', 'START_SEQUENCE')
          .executeTakeFirst()
      )?.status === 'DONE',
    { what: "the run's start" },
  );
  return { contactId, templateId, sequenceId };
}
