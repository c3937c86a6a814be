// A run's variant survives its worker's death at the step: the worker is SIGKILLed while the SMTP
// server takes the step's email (after the intent, variant included, was committed; one run while
// the recipient is named, before the message is handed over, one once it was), and a new worker
// finishes the step. The variant is the one the run's id decides, recorded once on the effect and
// on exactly one message, any email that left carries that variant's subject, and the stats count
// that one send under it.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { chooseVariant } from '../../../domain/sequences/variants.ts';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import { stopChild } from '../../../scripts/bench/harness.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import { sendWithoutGap } from '../../helpers/mailboxes.ts';
import { insertContact, insertSequence, insertTemplate, until } from '../../helpers/sequence-fixtures.ts';
import { workerChild } from '../../helpers/worker-child.ts';

const SUBJECTS = ['Variant one', 'Variant two', 'Variant three'];

/** A local SMTP server keeping each email's recipient and subject; `kill(stage, to)` may end the sender first. */
async function killingSmtp(kill: (stage: 'rcpt' | 'data', to: string) => void) {
  const received: { to: string; subject: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      kill('rcpt', address.address);
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo[0]?.address ?? '';
        received.push({ to, subject: /^Subject:\s*(.*)$/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '' });
        kill('data', to);
        callback();
      });
    },
  });
  // A killed sender resets its connection: nothing this server needs to hear about.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('variant of a run whose worker is killed at the step', function () {
  this.timeout(400_000);
  const fx = apiSuiteFixture();

  it('when the worker dies while the email is being handed over, then the new worker sends the same variant, recorded on one message', async () => {
    const { stack, org, api } = fx;
    const db = () => stack.orm.em.fork().getKysely();
    const stepMessages = async (sequenceId: string) =>
      (
        await sql<{
          variant: number | null;
        }>`SELECT variant FROM messages WHERE sequence_id = ${sequenceId} AND direction = 'OUTBOUND'`.execute(db())
      ).rows;
    await sendWithoutGap(stack, org.userId);
    let worker: ChildProcess | undefined;
    const killed = new Set<string>();
    // Each address's first email kills the worker once, at the stage its local part names.
    const smtp = await killingSmtp((stage, to) => {
      if (to.startsWith(`${stage}-`) && !killed.has(to) && worker) {
        killed.add(to);
        worker.kill('SIGKILL');
      }
    });
    const child = workerChild(stack, 'variant-kill', { SMTP_URL: smtp.url });
    worker = child.start();
    try {
      const templateId = await insertTemplate(
        stack,
        org.organizationId,
        [
          {
            type: 'EMAIL',
            delay_days: 0,
            subject: SUBJECTS[0],
            body: 'Hello {{first_name}}',
            variants: SUBJECTS.slice(1).map((subject) => ({ subject, body: `${subject} {{first_name}}` })),
          },
        ],
        { senderUserId: org.userId },
      );
      // Two runs whose ids draw different variants, so that a variant drawn anew would show.
      const ids = [randomUUID()];
      while (ids.length < 2) {
        const id = randomUUID();
        if (chooseVariant(id, 1, [1, 1, 1]) !== chooseVariant(ids[0], 1, [1, 1, 1])) ids.push(id);
      }
      const runs: { id: string; email: string; variant: number }[] = [];
      for (const [i, stage] of (['rcpt', 'data'] as const).entries()) {
        const email = `${stage}-${randomUUID()}@example.com`;
        const contactId = await insertContact(stack, org.organizationId, { email, firstName: 'Ada' });
        await sql`UPDATE contacts SET email_status = 'DELIVERABLE' WHERE id = ${contactId}`.execute(db());
        const id = await insertSequence(stack, org.organizationId, {
          id: ids[i],
          contactId,
          templateId,
          senderUserId: org.userId,
        });
        await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, {
          taskQueue: child.taskQueue,
          workflowId: sequenceWorkflowId(id),
          args: [{ sequenceId: id, organizationId: org.organizationId }],
        });
        const dying = worker;
        await until(async () => dying.exitCode !== null || dying.signalCode !== null, 120_000);
        worker = child.start();
        await until(async () => (await stepMessages(id)).length === 1, 180_000);
        runs.push({ id, email, variant: chooseVariant(id, 1, [1, 1, 1])! });
      }
      assert.deepEqual([...killed].sort(), runs.map((r) => r.email).sort(), 'each run killed its worker once');

      for (const run of runs) {
        assert.deepEqual(await stepMessages(run.id), [{ variant: run.variant }], 'one message, the decided variant');
        const { rows: effects } = await sql<{ variant: number }>`
          SELECT (request ->> 'variant')::int AS variant FROM outbound_effects WHERE sequence_id = ${run.id}`.execute(
          db(),
        );
        assert.deepEqual(effects, [{ variant: run.variant }], 'one intent, recorded with the variant');
        const emails = smtp.received.filter((r) => r.to === run.email);
        assert.ok(emails.length <= 1, JSON.stringify(emails));
        for (const e of emails) assert.equal(e.subject, SUBJECTS[run.variant - 1]);
      }
      assert.ok(
        smtp.received.some((r) => r.to === runs[1].email),
        'the email taken before the kill left once',
      );
      const stats = await api.get(`/v1/sequence-templates/${templateId}/stats`, { key: org.apiKey });
      assert.deepEqual(
        stats.body.steps[0].variants.map((v: { variant: number; sent: number }) => [v.variant, v.sent]),
        runs.map((r) => [r.variant, 1]).sort((a, b) => a[0] - b[0]),
      );
    } finally {
      if (worker) await stopChild(worker, 10_000);
      await smtp.close();
    }
  });
});
