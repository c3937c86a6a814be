// `npm run bench -- enrollment-trace`: where one enrollment's time goes. Enrolls a few verified
// contacts one at a time through the API (the first ones warm up), then prints, for the last one,
// the request's start and answer beside the event times of its enrollment workflow's history and of
// the sequence workflow it started (the server's clock; the same machine's). BENCH_TRACE_RUNS sets
// how many enrollments run (default 5).
import { randomUUID } from 'node:crypto';
import { enrollmentWorkflowId } from '../../workflows/enrollment.definitions.ts';
import { sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import { activeTemplate, benchDb, insertVerifiedContacts } from './fixtures.ts';
import { envNumber, sleep, startServices } from './harness.ts';
import { eventLines, timedEvents } from './history-times.ts';
import { workflowBenchStack } from './workflow-stack.ts';

export async function benchEnrollmentTrace(): Promise<void> {
  const runs = envNumber('BENCH_TRACE_RUNS', 5);
  const stack = await workflowBenchStack(4);
  const { database, orm, temporal, client, org } = stack;
  const template = await activeTemplate(orm, org.organization_id, org.user_id, 'Trace', [
    { type: 'EMAIL', delay_days: 0, subject: 'Hi {{first_name}}', body: 'Hello {{first_name}}.' },
    { type: 'EMAIL', delay_days: 30, subject: 'Again', body: 'Following up.' },
  ]);
  // The due-step trace: its first email 3 s after the start (a durable timer, then the step).
  const delayed = await activeTemplate(orm, org.organization_id, org.user_id, 'Trace delayed', [
    { type: 'EMAIL', delay_days: 3 / 86_400, subject: 'Hi {{first_name}}', body: 'Hello {{first_name}}.' },
    { type: 'EMAIL', delay_days: 30, subject: 'Again', body: 'Following up.' },
  ]);
  const contacts = Array.from({ length: runs }, () => randomUUID());
  await insertVerifiedContacts(orm, org.organization_id, contacts, (id) => `trace-${id.slice(0, 8)}@example.com`);

  let stopServices = async () => {};
  try {
    const services = await startServices(database.url, temporal.address, org.api_key);
    stopServices = services.stop;
    let last = { contactId: '', startedMs: 0, answeredMs: 0, status: 0, sequenceId: '' };
    for (const contactId of contacts) {
      for (;;) {
        const startedMs = Date.now();
        const response = await fetch(`${services.base}/v1/sequences`, {
          method: 'POST',
          headers: services.headers,
          body: JSON.stringify({ contact_id: contactId, sequence_template_id: template }),
        });
        const body = (await response.json()) as { id?: string };
        const answeredMs = Date.now();
        if (response.status === 503) {
          await sleep(500);
          continue;
        } // the worker is still starting
        last = { contactId, startedMs, answeredMs, status: response.status, sequenceId: body.id ?? '' };
        console.log(`enrollment ${contactId.slice(0, 8)}: ${response.status} in ${answeredMs - startedMs} ms`);
        break;
      }
      await sleep(300);
    }
    const zero = last.startedMs;
    console.log(`last enrollment: request sent at +0 ms, ${last.status} answered at +${last.answeredMs - zero} ms`);
    // A verified address is enrolled in the request: no enrollment workflow runs.
    const enrollment = await client.workflow
      .getHandle(enrollmentWorkflowId(org.organization_id, last.contactId, template))
      .fetchHistory()
      .catch(() => null);
    if (enrollment) {
      console.log('  enrollment workflow history:');
      for (const line of eventLines(timedEvents(enrollment), zero)) console.log(line);
    } else {
      console.log('  no enrollment workflow (enrolled in the request)');
    }
    if (last.sequenceId) {
      await sleep(1000);
      const sequence = await client.workflow.getHandle(sequenceWorkflowId(last.sequenceId)).fetchHistory();
      console.log('  sequence workflow history (its first events):');
      for (const line of eventLines(timedEvents(sequence), zero).slice(0, 14)) console.log(line);
    }
    // A step that comes due: the timer's fire, the step's activity and the message written.
    const dueContact = randomUUID();
    await insertVerifiedContacts(orm, org.organization_id, [dueContact], (id) => `due-${id.slice(0, 8)}@example.com`);
    const dueStart = Date.now();
    const due = await services.post<{ id: string }>(
      '/v1/sequences',
      { contact_id: dueContact, sequence_template_id: delayed },
      201,
    );
    await sleep(5000);
    const message = await benchDb(orm)
      .selectFrom('messages')
      .select('created_at')
      .where('sequence_id', '=', due.id)
      .executeTakeFirst();
    console.log(
      `due-step run: enrolled at +0 ms, message written at +${message ? new Date(message.created_at).getTime() - dueStart : '?'} ms`,
    );
    for (const line of eventLines(
      timedEvents(await client.workflow.getHandle(sequenceWorkflowId(due.id)).fetchHistory()),
      dueStart,
    ).slice(0, 24))
      console.log(line);
  } finally {
    await stopServices();
    await stack.stop();
  }
}
