// The API's enrollment of a known-good address (domain/sequences/enrollment/enroll-known-good.ts):
// the row and its START_SEQUENCE outbox command are one transaction, so a sequence workflow whose
// start fails after the commit is not lost: the command stays due, with the error, and the drain
// starts the run. An address that needs a verification is left to the enrollment workflow.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { enrollKnownGood } from '../../../domain/sequences/enrollment/enroll-known-good.ts';
import { drainCommands } from '../../../domain/workflow-commands/deliver.ts';
import { createProviders } from '../../../providers/index.ts';
import { createWorkflowClients, type WorkflowClients } from '../../../workflows/clients.ts';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { terminateSequenceWorkflows } from '../../helpers/sequence-fixtures.ts';

describe('enrollment in the request (a known-good address)', function () {
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
    org = await newOrg(stack, 'Known Good Org');
    workflows = createWorkflowClients(stack.temporal, stack.config.temporalTaskQueue);
    const template = await api.post('/v1/sequence-templates', {
      key: org.apiKey, body: { name: 'Known good', status: 'ACTIVE', steps: [{ type: 'EMAIL', delay_days: 3, subject: 'Hi', body: 'Hello' }] },
    });
    assert.equal(template.status, 201, template.text);
    templateId = template.body.id;
  });
  after(() => terminateSequenceWorkflows(stack, started, 'known-good test cleanup'));

  async function newContact(emailStatus: 'DELIVERABLE' | 'UNVERIFIED'): Promise<string> {
    const response = await api.post('/v1/contacts', { key: org.apiKey, body: { email: `good-${randomUUID().slice(0, 8)}@known-good-example.com`, first_name: 'Ada' } });
    assert.equal(response.status, 201, response.text);
    await sql`UPDATE contacts SET email_status = ${emailStatus} WHERE id = ${response.body.id}`.execute(db());
    return response.body.id;
  }

  const deps = (w: WorkflowClients) => ({ em: stack.orm.em.fork(), directory: createProviders({ orm: stack.orm, config: stack.config }).directory, workflows: w });

  it('when the sequence workflow\'s start fails after the commit, then the command stays due with the error and the drain starts the run', async () => {
    const contactId = await newContact('DELIVERABLE');
    const failing: WorkflowClients = { ...workflows, sequence: { ...workflows.sequence, start: async () => { throw new Error('Temporal is unavailable'); } } };
    const result = await enrollKnownGood(deps(failing), { organizationId: org.organizationId, contactId, sequenceTemplateId: templateId });
    assert.equal(result?.result.outcome, 'CREATED');
    assert.equal(result.sequence?.status, 'ACTIVE', 'the 201 body: the row as written');
    const sequenceId = result.result.sequenceId;
    started.push(sequenceId);
    const commandOf = async () => (await sql<{ kind: string; status: string; attempts: number; last_error: string | null }>`
      SELECT kind, status, attempts, last_error FROM workflow_commands WHERE workflow_id = ${sequenceWorkflowId(sequenceId)}`.execute(db())).rows;
    const [pending] = await commandOf();
    assert.deepEqual([pending.kind, pending.status, pending.attempts], ['START_SEQUENCE', 'PENDING', 1]);
    assert.match(pending.last_error ?? '', /unavailable/);
    await assert.rejects(stack.temporal.workflow.getHandle(sequenceWorkflowId(sequenceId)).describe(), /not found/i);

    // The operator's drain (the stack's own drain may take it first: either way it is delivered once).
    await drainCommands(stack.orm.em.fork(), { workflows }, 10, { organizationId: org.organizationId, all: true });
    assert.deepEqual((await commandOf()).map((c) => c.status), ['DONE']);
    assert.equal((await stack.temporal.workflow.getHandle(sequenceWorkflowId(sequenceId)).describe()).type, 'sequenceWorkflow');
  });

  it('when the email was never verified, then nothing is written and the caller is told to run the enrollment workflow', async () => {
    const contactId = await newContact('UNVERIFIED');
    assert.equal(await enrollKnownGood(deps(workflows), { organizationId: org.organizationId, contactId, sequenceTemplateId: templateId }), null);
    const { rows } = await sql`SELECT 1 FROM sequences WHERE contact_id = ${contactId}`.execute(db());
    assert.equal(rows.length, 0);
  });
});
