// Erasure while a run is sending, and an erasure job whose worker is killed (issue 36's tests): a
// worker child process sends through a local SMTP server (SMTP_URL) that holds the run's email in
// DATA until the test lets it go. The erasure waits for that send (it completes, once), cancels what
// was only recorded, ends the run; no email leaves after the job has finished. A job whose worker is
// SIGKILLed mid-job finishes on the next worker, and the send in flight is never made again.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { freePort, startServer, stopChild } from '../../../scripts/bench/harness.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { client } from '../../helpers/http.ts';
import { sendWithoutGap } from '../../helpers/mailboxes.ts';
import { eventually, until } from '../../helpers/poll.ts';
import { insertContact, insertTemplate } from '../../helpers/sequence-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { workerChild, type WorkerChild } from '../../helpers/worker-child.ts';

/** An SMTP server that counts messages per recipient and holds each one in DATA until released. */
async function holdingSmtp() {
  const received: string[] = [];
  const arrived: string[] = [];
  let release: () => void = () => {};
  let held = new Promise<void>((resolve) => (release = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo[0]?.address ?? '';
      stream.on('data', () => undefined);
      stream.on('end', () => {
        arrived.push(to);
        void held.then(() => {
          received.push(to);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Recipients whose message reached DATA's end (held or not). */
    arrived,
    /** Recipients whose message the server accepted. */
    received,
    release: () => release(),
    hold: () => {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('erasure while a run is sending', function () {
  this.timeout(300_000);
  let stack: Stack;
  let org: TestOrg;
  let smtp: Awaited<ReturnType<typeof holdingSmtp>>;
  let worker: ChildProcess | undefined;
  let apiProcess: ChildProcess | undefined;
  let api: ReturnType<typeof client>;
  let templateId: string;
  const db = () => stack.orm.em.fork().getKysely();
  let workers: WorkerChild;
  const startWorker = () => workers.start();

  before(async () => {
    stack = await getStack();
    org = await newOrg(stack);
    await sendWithoutGap(stack, org.userId); // the shared SMTP transport is paced by default: no gap between the tests' emails
    smtp = await holdingSmtp();
    workers = workerChild(stack, 'erasure-sending', { SMTP_URL: smtp.url });
    worker = startWorker();
    const port = await freePort();
    apiProcess = await startServer(
      'api/server.ts',
      { ...workers.env, PORT: String(port), HOST: '127.0.0.1' },
      `http://127.0.0.1:${port}/healthz`,
    );
    api = client(`http://127.0.0.1:${port}`);
    // The first email at once, the second two seconds later: an erasure that did not stop the run would let it go.
    templateId = await insertTemplate(
      stack,
      org.organizationId,
      [
        { type: 'EMAIL', delay_days: 0, subject: 'Hello', body: 'Hello {{first_name}}' },
        { type: 'EMAIL', delay_days: 2 / 86_400, subject: 'Again', body: 'Again {{first_name}}' },
      ],
      { senderUserId: org.userId },
    );
  });

  after(async () => {
    smtp.release();
    if (apiProcess) await stopChild(apiProcess, 5000);
    if (worker) await stopChild(worker, 10_000);
    await smtp.close();
  });

  /** A contact enrolled in the template, whose first email is held in the server's DATA. */
  async function sending(): Promise<{ contactId: string; sequenceId: string; email: string }> {
    smtp.hold();
    const email = `held-${randomUUID().split('-')[0]}@example.com`;
    const contactId = await insertContact(stack, org.organizationId, { email, firstName: 'Ada' });
    await sql`UPDATE contacts SET email_status = 'DELIVERABLE' WHERE id = ${contactId}`.execute(db());
    const enrolled = await api.post('/v1/sequences', {
      key: org.apiKey,
      body: { contact_id: contactId, sequence_template_id: templateId },
    });
    assert.equal(enrolled.status, 201, enrolled.text);
    await until(() => smtp.arrived.includes(email), { timeoutMs: 60_000, what: 'the first email in DATA' });
    return { contactId, sequenceId: enrolled.body.id as string, email };
  }

  const erase = async (contactId: string) => {
    const answer = await api.post(`/v1/contacts/${contactId}/erase`, { key: org.apiKey });
    assert.equal(answer.status, 202, answer.text);
    return answer.body.id as string;
  };
  const jobStatus = async (jobId: string) =>
    (await api.get(`/v1/erasure-jobs/${jobId}`, { key: org.apiKey })).body.status as string;
  const finished = (jobId: string, timeoutMs: number) =>
    eventually(async () => {
      const status = await jobStatus(jobId);
      return status === 'SUCCEEDED' || status === 'FAILED' ? status : null;
    }, timeoutMs);
  const effectsOf = async (sequenceId: string) =>
    (
      await sql<{
        state: string;
        request: Record<string, unknown>;
      }>`SELECT state, request FROM outbound_effects WHERE sequence_id = ${sequenceId}`.execute(db())
    ).rows;
  const count = (list: string[], email: string) => list.filter((to) => to === email).length;

  it('when a person is erased while their email is in flight, then that send completes once, the job waits for it, and no email leaves after the job', async () => {
    const { contactId, sequenceId, email } = await sending();
    const jobId = await erase(contactId);
    await until(async () => (await jobStatus(jobId)) === 'RUNNING', { timeoutMs: 30_000, what: 'the job running' });
    // The job waits for the send handed to the server: it cannot finish while the email is in flight.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(await jobStatus(jobId), 'RUNNING');
    smtp.release();
    assert.equal(await finished(jobId, 90_000), 'SUCCEEDED');
    assert.equal(count(smtp.received, email), 1, 'the email in flight completed, once');
    // The second step was due two seconds after the first: it never goes.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    assert.equal(count(smtp.arrived, email), 1, 'no email after the job');
    const effects = await effectsOf(sequenceId);
    assert.ok(effects.length >= 1, 'the send was recorded');
    assert.deepEqual(
      effects.map((e) => [e.state, e.request]),
      effects.map(() => ['DONE', { erased: true }]),
      'the ledger keeps that it was sent, not to whom',
    );
  });

  it('when the worker is killed while the job waits for a send in flight, then a new worker finishes the job and the email is never sent again', async () => {
    const { contactId, email } = await sending();
    const jobId = await erase(contactId);
    await until(async () => (await jobStatus(jobId)) === 'RUNNING', { timeoutMs: 30_000, what: 'the job running' });
    worker!.kill('SIGKILL');
    await until(() => worker!.exitCode !== null || worker!.signalCode !== null, 30_000);
    smtp.release(); // its client is gone: the server may count it, the worker never heard the answer
    worker = startWorker();
    assert.equal(await finished(jobId, 180_000), 'SUCCEEDED');
    await new Promise((resolve) => setTimeout(resolve, 4000));
    assert.ok(count(smtp.arrived, email) <= 1, `sent again: ${count(smtp.arrived, email)} times`);
    assert.equal((await api.get(`/v1/contacts/${contactId}`, { key: org.apiKey })).status, 404);
  });
});
