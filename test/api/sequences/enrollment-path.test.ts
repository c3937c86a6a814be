// The one enrollment path (domain/sequences/enrollment) as list auto-enrollment, signals and
// playbooks run it: the verifier is retried under the policy, a verifier that stays down leaves the
// email usable and is reported, a refusal writes a REFUSED row, and a database failure is thrown
// (the caller's durable step retries it) rather than taken for a dead verifier.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { enrollContact, type EnrollmentDeps } from '../../../domain/sequences/enrollment/enroll-contact.ts';
import { VERIFY_POLICY, verifyBackoffMs } from '../../../domain/sequences/enrollment-policy.ts';
import type { EmailVerifier } from '../../../providers/verifier/index.ts';
import { createProviders } from '../../../providers/index.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('the enrollment path', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let templateId: string;
  let counter = 0;
  const db = () => stack.orm.em.fork().getKysely();

  /** Records the sequence workflows the path would start (no worker runs them here). */
  function recordingWorkflows(started: string[]): EnrollmentDeps['workflows'] {
    const workflows = createWorkflowClients(stack.temporal, 'enrollment-path');
    return { ...workflows, sequence: { ...workflows.sequence, start: async (_organizationId, run) => { started.push(sequenceWorkflowId(run.sequenceId)); } } };
  }

  function deps(verifier: EmailVerifier, started: string[], extra: Partial<EnrollmentDeps> = {}): EnrollmentDeps {
    const providers = createProviders({ orm: stack.orm, config: stack.config });
    return { directory: providers.directory, verifier, workflows: recordingWorkflows(started), slowVerifyMs: 10, ...extra };
  }

  async function newContact(email: string): Promise<string> {
    const response = await api.post('/v1/contacts', { key: org.apiKey, body: { email, first_name: 'Ada' } });
    assert.equal(response.status, 201, response.text);
    return response.body.id;
  }

  const input = (contactId: string) => ({ organizationId: org.organizationId, contactId, sequenceTemplateId: templateId, enrollmentRunId: `path-test/${randomUUID()}` });
  const emailStatus = async (contactId: string) =>
    (await sql<{ email_status: string }>`SELECT email_status FROM contacts WHERE id = ${contactId}`.execute(db())).rows[0].email_status;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Enrollment Path Org');
    const template = await api.post('/v1/sequence-templates', {
      key: org.apiKey, body: { name: 'Path', status: 'ACTIVE', steps: [{ type: 'EMAIL', delay_days: 1, subject: 'Hi', body: 'Hello' }] },
    });
    assert.equal(template.status, 201, template.text);
    templateId = template.body.id;
  });

  it('when the verifier fails every attempt, then it is asked as often as the policy says, the email stays UNVERIFIED and usable, and it is reported', async () => {
    const contactId = await newContact(`down${++counter}@path-example.com`);
    let asked = 0;
    const pauses: number[] = [];
    const warnings: string[] = [];
    const started: string[] = [];
    const down: EmailVerifier = { verify: async () => { asked++; throw new Error('verifier unavailable'); } };
    const result = await enrollContact(stack.orm.em.fork(), deps(down, started, {
      sleep: async (ms) => { pauses.push(ms); }, logger: { warn: (_o: unknown, message: string) => { warnings.push(message); } } as EnrollmentDeps['logger'],
    }), input(contactId));
    assert.equal(result.outcome, 'CREATED');
    assert.equal(asked, VERIFY_POLICY.attempts);
    assert.deepEqual(pauses, [1, 2, 3, 4].map(verifyBackoffMs));
    assert.equal(await emailStatus(contactId), 'UNVERIFIED');
    assert.equal(warnings.length, 1);
    assert.deepEqual(started, [`sequence/${result.sequenceId}`]);
  });

  it('when the verifier fails and then answers, then the answer is stored and decides the enrollment', async () => {
    const contactId = await newContact(`flaky${++counter}@path-example.com`);
    let asked = 0;
    const flaky: EmailVerifier = {
      verify: async () => {
        if (++asked < 3) throw new Error('timeout');
        return { status: 'UNDELIVERABLE', reason: 'MAILBOX_NOT_FOUND', provider: 'test' };
      },
    };
    const started: string[] = [];
    const result = await enrollContact(stack.orm.em.fork(), deps(flaky, started, { sleep: async () => {} }), input(contactId));
    assert.equal(asked, 3);
    assert.deepEqual([result.outcome, result.reason], ['REFUSED', 'EMAIL_UNDELIVERABLE']);
    assert.equal(await emailStatus(contactId), 'UNDELIVERABLE');
    const row = await sql<{ status: string; stopped_reason: string }>`SELECT status, stopped_reason FROM sequences WHERE id = ${result.sequenceId}`.execute(db());
    assert.deepEqual(row.rows[0], { status: 'REFUSED', stopped_reason: 'EMAIL_UNDELIVERABLE' });
    assert.deepEqual(started, []);
  });

  it('when storing the verifier\'s answer fails, then the error is thrown, not taken for a dead verifier, and a retry under the same run id enrolls once', async () => {
    const contactId = await newContact(`store${++counter}@path-example.com`);
    const run = input(contactId);
    const started: string[] = [];
    const answering: EmailVerifier = { verify: async () => ({ status: 'DELIVERABLE', reason: null, provider: 'test' }) };
    // A status the column's check refuses stands in for the database failing the write.
    const refused: EmailVerifier = { verify: async () => ({ status: 'NOT_A_STATUS' as 'DELIVERABLE', reason: null, provider: 'test' }) };
    await assert.rejects(enrollContact(stack.orm.em.fork(), deps(refused, started), run));
    assert.equal(await emailStatus(contactId), 'UNVERIFIED');
    const first = await enrollContact(stack.orm.em.fork(), deps(answering, started), run);
    const again = await enrollContact(stack.orm.em.fork(), deps(answering, started), run);
    assert.equal(first.outcome, 'CREATED');
    assert.equal(again.sequenceId, first.sequenceId);
    assert.equal(await emailStatus(contactId), 'DELIVERABLE');
  });
});
