// The text corpus through the worker: emoji at cut limits and lone surrogates that reach a workflow
// (CALL task titles, lead review, reply tasks, run variables, rendered emails) never wedge a run.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { isEndedStatus } from '../../domain/sequences/statuses.ts';
import { sandboxOutboundEmails } from '../../providers/mail/sandbox.ts';
import { enrollmentWorkflowId } from '../../workflows/enrollment.definitions.ts';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId, type SequenceInput } from '../../workflows/sequence.definitions.ts';
import { apiSuite, type TestOrg } from '../helpers/fixtures.ts';
import type { client } from '../helpers/http.ts';
import * as poll from '../helpers/poll.ts';
import {
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  sequenceRow,
  type StepSpec,
} from '../helpers/sequence-fixtures.ts';
import type { Stack } from '../helpers/stack.ts';
import { EMOJI, FAMILY, activityAttempts, codePoints, getAt, send, show } from '../helpers/text-corpus.ts';

const WAIT_MS = 20_000;

describe('text corpus through the worker', function () {
  this.timeout(180_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  /** Every workflow a test touched: ended after the file, so a wedged run does not keep the worker busy. */
  const touched = new Set<string>();

  before(async () => ({ stack, api, org } = await apiSuite()));

  after(async () => {
    await Promise.all(
      [...touched].map((id) =>
        stack.temporal.workflow
          .getHandle(id)
          .terminate('text corpus done')
          .catch(() => undefined),
      ),
    );
  });

  const email = () => `worker-${randomUUID().slice(0, 8)}@example.com`;

  /** `check`'s first non-null answer, polled every 200 ms for WAIT_MS; null when none came. */
  const eventually = <T>(check: () => Promise<T | null | undefined>) =>
    poll.eventually(check, { timeoutMs: WAIT_MS, intervalMs: 200 });

  /**
   * An activity of the workflows past its third attempt: a data error retried instead of failing the
   * step. An enrollment's database steps are local activities, whose retries no history shows: an
   * enrollment still running once its outcome was due counts instead.
   */
  async function attemptProblems(workflowIds: string[]): Promise<string[]> {
    const out: string[] = [];
    for (const id of workflowIds) {
      touched.add(id);
      for (const a of await activityAttempts(stack.temporal, id)) {
        if (a.attempt > 3)
          out.push(
            `${id}: ${a.activity} ${a.state} at attempt ${a.attempt}${a.failure ? ` (${show(a.failure, 240)})` : ''}`,
          );
      }
      if (id.startsWith('enrollment/')) {
        const status = await stack.temporal.workflow
          .getHandle(id)
          .describe()
          .then(
            (d) => d.status.name,
            () => 'NOT_FOUND',
          );
        if (status === 'RUNNING') out.push(`${id}: still running once its outcome was due (a database step retried?)`);
      }
    }
    return out;
  }

  /** A task title cut from `source`: well-formed, at most 200 code points, and a prefix of it (an ellipsis aside). */
  function titleProblems(title: unknown, source: string): string[] {
    if (typeof title !== 'string') return [`the title is ${show(title)}`];
    const out: string[] = [];
    if (!title.isWellFormed()) out.push(`the title is not well-formed: ${show(title.slice(-12))} at its end`);
    if (codePoints(title) > 200) out.push(`the title has ${codePoints(title)} code points (over 200)`);
    if (!source.startsWith(title.replace(/(…|\.\.\.)$/, '')))
      out.push(`the title ${show(title)} is not a prefix of ${show(source)}`);
    return out;
  }

  async function taskOf(sequenceId: string, type: string): Promise<Record<string, unknown> | null> {
    return eventually(async () => {
      const listed = await api.get(`/v1/tasks?sequence_id=${sequenceId}&types=${type}`, { key: org.apiKey });
      return (listed.body.items?.[0] as Record<string, unknown> | undefined) ?? null;
    });
  }

  /** POST /v1/sequences; the sequence it wrote (at once, or found later after a 202). */
  async function enroll(
    contactId: string,
    templateId: string,
  ): Promise<{ problems: string[]; sequence: Record<string, unknown> | null }> {
    const answer = await send(
      stack.url,
      org.apiKey,
      'POST',
      '/v1/sequences',
      { contact_id: contactId, sequence_template_id: templateId },
      30_000,
    );
    if (answer.status !== 201 && answer.status !== 202)
      return {
        problems: [`POST /v1/sequences answered ${answer.error ?? answer.status}: ${show(answer.text, 400)}`],
        sequence: null,
      };
    const sequence =
      answer.status === 201
        ? (answer.body as Record<string, unknown>)
        : await eventually(async () => {
            const listed = await api.get(`/v1/sequences?contact_id=${contactId}`, { key: org.apiKey });
            return (listed.body.items?.[0] as Record<string, unknown> | undefined) ?? null;
          });
    return {
      problems: sequence ? [] : [`POST /v1/sequences answered 202 and no sequence appeared within ${WAIT_MS / 1000} s`],
      sequence,
    };
  }

  async function template(body: Record<string, unknown>): Promise<string> {
    const created = await api.post('/v1/sequence-templates', { key: org.apiKey, body: { status: 'ACTIVE', ...body } });
    assert.equal(created.status, 201, created.text);
    return created.body.id;
  }

  /** A running sequence of `steps` (rows written as enrollment would) with its workflow started. */
  async function running(
    steps: StepSpec[],
    firstName: string,
    address = email(),
  ): Promise<{ sequenceId: string; contactId: string; email: string }> {
    const contactId = await insertContact(stack, org.organizationId, { email: address, firstName });
    const templateId = await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId });
    const sequenceId = await insertSequence(stack, org.organizationId, {
      contactId,
      templateId,
      senderUserId: org.userId,
    });
    const input: SequenceInput = { sequenceId, organizationId: org.organizationId };
    await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, {
      taskQueue: stack.taskQueue,
      workflowId: sequenceWorkflowId(sequenceId),
      args: [input],
    });
    touched.add(sequenceWorkflowId(sequenceId));
    return { sequenceId, contactId, email: address };
  }

  // With a deadline: a wedged run may never answer its stop Update.
  const stop = (sequenceId: string) =>
    send(
      stack.url,
      org.apiKey,
      'POST',
      `/v1/sequences/${sequenceId}/stop`,
      { reason: 'LOSE', scope: 'CONTACT' },
      5_000,
    );

  for (const [label, body] of [
    ['199 ASCII + an emoji', `${'c'.repeat(199)}${EMOJI}`],
    ['10,000 characters', 'd'.repeat(10_000)],
  ]) {
    it(`when a CALL step's body is ${label}, then its task appears with a well-formed title of at most 200 code points`, async () => {
      const templateId = await template({ name: `CALL ${label}`, steps: [{ type: 'CALL', delay_days: 0, body }] });
      const contact = await api.post('/v1/contacts', { key: org.apiKey, body: { email: email(), first_name: 'Cal' } });
      assert.equal(contact.status, 201, contact.text);
      const { problems, sequence } = await enroll(contact.body.id, templateId);
      const workflows = [enrollmentWorkflowId(org.organizationId, contact.body.id, templateId)];
      if (sequence) {
        workflows.push(sequenceWorkflowId(String(sequence.id)));
        const task = await taskOf(String(sequence.id), 'CALL');
        if (task) problems.push(...titleProblems(task.title, body));
        else
          problems.push(
            `no CALL task within ${WAIT_MS / 1000} s; the sequence is ${(await sequenceRow(stack, String(sequence.id))).status}`,
          );
        await stop(String(sequence.id));
      }
      problems.push(...(await attemptProblems(workflows)));
      assert.equal(problems.length, 0, problems.join('\n'));
    });
  }

  it("when a lead-review template's name is 179 characters + an emoji, then POST /v1/sequences gives a FOUND sequence and its review task", async () => {
    const name = `${'n'.repeat(179)}${EMOJI}`;
    // "Review lead Ada for " is 20 characters: the emoji's pair sits across the 200th code unit.
    const templateId = await template({
      name,
      requires_lead_review: true,
      steps: [{ type: 'CALL', delay_days: 0, body: 'Call' }],
    });
    const contact = await api.post('/v1/contacts', { key: org.apiKey, body: { email: email(), first_name: 'Ada' } });
    assert.equal(contact.status, 201, contact.text);
    const { problems, sequence } = await enroll(contact.body.id, templateId);
    if (sequence) {
      if (sequence.status !== 'FOUND') problems.push(`the sequence is ${String(sequence.status)}, not FOUND`);
      const task = await taskOf(String(sequence.id), 'NEW_LEAD_REVIEW');
      if (task) problems.push(...titleProblems(task.title, `Review lead Ada for ${name}`));
      else problems.push(`no NEW_LEAD_REVIEW task within ${WAIT_MS / 1000} s`);
    }
    problems.push(...(await attemptProblems([enrollmentWorkflowId(org.organizationId, contact.body.id, templateId)])));
    assert.equal(problems.length, 0, problems.join('\n'));
  });

  it('when a contact whose first name is long and ends in an emoji replies, then 200 and the reply task has a well-formed title', async () => {
    // "Reply to " is 9 characters: the emoji's pair sits across the 200th code unit.
    const firstName = `${'r'.repeat(190)}${EMOJI}`;
    const run = await running(
      [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello {{first_name}}' },
        { type: 'EMAIL', delay_days: 3, subject: 'Again', body: 'Again' },
      ],
      firstName,
    );
    const problems: string[] = [];
    const message = await eventually(async () => (await messagesOf(stack, run.sequenceId))[0]);
    if (!message)
      problems.push(
        `the first email was not sent within ${WAIT_MS / 1000} s; the sequence is ${(await sequenceRow(stack, run.sequenceId)).status}`,
      );
    else {
      const replied = await send(stack.url, org.apiKey, 'POST', `/v1/test-helpers/messages/${message.id}/reply`, {
        body: 'Could you send the deck over?',
      });
      if (replied.status !== 200)
        problems.push(`the reply answered ${replied.error ?? replied.status}: ${show(replied.text, 400)}`);
      else {
        const taskId = getAt(replied.body, 'task_id');
        const task = taskId ? await api.get(`/v1/tasks/${String(taskId)}`, { key: org.apiKey }) : null;
        if (!task || task.status !== 200)
          problems.push(
            `no reply task (task_id ${show(taskId)}, reply_category ${show(getAt(replied.body, 'reply_category'))})`,
          );
        else problems.push(...titleProblems(task.body.title, `Reply to ${firstName}`));
      }
    }
    await stop(run.sequenceId);
    problems.push(...(await attemptProblems([sequenceWorkflowId(run.sequenceId)])));
    assert.equal(problems.length, 0, problems.join('\n'));
  });

  it("when a run's variables get a lone surrogate, then 400 naming it within a few seconds and the run still takes variables; emoji variables are stored exactly", async () => {
    const later: StepSpec[] = [{ type: 'EMAIL', delay_days: 30, subject: 'Later', body: 'Later {{k}}' }];
    const [wedge, plain] = [await running(later, 'Vera'), await running(later, 'Vic')];
    const problems: string[] = [];
    const lone = await send(
      stack.url,
      org.apiKey,
      'PATCH',
      `/v1/sequences/${wedge.sequenceId}`,
      { variables: { k: 'v\ud800' } },
      10_000,
    );
    const paths = ((getAt(lone.body, 'data.errors') as { path: string }[] | undefined) ?? []).map((e) => e.path);
    if (lone.status !== 400 || !paths.includes('variables.k'))
      problems.push(
        `lone surrogate: ${lone.error ?? lone.status} ${show(lone.text, 300)} (expected 400 naming variables.k)`,
      );
    if (lone.ms > 5_000) problems.push(`lone surrogate: answered after ${lone.ms} ms`);
    const after = await send(
      stack.url,
      org.apiKey,
      'PATCH',
      `/v1/sequences/${wedge.sequenceId}`,
      { variables: { k: `fine ${EMOJI}` } },
      10_000,
    );
    if (after.status !== 200)
      problems.push(`the same run afterwards: ${after.error ?? after.status} ${show(after.text, 300)}`);

    // Two requests: the one at the 10,000 code point limit (10,001 UTF-16 units) apart from the others.
    const sets = [
      { family: FAMILY, marks: 'e\u0301 \u200fabc \u202edef', cut: `${'y'.repeat(199)}${EMOJI}` },
      { limit: `${'x'.repeat(9_999)}${EMOJI}` },
    ];
    for (const variables of sets) {
      const patched = await send(
        stack.url,
        org.apiKey,
        'PATCH',
        `/v1/sequences/${plain.sequenceId}`,
        { variables },
        10_000,
      );
      if (patched.status !== 200)
        problems.push(
          `emoji variables ${Object.keys(variables).join(', ')}: ${patched.error ?? patched.status} ${show(patched.text, 300)}`,
        );
      const stored = (await api.get(`/v1/sequences/${plain.sequenceId}`, { key: org.apiKey })).body.variables as
        Record<string, string> | undefined;
      for (const [key, value] of Object.entries(variables)) {
        if (stored?.[key] !== value)
          problems.push(`emoji variables: ${key} stored ${show(stored?.[key])} instead of ${show(value)}`);
      }
    }
    await Promise.all([stop(wedge.sequenceId), stop(plain.sequenceId)]);
    problems.push(
      ...(await attemptProblems([sequenceWorkflowId(wedge.sequenceId), sequenceWorkflowId(plain.sequenceId)])),
    );
    assert.equal(problems.length, 0, problems.join('\n'));
  });

  it('when an EMAIL step renders a first name cut by Liquid filters (split into UTF-16 units, truncate), then it is sent once with its message row, or the run ends visibly', async () => {
    // split: "" cuts into UTF-16 code units: its first element is the emoji's lone high surrogate.
    const steps: StepSpec[] = [
      {
        type: 'EMAIL',
        delay_days: 0,
        subject: 'Hi {{ first_name | truncate: 5 }}',
        body: 'Hello {{ first_name | truncate: 5 }} / {{ first_name | split: "" | first }}!',
      },
      { type: 'EMAIL', delay_days: 3, subject: 'Again', body: 'Again' },
    ];
    const run = await running(steps, `${EMOJI}bcdef${EMOJI}`);
    const problems: string[] = [];
    const outcome = await eventually(async () => {
      const [message] = await messagesOf(stack, run.sequenceId);
      if (message) return { message };
      const row = await sequenceRow(stack, run.sequenceId);
      return isEndedStatus(row.status) ? { ended: `${row.status} (${row.stopped_reason ?? 'no reason'})` } : null;
    });
    const sent = await sandboxOutboundEmails(stack.orm, { toEmail: run.email });
    if (!outcome)
      problems.push(
        `neither a message row nor an ended run within ${WAIT_MS / 1000} s; the sequence is ${(await sequenceRow(stack, run.sequenceId)).status}, ${sent.length} email(s) in the outbox`,
      );
    else if ('message' in outcome) {
      if (sent.length !== 1)
        problems.push(`the message row exists and the outbox holds ${sent.length} emails (expected exactly 1)`);
    } else if (sent.length > 1)
      problems.push(`the run ended ${outcome.ended} and the outbox holds ${sent.length} emails`);
    const row = await sequenceRow(stack, run.sequenceId);
    if (!isEndedStatus(row.status)) await stop(run.sequenceId);
    problems.push(...(await attemptProblems([sequenceWorkflowId(run.sequenceId)])));
    assert.equal(problems.length, 0, problems.join('\n'));
  });
});
