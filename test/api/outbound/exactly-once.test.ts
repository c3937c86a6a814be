// Outside effects happen exactly once under faults. A real SMTP server (smtp-server, in this
// process) receives the runs' emails from a worker child process (SMTP_URL set), and the sandbox
// LinkedIn channel and CRM record their actions. Faults: the provider failing transiently, the
// database write after the provider call failing (a trigger raises a deadlock once), the worker
// SIGKILLed between the provider call and the write, and a provider whose answer is lost. Each
// email reaches the server once, each LinkedIn action and CRM record exists once.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { writeCrmFields } from '../../../domain/crm/crm.service.ts';
import { SandboxCrm } from '../../../providers/crm/sandbox.ts';
import type { CrmConnector } from '../../../providers/crm/index.ts';
import { freePort, startServer, stopChild } from '../../../scripts/bench/harness.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { client } from '../../helpers/http.ts';
import { insertContact, insertTemplate, until, type StepSpec } from '../../helpers/sequence-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { workerChild } from '../../helpers/worker-child.ts';
import { sendWithoutGap } from '../../helpers/mailboxes.ts';

/** A local SMTP server counting messages by Message-ID; recipients steer faults by their local part. */
async function faultySmtp(onMessage: (to: string) => void) {
  const byMessageId = new Map<string, number>();
  const refusedOnce = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      // flaky-*: the first delivery attempt to the address is refused with a transient 451.
      if (address.address.startsWith('flaky-') && !refusedOnce.has(address.address)) {
        refusedOnce.add(address.address);
        return callback(Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? 'none';
        byMessageId.set(messageId, (byMessageId.get(messageId) ?? 0) + 1);
        onMessage(session.envelope.rcptTo[0]?.address ?? '');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    byMessageId,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('exactly-once outside effects', function () {
  this.timeout(300_000);
  let stack: Stack;
  let org: TestOrg;
  const db = () => stack.orm.em.fork().getKysely();

  before(async () => {
    stack = await getStack();
    org = await newOrg(stack);
    // The first write of a marked row fails once with a deadlock (retryable), after the provider was called.
    // A sequence counts the tries: nextval is not rolled back with the failing statement.
    await sql
      .raw(
        `
      CREATE TABLE IF NOT EXISTS test_fail_once (id uuid PRIMARY KEY, counter text NOT NULL);
      CREATE OR REPLACE FUNCTION test_fail_once_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE counter text;
      BEGIN
        SELECT f.counter INTO counter FROM test_fail_once f WHERE f.id = (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
        IF counter IS NOT NULL AND nextval(counter::regclass) = 1 THEN
          RAISE EXCEPTION 'injected failure after the provider call' USING ERRCODE = '40P01';
        END IF;
        RETURN NEW;
      END $$;
      DROP TRIGGER IF EXISTS test_fail_once_messages ON messages;
      CREATE TRIGGER test_fail_once_messages BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION test_fail_once_trigger('sequence_id');
      DROP TRIGGER IF EXISTS test_fail_once_links ON crm_links;
      CREATE TRIGGER test_fail_once_links BEFORE INSERT ON crm_links FOR EACH ROW EXECUTE FUNCTION test_fail_once_trigger('local_id');
    `,
      )
      .execute(db());
  });

  after(async () => {
    await sql
      .raw(
        `DROP TRIGGER IF EXISTS test_fail_once_messages ON messages; DROP TRIGGER IF EXISTS test_fail_once_links ON crm_links;
      DROP FUNCTION IF EXISTS test_fail_once_trigger(); DROP TABLE IF EXISTS test_fail_once;`,
      )
      .execute(db());
  });

  /** The next insert naming `id` (a message of the run, a CRM link of the record) fails once. */
  async function failOnce(id: string): Promise<void> {
    const counter = `test_fail_${id.replaceAll('-', '')}`;
    await sql.raw(`CREATE SEQUENCE IF NOT EXISTS ${counter}`).execute(db());
    await sql`INSERT INTO test_fail_once (id, counter) VALUES (${id}, ${counter}) ON CONFLICT DO NOTHING`.execute(db());
  }

  const effectOf = async (sequenceId: string) =>
    (
      await sql<{
        state: string;
        attempts: number;
      }>`SELECT state, attempts FROM outbound_effects WHERE sequence_id = ${sequenceId}`.execute(db())
    ).rows;
  const messageCount = async (sequenceId: string) =>
    Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM messages WHERE sequence_id = ${sequenceId}`.execute(db()))
        .rows[0].n,
    );

  it('when the SMTP server refuses once, the message write fails once, or the worker dies between the send and the write, then each email reaches the server exactly once', async () => {
    let worker: ChildProcess | undefined;
    const smtp = await faultySmtp((to) => {
      // crash-*: the worker is killed while the server takes the message, before the worker hears the answer.
      if (to.startsWith('crash-') && worker) worker.kill('SIGKILL');
    });
    const workers = workerChild(stack, 'exactly-once', { SMTP_URL: smtp.url });
    const { env } = workers;
    const startWorker = workers.start;
    worker = startWorker();
    const port = await freePort();
    const apiProcess = await startServer(
      'api/server.ts',
      { ...env, PORT: String(port), HOST: '127.0.0.1' },
      `http://127.0.0.1:${port}/healthz`,
    );
    const api = client(`http://127.0.0.1:${port}`);
    try {
      const steps: StepSpec[] = [
        { type: 'EMAIL', delay_days: 2 / 86_400, subject: 'Hello', body: 'Hello {{first_name}}' },
      ];
      // The shared SMTP transport paces its senders by default (60–180 s apart): this sender's emails go without a gap.
      await sendWithoutGap(stack, org.userId);
      const templateId = await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId });
      const enroll = async (local: string) => {
        const contactId = await insertContact(stack, org.organizationId, {
          email: `${local}-${randomUUID().slice(0, 8)}@example.com`,
          firstName: 'Ada',
        });
        await sql`UPDATE contacts SET email_status = 'DELIVERABLE' WHERE id = ${contactId}`.execute(db());
        const enrolled = await api.post('/v1/sequences', {
          key: org.apiKey,
          body: { contact_id: contactId, sequence_template_id: templateId },
        });
        assert.equal(enrolled.status, 201, enrolled.text);
        return enrolled.body.id as string;
      };
      const flaky = await enroll('flaky');
      const failedWrite = await enroll('write');
      await failOnce(failedWrite);
      for (const id of [flaky, failedWrite]) await until(async () => (await messageCount(id)) === 1, 60_000);

      // The crash kills the worker; a new one finishes the step (its heartbeat timeout notices the dead attempt).
      const crashed = await enroll('crash');
      await until(async () => worker!.exitCode !== null || worker!.signalCode !== null, 60_000);
      worker = startWorker();
      await until(async () => (await messageCount(crashed)) === 1, 120_000);

      const sent = [...smtp.byMessageId.entries()].filter(([messageId]) =>
        [flaky, failedWrite, crashed].some((id) => messageId.includes(id)),
      );
      assert.equal(sent.length, 3, `one Message-ID per run: ${JSON.stringify(sent)}`);
      assert.deepEqual(
        sent.filter(([, n]) => n !== 1),
        [],
        'each email reached the server exactly once',
      );
      assert.deepEqual(
        (await effectOf(flaky)).map((e) => [e.state, e.attempts]),
        [['DONE', 2]],
        'the refused attempt was called again, once',
      );
      assert.deepEqual(
        (await effectOf(failedWrite)).map((e) => [e.state, e.attempts]),
        [['DONE', 1]],
        'the failed write did not send again',
      );
      assert.deepEqual(
        (await effectOf(crashed)).map((e) => e.state),
        ['UNCONFIRMED'],
        'the lost outcome was counted as sent, not repeated',
      );
      const { rows: counts } = await sql<{
        sent: number;
      }>`SELECT sent FROM sender_daily_sends WHERE user_id = ${org.userId} AND day = ${new Date().toISOString().slice(0, 10)}`.execute(
        db(),
      );
      assert.ok(counts[0] && counts[0].sent >= 3, 'the sender counted its emails');
    } finally {
      await stopChild(apiProcess, 5000);
      if (worker) await stopChild(worker, 10_000);
      await smtp.close();
    }
  });

  it('when LinkedIn loses its first answer or the write after it fails, then each action is recorded once by the channel', async () => {
    const db2 = db();
    const lost = await insertContact(stack, org.organizationId, {
      linkedinUrl: `https://www.linkedin.com/in/lost-answer-${randomUUID().slice(0, 8)}`,
      firstName: 'Grace',
    });
    const written = await insertContact(stack, org.organizationId, {
      linkedinUrl: `https://www.linkedin.com/in/grace-${randomUUID().slice(0, 8)}`,
      firstName: 'Grace',
    });
    const templateId = await insertTemplate(
      stack,
      org.organizationId,
      [{ type: 'LINKEDIN_MESSAGE', delay_days: 2 / 86_400, body: 'Hi {{first_name}}' }],
      { senderUserId: org.userId },
    );
    const api = client(stack.url);
    const runs: string[] = [];
    for (const contactId of [lost, written]) {
      const enrolled = await api.post('/v1/sequences', {
        key: org.apiKey,
        body: { contact_id: contactId, sequence_template_id: templateId },
      });
      assert.equal(enrolled.status, 201, enrolled.text);
      runs.push(enrolled.body.id);
    }
    await failOnce(runs[1]);
    for (const id of runs) await until(async () => (await messageCount(id)) === 1, 60_000);
    const { rows } = await sql<{ key: string; n: string }>`
      SELECT key, count(*) AS n FROM sandbox_linkedin_actions WHERE key = ANY(${runs.map((id) => `sequence-step/${id}/1`)}::text[]) GROUP BY key`.execute(
      db2,
    );
    assert.equal(rows.length, 2, JSON.stringify(rows));
    assert.deepEqual(
      rows.filter((r) => r.n !== '1'),
      [],
      'each LinkedIn action happened once',
    );
  });

  it('when the CRM answer is lost or the link write fails after a create, then a retried write creates no second record', async () => {
    const crm = new SandboxCrm(stack.orm);
    let lose = true;
    // The first create's answer is lost after the CRM made the record, as a timed-out request would be.
    const losing: CrmConnector = Object.assign(Object.create(crm) as CrmConnector, {
      async createRecord(...args: Parameters<CrmConnector['createRecord']>) {
        const record = await crm.createRecord(...args);
        if (lose) {
          lose = false;
          throw new Error('socket hang up');
        }
        return record;
      },
    });
    const contactId = await insertContact(stack, org.organizationId, { firstName: 'Nameless' });
    const write = () =>
      writeCrmFields(stack.orm.em.fork(), losing, {
        organizationId: org.organizationId,
        objectType: 'contact',
        localId: contactId,
        fields: [{ property: 'lead_status', value: 'new' }],
      });
    await assert.rejects(write(), /socket hang up/);
    const result = await write();
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM crm_records WHERE creation_key = ${`crm-create/${org.organizationId}/contact/${contactId}/sandbox`}`.execute(
      db(),
    );
    assert.equal(rows[0].n, '1', 'one CRM record');
    const record = await crm.findRecord(org.organizationId, 'contact', result.external_id);
    assert.equal(record?.properties.lead_status, 'new');

    // The link write failing after the create: the retried request finds the record the create made.
    const other = await insertContact(stack, org.organizationId, { firstName: 'Linkless' });
    await failOnce(other);
    try {
      const writeOther = () =>
        writeCrmFields(stack.orm.em.fork(), crm, {
          organizationId: org.organizationId,
          objectType: 'contact',
          localId: other,
          fields: [{ property: 'lead_status', value: 'warm' }],
        });
      await assert.rejects(writeOther(), /injected failure/);
      await writeOther();
      const { rows: made } = await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM crm_records WHERE creation_key = ${`crm-create/${org.organizationId}/contact/${other}/sandbox`}`.execute(
        db(),
      );
      assert.equal(made[0].n, '1', 'one CRM record after the failed link write');
    } finally {
      await sql`DELETE FROM test_fail_once WHERE id = ${other}`.execute(db());
    }
  });
});
