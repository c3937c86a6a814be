// Recording inbox messages (domain/mailboxes/inbox-record.ts) against the real database: the same
// UID read twice is recorded once; after a UIDVALIDITY change the same message under a new UID is
// known by its Message-ID and its meaning is not applied again; a transient bounce is recorded only.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { recordInboxMessage } from '../../../domain/mailboxes/inbox-record.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getGreenMail } from '../../helpers/greenmail.ts';
import { delayedDsn, personReply } from '../../helpers/inbox-samples.ts';
import { inboxRows, insertMailbox } from '../../helpers/mailboxes.ts';
import { eventsOf, insertContact, insertSequence, insertTemplate, sequenceRow } from '../../helpers/sequence-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('recordInboxMessage', function () {
  this.timeout(120_000);
  let stack: Stack;
  const db = () => stack.orm.em.fork().getKysely();

  before(async () => {
    stack = await getStack();
  });

  /** A sender (one mailbox each) with a mailbox row never synced by a workflow here, and a run whose first email went out with `sentMessageId`. */
  async function setup() {
    const org: TestOrg = await newOrg(stack);
    const mailbox = `sam-${randomUUID().slice(0, 8)}@sender.test`;
    const mailboxId = await insertMailbox(stack, await getGreenMail(), { organizationId: org.organizationId, userId: org.userId, email: mailbox });
    const prospect = `pat-${randomUUID().slice(0, 8)}@prospect.test`;
    const contactId = await insertContact(stack, org.organizationId, { email: prospect, firstName: 'Pat' });
    const templateId = await insertTemplate(stack, org.organizationId, [{ type: 'EMAIL', delay_days: 0, subject: 'Quick question', body: 'Hello' }], { senderUserId: org.userId });
    const sequenceId = await insertSequence(stack, org.organizationId, { contactId, templateId, senderUserId: org.userId });
    const sentMessageId = `<seq-${sequenceId}-step-1@sender.test>`;
    await sql`INSERT INTO messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body, step_number, provider_message_id, sent_at, created_at)
              VALUES (${randomUUID()}, ${org.organizationId}, ${contactId}, ${sequenceId}, 'EMAIL', 'OUTBOUND', 'MESSAGE', 'Quick question', 'Hello', 1, ${sentMessageId}, now(), now())`.execute(db());
    const deps = { em: stack.orm.em.fork(), workflows: createWorkflowClients(stack.temporal, stack.taskQueue) };
    return { mailboxRef: { id: mailboxId, organizationId: org.organizationId, userId: org.userId }, ids: { mailbox, prospect, sentMessageId }, sequenceId, deps };
  }

  const replies = async (sequenceId: string) => (await eventsOf(stack, sequenceId)).filter((e) => e.type === 'message.replied').length;

  it('when the same UID is read twice, then it is recorded once and the reply applied once', async () => {
    const { mailboxRef, ids, sequenceId, deps } = await setup();
    const source = Buffer.from(personReply(ids, 'Who are you?'));
    const first = await recordInboxMessage(deps, mailboxRef, { uidValidity: '100', uid: 7, source, receivedAt: new Date() });
    const again = await recordInboxMessage(deps, mailboxRef, { uidValidity: '100', uid: 7, source, receivedAt: new Date() });
    assert.deepEqual([first.kind, first.recorded, again.recorded], ['REPLY', true, false]);
    assert.equal(await replies(sequenceId), 1);
    const { rows } = await sql<{ uid_validity: string; last_uid: string }>`SELECT uid_validity, last_uid FROM mailboxes WHERE id = ${mailboxRef.id}`.execute(db());
    assert.deepEqual(rows[0], { uid_validity: '100', last_uid: '7' });
  });

  it('when UIDVALIDITY changes and the inbox is read again, then a message already recorded is IGNORED as a duplicate, its reply not applied again', async () => {
    const { mailboxRef, ids, sequenceId, deps } = await setup();
    const source = Buffer.from(personReply(ids, 'Who are you?', { messageId: `renumbered-${randomUUID()}@prospect.test` }));
    await recordInboxMessage(deps, mailboxRef, { uidValidity: '100', uid: 3, source, receivedAt: new Date() });
    const rescanned = await recordInboxMessage(deps, mailboxRef, { uidValidity: '200', uid: 1, source, receivedAt: new Date() });
    assert.deepEqual([rescanned.kind, rescanned.recorded], ['IGNORED', true]);
    assert.equal(await replies(sequenceId), 1);
    const rows = await inboxRows(stack, mailboxRef.id);
    assert.deepEqual(rows.map((r) => [r.uid_validity, r.uid, r.kind]), [['100', '3', 'REPLY'], ['200', '1', 'IGNORED']]);
    assert.equal(rows[1].detail?.reason, 'already recorded under another UID');
    const { rows: cursor } = await sql<{ uid_validity: string; last_uid: string }>`SELECT uid_validity, last_uid FROM mailboxes WHERE id = ${mailboxRef.id}`.execute(db());
    assert.deepEqual(cursor[0], { uid_validity: '200', last_uid: '1' }, 'the cursor follows the new UIDVALIDITY');
  });

  it('when a transient (4.x.x) bounce arrives, then it is recorded as a BOUNCE and the run goes on', async () => {
    const { mailboxRef, ids, sequenceId, deps } = await setup();
    const result = await recordInboxMessage(deps, mailboxRef, { uidValidity: '100', uid: 1, source: Buffer.from(delayedDsn(ids)), receivedAt: new Date() });
    assert.equal(result.kind, 'BOUNCE');
    assert.equal((await inboxRows(stack, mailboxRef.id))[0].detail?.permanent, false);
    assert.equal((await sequenceRow(stack, sequenceId)).status, 'ACTIVE');
  });
});
