// POST /v1/sequences answers at commit when no email verification is due: the row and its
// START_SEQUENCE outbox command are one transaction, and the command's delivery (the sequence
// workflow's start) runs after the answer, never before it. A start that fails leaves the command
// due with its error; a process that dies between the commit and the start leaves it untried; in
// both cases the drain starts the run (after the fast path's grace for an untried one).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { sql } from 'kysely';
import { pino } from 'pino';
import { createApp } from '../../../api/app.ts';
import { KeyStore } from '../../../api/key-store.ts';
import { enroll } from '../../../domain/sequences/enrollment/enroll.ts';
import { drainCommands } from '../../../domain/workflow-commands/deliver.ts';
import { FAST_PATH_GRACE_MS } from '../../../domain/workflow-commands/outbox.ts';
import { createProviders } from '../../../providers/index.ts';
import { createWorkflowClients, type WorkflowClients } from '../../../workflows/clients.ts';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { terminateSequenceWorkflows, until } from '../../helpers/sequence-fixtures.ts';

interface CommandRow {
  kind: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  next_attempt_at: string;
}

/** The stack's Temporal client, except that a workflow start waits for `gate` and then fails (Temporal unreachable). */
function gatedTemporal(real: Client, gate: Promise<void>): Client {
  const workflow = Object.create(real.workflow, {
    start: {
      value: async () => {
        await gate;
        throw new Error('Temporal is unreachable');
      },
    },
  }) as Client['workflow'];
  return Object.create(real, { workflow: { value: workflow } }) as Client;
}

describe('enrollment answered at commit', function () {
  this.timeout(60_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let templateId: string;
  let workflows: WorkflowClients;
  const started: string[] = [];
  const db = () => stack.orm.em.fork().getKysely();

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'At Commit Org');
    workflows = createWorkflowClients(stack.temporal, stack.config.temporalTaskQueue);
    const template = await api.post('/v1/sequence-templates', {
      key: org.apiKey,
      body: {
        name: 'At commit',
        status: 'ACTIVE',
        steps: [{ type: 'EMAIL', delay_days: 3, subject: 'Hi', body: 'Hello' }],
      },
    });
    assert.equal(template.status, 201, template.text);
    templateId = template.body.id;
  });
  after(() => terminateSequenceWorkflows(stack, started, 'at-commit test cleanup'));

  async function newContact(emailStatus: 'DELIVERABLE' | 'UNVERIFIED'): Promise<string> {
    const response = await api.post('/v1/contacts', {
      key: org.apiKey,
      body: { email: `commit-${randomUUID()}@at-commit-example.com`, first_name: 'Ada' },
    });
    assert.equal(response.status, 201, response.text);
    await sql`UPDATE contacts SET email_status = ${emailStatus} WHERE id = ${response.body.id}`.execute(db());
    return response.body.id;
  }

  const commandOf = async (sequenceId: string) =>
    (
      await sql<CommandRow>`
    SELECT kind, status, attempts, last_error, created_at, next_attempt_at FROM workflow_commands WHERE workflow_id = ${sequenceWorkflowId(sequenceId)}`.execute(
        db(),
      )
    ).rows;
  const hasWorkflow = (sequenceId: string) =>
    stack.temporal.workflow
      .getHandle(sequenceWorkflowId(sequenceId))
      .describe()
      .then(
        () => true,
        () => false,
      );
  /** The drain's passes over this organization's due commands (not `all`: only what is due), until the run's workflow exists. */
  const drainedUntilStarted = (sequenceId: string) =>
    until(
      async () => {
        await drainCommands(stack.orm.em.fork(), { workflows }, 10, { organizationId: org.organizationId });
        return hasWorkflow(sequenceId);
      },
      { timeoutMs: 20_000, what: 'the drain to start the run' },
    );

  it("when the sequence workflow's start has not answered, then the API still answers 201 with the ACTIVE row; the start then fails, the command stays due with the error, and the drain starts the run", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const logger = pino({ level: 'silent' });
    const keys = new KeyStore(stack.orm, { ttlMs: 1000, flushMs: 60_000, logger });
    const { app } = createApp({
      config: stack.config,
      orm: stack.orm,
      temporal: gatedTemporal(stack.temporal, gate),
      logger,
      keys,
      providers: createProviders({ orm: stack.orm, config: stack.config }),
    });
    const server: Server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const gatedApi = client(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
      const contactId = await newContact('DELIVERABLE');
      // Were the request waiting for the start, it would wait for the gate, which opens only after the answer.
      const response = await gatedApi.post('/v1/sequences', {
        key: org.apiKey,
        body: { contact_id: contactId, sequence_template_id: templateId },
      });
      assert.equal(response.status, 201, response.text);
      assert.equal(response.body.status, 'ACTIVE', 'the 201 body: the row as committed');
      const sequenceId: string = response.body.id;
      started.push(sequenceId);
      assert.equal((await api.get(`/v1/sequences/${sequenceId}`, { key: org.apiKey })).body.status, 'ACTIVE');
      const [inFlight] = await commandOf(sequenceId);
      assert.deepEqual(
        [inFlight.kind, inFlight.status, inFlight.attempts],
        ['START_SEQUENCE', 'PENDING', 0],
        'its start is under way, not answered',
      );

      release();
      await until(async () => (await commandOf(sequenceId))[0].attempts === 1, { what: 'the failed start recorded' });
      const [failed] = await commandOf(sequenceId);
      assert.equal(failed.status, 'PENDING');
      assert.match(failed.last_error ?? '', /unreachable/);
      assert.equal(await hasWorkflow(sequenceId), false);

      await drainedUntilStarted(sequenceId);
      assert.deepEqual(
        (await commandOf(sequenceId)).map((c) => c.status),
        ['DONE'],
      );
    } finally {
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      });
      await keys.close();
    }
  });

  it("when the process dies between the commit and the start, then the command stays untried for the fast path's grace and the drain starts the run once it is due", async () => {
    const contactId = await newContact('DELIVERABLE');
    // A start that never answers: nothing after the commit happens, as if the process had died there.
    const dead: WorkflowClients = {
      ...workflows,
      sequence: { ...workflows.sequence, start: () => new Promise<never>(() => {}) },
    };
    const enrolled = await enroll(
      stack.orm.em.fork(),
      { directory: createProviders({ orm: stack.orm, config: stack.config }).directory, workflows: dead },
      { organizationId: org.organizationId, contactId, sequenceTemplateId: templateId },
    );
    assert.ok(!enrolled.verificationDue);
    assert.equal(enrolled.result.outcome, 'CREATED');
    const sequenceId = enrolled.result.sequenceId;
    started.push(sequenceId);
    const [untried] = await commandOf(sequenceId);
    assert.deepEqual([untried.status, untried.attempts], ['PENDING', 0]);
    assert.equal(
      new Date(untried.next_attempt_at).getTime() - new Date(untried.created_at).getTime(),
      FAST_PATH_GRACE_MS,
      'left to its fast path, then due for the drain',
    );

    // Within the grace the drain leaves it alone.
    await drainCommands(stack.orm.em.fork(), { workflows }, 10, { organizationId: org.organizationId });
    assert.deepEqual(
      (await commandOf(sequenceId)).map((c) => [c.status, c.attempts]),
      [['PENDING', 0]],
    );
    // The grace passes (the clock moved on by it): the drain delivers it.
    await sql`UPDATE workflow_commands SET created_at = created_at - make_interval(secs => ${FAST_PATH_GRACE_MS / 1000}), next_attempt_at = now()
               WHERE workflow_id = ${sequenceWorkflowId(sequenceId)}`.execute(db());
    await drainedUntilStarted(sequenceId);
    assert.deepEqual(
      (await commandOf(sequenceId)).map((c) => c.status),
      ['DONE'],
    );
  });

  it('when the email was never verified, then nothing is written and the caller is told a verification is due', async () => {
    const contactId = await newContact('UNVERIFIED');
    const enrolled = await enroll(
      stack.orm.em.fork(),
      { directory: createProviders({ orm: stack.orm, config: stack.config }).directory, workflows },
      { organizationId: org.organizationId, contactId, sequenceTemplateId: templateId },
    );
    assert.deepEqual(enrolled, { verificationDue: true });
    const { rows } = await sql`SELECT 1 FROM sequences WHERE contact_id = ${contactId}`.execute(db());
    assert.equal(rows.length, 0);
  });
});
