// Reconcile and the outbox against a real stack: a crash between a commit and its Temporal call is
// stood in for by commands recorded and never delivered (the request died after its commit). The
// row is not reported while its command is on the way; a fix delivers it; a run whose workflow
// never started is reported and started; an orphan workflow (its row ended) is terminated.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { WorkflowNotFoundError } from '@temporalio/client';
import { reconcile } from '../../../domain/admin/reconcile.ts';
import { recordCommands } from '../../../domain/workflow-commands/outbox.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { OrganizationIdKey } from '../../../temporal/search-attributes.ts';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import { newOrg } from '../../helpers/fixtures.ts';
import { insertContact, insertSequence, insertTemplate, until } from '../../helpers/sequence-fixtures.ts';
import { getStack } from '../../helpers/stack.ts';

describe('admin reconcile', function () {
  this.timeout(120_000);

  it('when a run lost its start (crash after commit, or never recorded) and a workflow outlived its row, then reconcile reports them and --fix repairs all of it', async () => {
    const stack = await getStack();
    const org = await newOrg(stack);
    const deps = { em: stack.orm.em.fork(), workflows: createWorkflowClients(stack.temporal, stack.taskQueue) };
    const templateId = await insertTemplate(
      stack,
      org.organizationId,
      [{ type: 'EMAIL', delay_days: 5, subject: 'Hi', body: 'Hello' }],
      { senderUserId: org.userId },
    );
    const contact = async (n: string) =>
      insertContact(stack, org.organizationId, {
        email: `reconcile-${n}-${org.organizationId.slice(0, 8)}@example.com`,
      });
    const [a, b, c] = [await contact('a'), await contact('b'), await contact('c')];
    const lost = await insertSequence(stack, org.organizationId, {
      contactId: a,
      templateId,
      senderUserId: org.userId,
    });
    const pending = await insertSequence(stack, org.organizationId, {
      contactId: b,
      templateId,
      senderUserId: org.userId,
    });
    await stack.orm.em.fork().transactional((tx) =>
      recordCommands(tx, stack.taskQueue, [
        {
          kind: 'START_SEQUENCE',
          organizationId: org.organizationId,
          sequenceId: pending,
          contactId: b,
          sequenceTemplateId: templateId,
        },
      ]),
    );
    const ended = await insertSequence(stack, org.organizationId, {
      contactId: c,
      templateId,
      senderUserId: org.userId,
    });
    await stack.temporal.workflow.start('sequenceWorkflow', {
      taskQueue: `reconcile-idle-${org.organizationId}`,
      workflowId: sequenceWorkflowId(ended),
      args: [{ sequenceId: ended, organizationId: org.organizationId }],
      typedSearchAttributes: [{ key: OrganizationIdKey, value: org.organizationId }],
    });
    await sql`UPDATE sequences SET status = 'STOPPED_EARLY', ended_at = now() WHERE id = ${ended}`.execute(
      stack.orm.em.fork().getKysely(),
    );

    try {
      // Visibility catches up with the fresh start within a moment.
      let report = await reconcile(deps, { organizationId: org.organizationId });
      for (let i = 0; i < 20 && !report.disagreements.some((d) => d.kind === 'ORPHAN_WORKFLOW'); i++) {
        await new Promise((r) => setTimeout(r, 250));
        report = await reconcile(deps, { organizationId: org.organizationId });
      }
      const seen = report.disagreements.map((d) => [d.kind, d.id, d.row_status, d.repair]).sort();
      assert.deepEqual(
        seen,
        [
          ['ORPHAN_WORKFLOW', ended, 'STOPPED_EARLY', null],
          ['ROW_WITHOUT_WORKFLOW', lost, 'ACTIVE', null],
        ].sort(),
      );
      assert.equal(report.commands_pending, 1);

      const fixed = await reconcile(deps, { organizationId: org.organizationId, fix: true });
      assert.equal(fixed.commands_delivered, 1);
      assert.deepEqual(
        fixed.disagreements.map((d) => [d.id, d.repair]).sort(),
        [
          [ended, 'TERMINATED'],
          [lost, 'STARTED'],
        ].sort(),
      );
      for (const id of [lost, pending])
        assert.equal(
          (await stack.temporal.workflow.getHandle(sequenceWorkflowId(id)).describe()).status.name,
          'RUNNING',
        );
      assert.equal(
        (await stack.temporal.workflow.getHandle(sequenceWorkflowId(ended)).describe()).status.name,
        'TERMINATED',
      );

      const after = await reconcile(deps, { organizationId: org.organizationId });
      assert.deepEqual([after.disagreements, after.commands_pending], [[], 0]);
    } finally {
      for (const id of [lost, pending, ended]) {
        const handle = stack.temporal.workflow.getHandle(sequenceWorkflowId(id));
        const running = await handle.describe().then(
          (d) => d.status.name === 'RUNNING',
          (error: unknown) => {
            if (error instanceof WorkflowNotFoundError) return false;
            throw error;
          },
        );
        if (running) await handle.terminate('reconcile test cleanup');
      }
    }
  });

  it('when a contact entry stays PENDING with no import on its way (its lead import was dropped), then reconcile reports it and --fix queues its import again', async () => {
    const stack = await getStack();
    const org = await newOrg(stack);
    const deps = { em: stack.orm.em.fork(), workflows: createWorkflowClients(stack.temporal, stack.taskQueue) };
    const db = () => stack.orm.em.fork().getKysely();
    const listId = randomUUID();
    await sql`INSERT INTO contact_lists (id, organization_id, name, created_at, updated_at) VALUES (${listId}, ${org.organizationId}, 'Dropped imports', now(), now())`.execute(
      db(),
    );
    const email = 'ada@acme.test';
    const contactId = await insertContact(stack, org.organizationId, { email });
    // The entry as POST /v1/contact-entries writes it for a new person, without its LEAD_IMPORT command (as if its import had been terminated).
    const entryId = randomUUID();
    await sql`INSERT INTO contact_entries (id, organization_id, contact_list_id, contact_id, email, enrichment_status, created_at, updated_at)
              VALUES (${entryId}, ${org.organizationId}, ${listId}, ${contactId}, ${email}, 'PENDING', now(), now())`.execute(
      db(),
    );
    const status = async () =>
      (await sql<{ s: string }>`SELECT enrichment_status AS s FROM contact_entries WHERE id = ${entryId}`.execute(db()))
        .rows[0].s;

    const report = await reconcile(deps, { organizationId: org.organizationId });
    assert.deepEqual(
      report.disagreements.map((d) => [d.kind, d.resource, d.id, d.row_status, d.workflow_id, d.repair]),
      [['ROW_WITHOUT_WORKFLOW', 'CONTACT_ENTRY', entryId, 'PENDING', `lead-import-entry/${entryId}`, null]],
    );
    assert.equal(await status(), 'PENDING', 'reporting changes nothing');

    const fixed = await reconcile(deps, { organizationId: org.organizationId, fix: true });
    assert.deepEqual(
      fixed.disagreements.map((d) => [d.id, d.repair]),
      [[entryId, 'REQUEUED']],
    );
    await until(async () => (await status()) === 'DONE', 30_000);
    const after = await reconcile(deps, { organizationId: org.organizationId });
    assert.deepEqual([after.disagreements, after.commands_pending], [[], 0]);
  });
});
