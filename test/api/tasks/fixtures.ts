// Shared setup of the tasks API suites (test/api/tasks/*.test.ts) on the real stack: an
// organization with an API client, and writers for tasks, messages and sequences in the states a
// test needs.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { apiSuiteFixture, type TestOrg } from '../../helpers/fixtures.ts';
import { eventsOf, insertContact, insertSequence, insertTemplate } from '../../helpers/sequence-fixtures.ts';

export function tasksFixture() {
  const fx = apiSuiteFixture();

  const db = () => fx.stack.orm.em.fork().getKysely();

  async function insertTask(
    organizationId: string,
    t: {
      type: string;
      sequenceId?: string | null;
      contactId?: string | null;
      status?: string;
      priority?: string;
      title?: string;
      messageId?: string | null;
      assigneeId?: string | null;
      dueDate?: string | null;
      createdAt?: Date;
    },
  ): Promise<string> {
    const id = randomUUID();
    const at = t.createdAt ?? new Date();
    await sql`INSERT INTO tasks (id, organization_id, type, priority, status, sequence_id, contact_id, assignee_id, title, due_date, message_id, created_at, updated_at)
              VALUES (${id}, ${organizationId}, ${t.type}, ${t.priority ?? 'TODAY'}, ${t.status ?? 'PENDING'}, ${t.sequenceId ?? null}, ${t.contactId ?? null},
                      ${t.assigneeId ?? null}, ${t.title ?? `${t.type} task`}, ${t.dueDate ?? null}, ${t.messageId ?? null}, ${at}, ${at})`.execute(
      db(),
    );
    return id;
  }

  async function insertMessage(
    organizationId: string,
    m: {
      contactId: string;
      sequenceId: string | null;
      channel: 'EMAIL' | 'LINKEDIN';
      direction: 'OUTBOUND' | 'INBOUND';
      subject?: string | null;
      body: string;
      inReplyTo?: string | null;
      sentAt: Date;
      stepNumber?: number | null;
    },
  ): Promise<string> {
    const id = randomUUID();
    await sql`INSERT INTO messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body, step_number, provider_message_id, in_reply_to_id, sent_at, created_at)
              VALUES (${id}, ${organizationId}, ${m.contactId}, ${m.sequenceId}, ${m.channel}, ${m.direction}, 'MESSAGE', ${m.subject ?? null}, ${m.body}, ${m.stepNumber === undefined ? 1 : m.stepNumber},
                      ${`<${id}@mail.example.com>`}, ${m.inReplyTo ?? null}, ${m.sentAt}, now())`.execute(db());
    return id;
  }

  async function setSequenceStatus(sequenceId: string, status: string): Promise<void> {
    await sql`UPDATE sequences SET status = ${status} WHERE id = ${sequenceId}`.execute(db());
  }

  /** A contact in a running sequence of a one-EMAIL-step template (no workflow), in `o`. */
  async function sequenceOf(o: TestOrg, options: { linkedin?: string; status?: string; templateName?: string } = {}) {
    const email = `t-${randomUUID().slice(0, 8)}@example.com`;
    const contactId = await insertContact(fx.stack, o.organizationId, {
      email,
      linkedinUrl: options.linkedin ?? null,
      firstName: 'Grace',
      companyName: 'Navy',
    });
    const templateId = await insertTemplate(
      fx.stack,
      o.organizationId,
      [{ type: 'EMAIL', delay_days: 0, subject: 'Hello', body: 'Hi' }],
      { senderUserId: o.userId, name: options.templateName },
    );
    const sequenceId = await insertSequence(fx.stack, o.organizationId, {
      contactId,
      templateId,
      senderUserId: o.userId,
    });
    if (options.status) await setSequenceStatus(sequenceId, options.status);
    return { contactId, templateId, sequenceId, email };
  }

  const taskEvents = async (sequenceId: string) =>
    (await eventsOf(fx.stack, sequenceId)).filter(
      (e) => e.type.startsWith('task.') || e.type === 'message.sent' || e.type.startsWith('sequence.'),
    );

  return Object.assign(fx, {
    db,
    taskEvents,
    insertTask,
    insertMessage,
    setSequenceStatus,
    sequenceOf,
  });
}
