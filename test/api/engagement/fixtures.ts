// Shared setup of the engagement suites (test/api/engagement/*.test.ts) on the real stack: an
// organization, runs that sent their first email (with the stored email's text and HTML), and the
// stop that ends a run a test leaves going.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import {
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  startSequenceWorkflow,
  until,
  type StepSpec,
} from '../../helpers/sequence-fixtures.ts';

export function engagementFixture() {
  const fx = apiSuiteFixture();
  const db = () => fx.stack.orm.em.fork().getKysely();

  /** A running sequence (EMAIL now, a step days away) that sent its first email; the message id and the stored email's parts. */
  async function emailed(
    steps: StepSpec[] = [
      {
        type: 'EMAIL',
        delay_days: 0,
        subject: 'Hi',
        body: 'Hi {{first_name}}, read https://example.com/a?b=1&c=2. Or https://example.org/x',
      },
      { type: 'EMAIL', delay_days: 3, subject: 'Again', body: 'Again' },
    ],
    contact: { linkedinUrl?: string } = {},
    tracking: { open?: boolean; click?: boolean } = {},
  ) {
    const { stack, org } = fx;
    const email = `eng-${randomUUID().slice(0, 8)}@example.com`;
    const contactId = await insertContact(stack, org.organizationId, { email, firstName: 'Ada', ...contact });
    const templateId = await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId, tracking });
    const sequenceId = await insertSequence(stack, org.organizationId, {
      contactId,
      templateId,
      senderUserId: org.userId,
    });
    await startSequenceWorkflow(stack, org.organizationId, sequenceId);
    await until(async () => (await messagesOf(stack, sequenceId)).length === 1);
    const [message] = await messagesOf(stack, sequenceId);
    const { rows } = await sql<{
      text: string;
      html: string | null;
    }>`SELECT text, html FROM sandbox_outbound_emails WHERE to_email = ${email}`.execute(db());
    return {
      contactId,
      sequenceId,
      messageId: message.id,
      body: message.body,
      text: rows[0]?.text ?? '',
      html: rows[0]?.html ?? '',
    };
  }

  const stop = (sequenceId: string) =>
    fx.api.post(`/v1/sequences/${sequenceId}/stop`, {
      key: fx.org.apiKey,
      body: { reason: 'LOSE', scope: 'CONTACT' },
    });

  return Object.assign(fx, { db, emailed, stop });
}
