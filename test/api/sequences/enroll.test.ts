// The one enrollment (domain/sequences/enrollment/enroll.ts) as the callers inside a durable step
// run it (list auto-enrollment, signals, playbooks: enrollInStep), and the email verification the
// enrollment workflow runs before it: the row and its start command commit together and the step
// returns after the start; a retry under the same run id answers the same row; an email to verify
// is handed to the enrollment workflow and nothing is written; the verification retries the
// verifier under the policy, and a verifier that stays down leaves the email UNVERIFIED and usable.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { enroll, enrollInStep, type EnrollmentDeps } from '../../../domain/sequences/enrollment/enroll.ts';
import { VERIFY_POLICY, verifyAttemptTimeoutMs, verifyBackoffMs } from '../../../domain/sequences/enrollment/policy.ts';
import { verifyContactEmail } from '../../../domain/sequences/enrollment/verification.ts';
import { DomainError } from '../../../domain/shared/errors.ts';
import type { EmailVerifier } from '../../../providers/verifier/index.ts';
import { createProviders } from '../../../providers/index.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import type { EnrollmentInput } from '../../../workflows/enrollment.definitions.ts';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('the one enrollment', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let templateId: string;
  let counter = 0;
  const db = () => stack.orm.em.fork().getKysely();

  /** The deps of a caller inside a durable step, with Temporal stood in for: the runs it starts and the enrollments it hands over are recorded. */
  function recording() {
    const started: string[] = [];
    const handedOver: { input: EnrollmentInput; waitMs: number }[] = [];
    const workflows = createWorkflowClients(stack.temporal, 'enroll-test');
    const deps: EnrollmentDeps = {
      directory: createProviders({ orm: stack.orm, config: stack.config }).directory,
      workflows: {
        ...workflows,
        sequence: {
          ...workflows.sequence,
          start: async (_organizationId, run) => {
            started.push(sequenceWorkflowId(run.sequenceId));
          },
        },
        enrollment: {
          enroll: async (input, waitMs) => {
            handedOver.push({ input, waitMs });
            return { runId: 'enrollment-run', result: null };
          },
        },
      },
      slowVerifyMs: 10,
    };
    return { deps, started, handedOver };
  }

  async function newContact(
    emailStatus: string,
    email = `step${++counter}-${randomUUID()}@enroll-example.com`,
  ): Promise<string> {
    const response = await api.post('/v1/contacts', { key: org.apiKey, body: { email, first_name: 'Ada' } });
    assert.equal(response.status, 201, response.text);
    await sql`UPDATE contacts SET email_status = ${emailStatus} WHERE id = ${response.body.id}`.execute(db());
    return response.body.id;
  }

  const input = (contactId: string) => ({
    organizationId: org.organizationId,
    contactId,
    sequenceTemplateId: templateId,
    enrollmentRunId: `enroll-test/${randomUUID()}`,
  });
  const rowsOf = async (contactId: string) =>
    (
      await sql<{ id: string; status: string; stopped_reason: string | null; enrollment_run_id: string }>`
    SELECT id, status, stopped_reason, enrollment_run_id FROM sequences WHERE contact_id = ${contactId}`.execute(db())
    ).rows;
  const commandsOf = async (sequenceId: string) =>
    (
      await sql<{ kind: string; status: string }>`
    SELECT kind, status FROM workflow_commands WHERE workflow_id = ${sequenceWorkflowId(sequenceId)}`.execute(db())
    ).rows;
  const emailStatus = async (contactId: string) =>
    (await sql<{ email_status: string }>`SELECT email_status FROM contacts WHERE id = ${contactId}`.execute(db()))
      .rows[0].email_status;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Enroll Org');
    const template = await api.post('/v1/sequence-templates', {
      key: org.apiKey,
      body: {
        name: 'Enroll',
        status: 'ACTIVE',
        steps: [{ type: 'EMAIL', delay_days: 1, subject: 'Hi', body: 'Hello' }],
      },
    });
    assert.equal(template.status, 201, template.text);
    templateId = template.body.id;
  });

  describe('enrollInStep (a caller inside a durable step)', () => {
    it('when the email was verified before, then the row and its start command commit together and the step returns once the run is started; a retry under the same run id answers the same row and starts nothing more', async () => {
      const contactId = await newContact('DELIVERABLE');
      const { deps, started, handedOver } = recording();
      const run = input(contactId);
      const result = await enrollInStep(stack.orm.em.fork(), deps, run);
      assert.equal(result?.outcome, 'CREATED');
      assert.deepEqual(started, [sequenceWorkflowId(result.sequenceId)], 'started before the step returned');
      assert.deepEqual(await commandsOf(result.sequenceId), [{ kind: 'START_SEQUENCE', status: 'DONE' }]);
      assert.deepEqual(
        (await rowsOf(contactId)).map((r) => [r.id, r.status, r.enrollment_run_id]),
        [[result.sequenceId, 'ACTIVE', run.enrollmentRunId]],
      );

      const again = await enrollInStep(stack.orm.em.fork(), deps, run);
      assert.deepEqual(again, result);
      assert.equal(started.length, 1);
      assert.equal((await rowsOf(contactId)).length, 1);
      assert.deepEqual(handedOver, []);
    });

    it("when the email was never verified, then nothing is written and the enrollment is handed to the enrollment workflow with the caller's run id and source entry, not waited for", async () => {
      const contactId = await newContact('UNVERIFIED');
      const { deps, started, handedOver } = recording();
      const run = { ...input(contactId), sourceContactEntryId: randomUUID() };
      assert.equal(await enrollInStep(stack.orm.em.fork(), deps, run), null);
      assert.deepEqual(handedOver, [
        {
          input: {
            organizationId: org.organizationId,
            contactId,
            sequenceTemplateId: templateId,
            verifyTimeoutMs: verifyAttemptTimeoutMs(10),
            enrollmentRunId: run.enrollmentRunId,
            sourceContactEntryId: run.sourceContactEntryId,
          },
          waitMs: 0,
        },
      ]);
      assert.deepEqual(await rowsOf(contactId), []);
      assert.deepEqual(started, []);
    });

    it('when the caller waits (a playbook run), then the hand-over is waited for up to the time given', async () => {
      const contactId = await newContact('UNVERIFIED');
      const { deps, handedOver } = recording();
      assert.equal(await enrollInStep(stack.orm.em.fork(), deps, input(contactId), 1234), null);
      assert.deepEqual(
        handedOver.map((h) => h.waitMs),
        [1234],
      );
    });

    it('when the entry the enrollment comes from was deleted, then nothing is written and the enrollment fails as not found', async () => {
      const contactId = await newContact('DELIVERABLE');
      const { deps, started } = recording();
      await assert.rejects(
        enrollInStep(stack.orm.em.fork(), deps, { ...input(contactId), sourceContactEntryId: randomUUID() }),
        (error: unknown) =>
          error instanceof DomainError && error.kind === 'not_found' && /Contact entry/.test(error.message),
      );
      assert.deepEqual(await rowsOf(contactId), []);
      assert.deepEqual(started, []);
    });
  });

  describe("enroll after the verification (the enrollment workflow's step)", () => {
    it('when the verifier stayed down (the email still UNVERIFIED), then the email counts as usable: CREATED', async () => {
      const contactId = await newContact('UNVERIFIED');
      const { deps, started } = recording();
      const enrolled = await enroll(stack.orm.em.fork(), deps, { ...input(contactId), verificationDone: true });
      assert.ok(!enrolled.verificationDue);
      await enrolled.started;
      assert.equal(enrolled.result.outcome, 'CREATED');
      assert.deepEqual(started, [sequenceWorkflowId(enrolled.result.sequenceId)]);
    });

    it('when the verification found the email UNDELIVERABLE, then a REFUSED row with EMAIL_UNDELIVERABLE and nothing to start', async () => {
      const contactId = await newContact('UNDELIVERABLE');
      const { deps, started } = recording();
      const enrolled = await enroll(stack.orm.em.fork(), deps, { ...input(contactId), verificationDone: true });
      assert.ok(!enrolled.verificationDue);
      await enrolled.started;
      assert.deepEqual([enrolled.result.outcome, enrolled.result.reason], ['REFUSED', 'EMAIL_UNDELIVERABLE']);
      assert.deepEqual(
        (await rowsOf(contactId)).map((r) => [r.status, r.stopped_reason]),
        [['REFUSED', 'EMAIL_UNDELIVERABLE']],
      );
      assert.deepEqual(await commandsOf(enrolled.result.sequenceId), []);
      assert.deepEqual(started, []);
    });
  });

  describe('the email verification (verifyContactEmail)', () => {
    const options = (extra: { sleep?: (ms: number) => Promise<void> } = {}) => ({ attemptTimeoutMs: 1000, ...extra });

    it("when the verifier fails every attempt, then it is asked as often as the policy says with the policy's pauses, and the email stays UNVERIFIED (VERIFIER_DOWN)", async () => {
      const contactId = await newContact('UNVERIFIED');
      let asked = 0;
      const pauses: number[] = [];
      const down: EmailVerifier = {
        verify: async () => {
          asked++;
          throw new Error('verifier unavailable');
        },
      };
      const outcome = await verifyContactEmail(
        stack.orm.em.fork(),
        down,
        org.organizationId,
        contactId,
        options({
          sleep: async (ms) => {
            pauses.push(ms);
          },
        }),
      );
      assert.deepEqual(outcome, { outcome: 'VERIFIER_DOWN', error: 'verifier unavailable' });
      assert.equal(asked, VERIFY_POLICY.attempts);
      assert.deepEqual(pauses, [1, 2, 3, 4].map(verifyBackoffMs));
      assert.equal(await emailStatus(contactId), 'UNVERIFIED');
    });

    it('when the verifier fails and then answers, then the answer is stored', async () => {
      const contactId = await newContact('UNVERIFIED');
      let asked = 0;
      const flaky: EmailVerifier = {
        verify: async () => {
          if (++asked < 3) throw new Error('timeout');
          return { status: 'UNDELIVERABLE', reason: 'MAILBOX_NOT_FOUND', provider: 'test' };
        },
      };
      assert.deepEqual(
        await verifyContactEmail(
          stack.orm.em.fork(),
          flaky,
          org.organizationId,
          contactId,
          options({ sleep: async () => {} }),
        ),
        { outcome: 'VERIFIED', status: 'UNDELIVERABLE' },
      );
      assert.equal(asked, 3);
      assert.equal(await emailStatus(contactId), 'UNDELIVERABLE');
    });

    it("when storing the verifier's answer fails, then the error is thrown, not taken for a dead verifier", async () => {
      const contactId = await newContact('UNVERIFIED');
      // A status the column's check refuses stands in for the database failing the write.
      const refused: EmailVerifier = {
        verify: async () => ({ status: 'NOT_A_STATUS' as 'DELIVERABLE', reason: null, provider: 'test' }),
      };
      await assert.rejects(verifyContactEmail(stack.orm.em.fork(), refused, org.organizationId, contactId, options()));
      assert.equal(await emailStatus(contactId), 'UNVERIFIED');
    });

    it('when the email was verified meanwhile, then the verifier is not asked', async () => {
      const contactId = await newContact('DELIVERABLE');
      const never: EmailVerifier = {
        verify: async () => {
          throw new Error('asked');
        },
      };
      assert.deepEqual(await verifyContactEmail(stack.orm.em.fork(), never, org.organizationId, contactId, options()), {
        outcome: 'NOT_NEEDED',
        status: 'DELIVERABLE',
      });
    });
  });
});
