// The recordings of a sequence's run and its enrollment (scripts/record-histories.ts): a run that
// completes, the API's pause and resume, its stop, a reply that halts the run, a template held
// INACTIVE, a window in the prospect's hours that skips holidays, an email waiting for its paced
// mailbox's send slot, steps with variants, and the enrollment of an unverified email. They share the session's organization.
import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import { recordReply } from '../../domain/engagement/engagement.service.ts';
import { pauseRun, resumeRun, stopRun } from '../../domain/sequences/controls.service.ts';
import type { EnrollmentResult } from '../../domain/sequences/enrollment/enrollment.types.ts';
import { updateTemplate } from '../../domain/sequences/templates.service.ts';
import { chooseVariant } from '../../domain/sequences/variants.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import {
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  sequenceRow,
  until,
  type StepSpec,
  type WindowSpec,
} from '../../test/helpers/sequence-fixtures.ts';
import {
  ENROLLMENT_WORKFLOW,
  enrollmentWorkflowId,
  type EnrollmentInput,
} from '../../workflows/enrollment.definitions.ts';
import {
  SEQUENCE_WORKFLOW,
  sequenceStatusQuery,
  sequenceWorkflowId,
  type SequenceInput,
} from '../../workflows/sequence.definitions.ts';
import { DAY, type RecordingSession } from './session.ts';

export function sequenceRecordings({ stack, env, org, taskQueue, workflows, db, save, shortId }: RecordingSession) {
  async function sequence(
    steps: StepSpec[],
    contact: { linkedinUrl?: string; country?: string; region?: string } = {},
    window?: WindowSpec,
    senderUserId = org.userId,
  ): Promise<{ sequenceId: string; handle: WorkflowHandle }> {
    const contactId = await insertContact(stack, org.organizationId, {
      email: `replay-${shortId()}@example.com`,
      firstName: 'Ada',
      companyName: 'Acme',
      ...contact,
    });
    const templateId = await insertTemplate(stack, org.organizationId, steps, { senderUserId, window });
    const sequenceId = await insertSequence(stack, org.organizationId, { contactId, templateId, senderUserId });
    const input: SequenceInput = { sequenceId, organizationId: org.organizationId };
    const handle = await env.client.workflow.start(SEQUENCE_WORKFLOW, {
      taskQueue,
      workflowId: sequenceWorkflowId(sequenceId),
      args: [input],
    });
    return { sequenceId, handle };
  }

  const firstSent = (sequenceId: string) => until(async () => (await messagesOf(stack, sequenceId)).length >= 1);
  const waitingFor = (handle: WorkflowHandle, kind: string) =>
    until(async () => (await handle.query(sequenceStatusQuery)).waitingFor === kind);
  const slotsOf = async (senderId: string) =>
    (
      await db()
        .selectFrom('sender_send_slots')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', senderId)
        .executeTakeFirstOrThrow()
    ).n;
  async function expectStatus(sequenceId: string, status: string): Promise<void> {
    const row = await sequenceRow(stack, sequenceId);
    if (row.status !== status) throw new Error(`unexpected sequence row ${row.status}/${row.stopped_reason}`);
  }
  const twoEmails: StepSpec[] = [
    { type: 'EMAIL', delay_days: 0, subject: 'One', body: 'one {{first_name}}' },
    { type: 'EMAIL', delay_days: 1, subject: 'Two', body: 'two' },
  ];

  /** The enrollment workflow of a contact whose email was never verified: the sandbox verification, then the enrollment. */
  async function recordEnrollment(name: string): Promise<void> {
    const contactId = await insertContact(stack, org.organizationId, {
      email: `enroll-${shortId()}@example.com`,
      firstName: 'Ada',
    });
    const templateId = await insertTemplate(stack, org.organizationId, twoEmails, { senderUserId: org.userId });
    const input: EnrollmentInput = {
      organizationId: org.organizationId,
      contactId,
      sequenceTemplateId: templateId,
      verifyTimeoutMs: 30_000,
    };
    const handle = await env.client.workflow.start(ENROLLMENT_WORKFLOW, {
      taskQueue,
      workflowId: enrollmentWorkflowId(org.organizationId, contactId, templateId),
      args: [input],
    });
    const result = (await handle.result()) as EnrollmentResult;
    if (result.outcome !== 'CREATED') throw new Error(`unexpected enrollment result ${JSON.stringify(result)}`);
    await save(name, handle);
  }

  /** What the API hands the sequence controls: an EntityManager and the workflow clients (`clients`: ones that fail to tell the run). */
  const controlDeps = (clients = workflows) => ({ em: stack.orm.em.fork(), workflows: clients });

  return {
    'sequence-completed': async () => {
      const { handle } = await sequence(
        [
          {
            type: 'EMAIL',
            delay_days: 0,
            subject: 'Hi {{first_name}}',
            body: 'Hello {{first_name}} at {{company_name}}.',
          },
          { type: 'LINKEDIN_INVITATION', delay_days: 1, body: 'Connect, {{first_name}}?' },
          { type: 'EMAIL', delay_days: 2, subject: 'Again', body: 'Following up, {{first_name}}.' },
        ],
        { linkedinUrl: `https://www.linkedin.com/in/ada-${shortId()}` },
      );
      await handle.result();
      await save('sequence-completed', handle);
    },
    // The API's pause and resume (the row changed, then the pauseState Update): a pause and its resume,
    // a pause until a time, and a second pause with a later time that does not reach the run (its step
    // finds the row paused; the first pause's end leaves it paused and the later one resumes it).
    'sequence-pause-state': async () => {
      const { sequenceId, handle } = await sequence(twoEmails);
      await firstSent(sequenceId);
      await pauseRun(controlDeps(), org.organizationId, sequenceId, {});
      await resumeRun(controlDeps(), org.organizationId, sequenceId);
      const now = await env.currentTimeMs();
      await pauseRun(controlDeps(), org.organizationId, sequenceId, {
        paused_until: new Date(now + 2 * DAY).toISOString(),
      });
      const untold = {
        ...workflows,
        sequence: {
          ...workflows.sequence,
          pauseState: async () => {
            throw DomainError.unavailable('not told, for the recording');
          },
        },
      };
      await pauseRun(controlDeps(untold), org.organizationId, sequenceId, {
        paused_until: new Date(now + 4 * DAY).toISOString(),
      });
      await handle.result();
      await save('sequence-pause-state', handle);
    },
    // The API's stop (the row ended, then the runChanged Signal: the run re-reads its row and ends).
    'sequence-stopped-win': async () => {
      const { sequenceId, handle } = await sequence([
        { type: 'EMAIL', delay_days: 0, subject: 'One', body: 'one' },
        { type: 'EMAIL', delay_days: 3, subject: 'Two', body: 'two' },
      ]);
      await firstSent(sequenceId);
      await stopRun(controlDeps(), org.organizationId, sequenceId, { reason: 'WIN', scope: 'CONTACT' });
      await handle.result();
      await expectStatus(sequenceId, 'SUCCEEDED');
      await save('sequence-stopped-win', handle);
    },
    // A PROSPECT window (weekdays 9 to 5 in New York, inferred from the contact's region) that skips US
    // holidays: the holiday calendar (an activity) and the window's timers.
    'sequence-prospect-holidays': async () => {
      const { handle } = await sequence(
        twoEmails,
        { country: 'US', region: 'NY' },
        {
          timezone: 'Europe/Paris',
          schedule: { days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], start_hour: 9, end_hour: 17 },
          windowTimezone: 'PROSPECT',
          skipHolidays: true,
        },
      );
      await handle.result();
      await save('sequence-prospect-holidays', handle);
    },
    // A paced sender (60–180 s between sends) with two runs due at once in a weekday window: the
    // second email reserves the slot after the first (at once when the window is closed) and its run
    // waits for it (SEND_SLOT, a durable timer) before the send.
    'sequence-paced-slot': async () => {
      const senderId = (
        await db()
          .insertInto('users')
          .values({
            id: randomUUID(),
            organization_id: org.organizationId,
            email: `paced-${shortId()}@example.com`,
            name: 'Paced',
            role: 'member',
            daily_send_limit: 200,
            hourly_send_limit: 30,
            min_send_gap_seconds: 60,
            max_send_gap_seconds: 180,
            created_at: new Date(),
            updated_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const window = { schedule: { days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], start_hour: 9, end_hour: 17 } };
      const oneEmail: StepSpec[] = [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'hi' }];
      const first = await sequence(oneEmail, {}, window, senderId);
      await until(async () => Number(await slotsOf(senderId)) === 1);
      const second = await sequence(oneEmail, {}, window, senderId);
      await waitingFor(second.handle, 'SEND_SLOT');
      await first.handle.result();
      await second.handle.result();
      await expectStatus(second.sequenceId, 'COMPLETED');
      await save('sequence-paced-slot', second.handle);
    },
    // An UNVERIFIED email: the sandbox verification (an activity), then the enrollment (a local activity) and the run's start.
    'enrollment-created': () => recordEnrollment('enrollment-created'),
    'sequence-replied-halted': async () => {
      // Step 1 sent; a reply classified OTHER halts the run (runChanged) until a person stops it WIN.
      const { sequenceId, handle } = await sequence(twoEmails);
      await firstSent(sequenceId);
      const [first] = await messagesOf(stack, sequenceId);
      const reply = await recordReply({ em: stack.orm.em.fork(), workflows }, org.organizationId, first.id, {
        body: 'Who are you?',
      });
      if (reply.reply_category !== 'OTHER' || reply.sequence?.status !== 'WAITING_FOR_USER')
        throw new Error(`unexpected reply ${reply.reply_category}/${reply.sequence?.status}`);
      await waitingFor(handle, 'PERSON');
      await env.sleep(3 * DAY); // past step 2's delay: it does not run while halted
      await stopRun(controlDeps(), org.organizationId, sequenceId, { reason: 'WIN', scope: 'CONTACT' });
      await handle.result();
      if ((await messagesOf(stack, sequenceId)).filter((m) => m.direction === 'OUTBOUND').length !== 1)
        throw new Error('step 2 ran while halted');
      await expectStatus(sequenceId, 'SUCCEEDED');
      await save('sequence-replied-halted', handle);
    },
    'sequence-template-held': async () => {
      // Step 1 sent; the template goes INACTIVE (runChanged), step 2 comes due and is HELD, ACTIVE again lets it run.
      const { sequenceId, handle } = await sequence(twoEmails);
      await firstSent(sequenceId);
      const [first] = await messagesOf(stack, sequenceId);
      const { sequence_template_id: templateId } = await db()
        .selectFrom('sequences')
        .select('sequence_template_id')
        .where('id', '=', sequenceId)
        .executeTakeFirstOrThrow();
      await updateTemplate(stack.orm.em.fork(), org.organizationId, templateId, { status: 'INACTIVE' }, workflows);
      await env.sleep(2 * DAY);
      await waitingFor(handle, 'TEMPLATE');
      if ((await messagesOf(stack, sequenceId)).length !== 1)
        throw new Error(`step 2 ran on an INACTIVE template (first ${first.id})`);
      await updateTemplate(stack.orm.em.fork(), org.organizationId, templateId, { status: 'ACTIVE' }, workflows);
      await handle.result();
      await expectStatus(sequenceId, 'COMPLETED');
      await save('sequence-template-held', handle);
    },
    // Steps with variants (an EMAIL step of three texts, weighted, and a LinkedIn invitation of two): the
    // run's variant of each step is drawn from its id and recorded with the step's effect and message.
    'sequence-variants': async () => {
      const { sequenceId, handle } = await sequence(
        [
          {
            type: 'EMAIL',
            delay_days: 0,
            subject: 'A {{first_name}}',
            body: 'Body A',
            variants: [
              { subject: 'B {{first_name}}', body: 'Body B' },
              { subject: 'C', body: 'Body C', weight: 2 },
            ],
          },
          { type: 'LINKEDIN_INVITATION', delay_days: 1, body: 'Connect, A?', variants: [{ body: 'Connect, B?' }] },
        ],
        { linkedinUrl: `https://www.linkedin.com/in/ada-${shortId()}` },
      );
      await handle.result();
      const recorded = await db()
        .selectFrom('messages')
        .select(['step_number', 'variant'])
        .where('sequence_id', '=', sequenceId)
        .orderBy('step_number')
        .execute();
      const weights = [
        [1, 1, 2],
        [1, 1],
      ];
      const expected = recorded.map((m) => ({
        ...m,
        variant: chooseVariant(sequenceId, m.step_number!, weights[m.step_number! - 1]),
      }));
      if (recorded.length === 0 || JSON.stringify(recorded) !== JSON.stringify(expected))
        throw new Error(`variants ${JSON.stringify(recorded)}, expected ${JSON.stringify(expected)}`);
      await expectStatus(sequenceId, 'COMPLETED');
      await save('sequence-variants', handle);
    },
  };
}
