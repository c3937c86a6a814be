// Recording inbox messages (domain/mailboxes/inbox-record.ts) against the real database: the same
// UID read twice is recorded once; after a UIDVALIDITY change the same message under a new UID is
// known by its Message-ID (or, without one, by its digest) and its meaning is not applied again; a
// copy in another mailbox of the organization is not applied again; a transient bounce is recorded
// only; a message the parser fails on is UNREADABLE and passed; mail that cannot speak for the
// contact (a free-text bounce naming nothing sent, an opt-out from another address or failing DMARC)
// does not act for them.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createUser } from '../../../domain/admin/admin.service.ts';
import { recordInboxMessage } from '../../../domain/mailboxes/inbox-record.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getGreenMail } from '../../helpers/greenmail.ts';
import { delayedDsn, personReply } from '../../helpers/inbox-samples.ts';
import { inboxRows, insertMailbox } from '../../helpers/mailboxes.ts';
import {
  eventsOf,
  insertContact,
  insertSequence,
  insertTemplate,
  sequenceRow,
} from '../../helpers/sequence-fixtures.ts';
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
    const mailboxId = await insertMailbox(stack, await getGreenMail(), {
      organizationId: org.organizationId,
      userId: org.userId,
      email: mailbox,
    });
    const prospect = `pat-${randomUUID().slice(0, 8)}@prospect.test`;
    const contactId = await insertContact(stack, org.organizationId, { email: prospect, firstName: 'Pat' });
    const templateId = await insertTemplate(
      stack,
      org.organizationId,
      [{ type: 'EMAIL', delay_days: 0, subject: 'Quick question', body: 'Hello' }],
      { senderUserId: org.userId },
    );
    const sequenceId = await insertSequence(stack, org.organizationId, {
      contactId,
      templateId,
      senderUserId: org.userId,
    });
    const sentMessageId = `<seq-${sequenceId}-step-1@sender.test>`;
    await sql`INSERT INTO messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body, step_number, provider_message_id, sent_at, created_at)
              VALUES (${randomUUID()}, ${org.organizationId}, ${contactId}, ${sequenceId}, 'EMAIL', 'OUTBOUND', 'MESSAGE', 'Quick question', 'Hello', 1, ${sentMessageId}, now(), now())`.execute(
      db(),
    );
    const deps = { em: stack.orm.em.fork(), workflows: createWorkflowClients(stack.temporal, stack.taskQueue) };
    return {
      org,
      contactId,
      mailboxRef: { id: mailboxId, organizationId: org.organizationId, userId: org.userId },
      ids: { mailbox, prospect, sentMessageId },
      sequenceId,
      deps,
    };
  }

  const replies = async (sequenceId: string) =>
    (await eventsOf(stack, sequenceId)).filter((e) => e.type === 'message.replied').length;

  it('when the same UID is read twice, then it is recorded once and the reply applied once', async () => {
    const { mailboxRef, ids, sequenceId, deps } = await setup();
    const source = Buffer.from(personReply(ids, 'Who are you?'));
    const first = await recordInboxMessage(deps, mailboxRef, {
      uidValidity: '100',
      uid: 7,
      source,
      receivedAt: new Date(),
    });
    const again = await recordInboxMessage(deps, mailboxRef, {
      uidValidity: '100',
      uid: 7,
      source,
      receivedAt: new Date(),
    });
    assert.deepEqual([first.kind, first.recorded, again.recorded], ['REPLY', true, false]);
    assert.equal(await replies(sequenceId), 1);
    const { rows } = await sql<{
      uid_validity: string;
      last_uid: string;
    }>`SELECT uid_validity, last_uid FROM mailboxes WHERE id = ${mailboxRef.id}`.execute(db());
    assert.deepEqual(rows[0], { uid_validity: '100', last_uid: '7' });
  });

  it('when UIDVALIDITY changes and the inbox is read again, then a message already recorded is IGNORED as a duplicate, its reply not applied again', async () => {
    const { mailboxRef, ids, sequenceId, deps } = await setup();
    const source = Buffer.from(
      personReply(ids, 'Who are you?', { messageId: `renumbered-${randomUUID()}@prospect.test` }),
    );
    await recordInboxMessage(deps, mailboxRef, { uidValidity: '100', uid: 3, source, receivedAt: new Date() });
    const rescanned = await recordInboxMessage(deps, mailboxRef, {
      uidValidity: '200',
      uid: 1,
      source,
      receivedAt: new Date(),
    });
    assert.deepEqual([rescanned.kind, rescanned.recorded], ['IGNORED', true]);
    assert.equal(await replies(sequenceId), 1);
    const rows = await inboxRows(stack, mailboxRef.id);
    assert.deepEqual(
      rows.map((r) => [r.uid_validity, r.uid, r.kind]),
      [
        ['100', '3', 'REPLY'],
        ['200', '1', 'IGNORED'],
      ],
    );
    assert.equal(rows[1].detail?.reason, 'already applied from another copy of the message');
    const { rows: cursor } = await sql<{
      uid_validity: string;
      last_uid: string;
    }>`SELECT uid_validity, last_uid FROM mailboxes WHERE id = ${mailboxRef.id}`.execute(db());
    assert.deepEqual(cursor[0], { uid_validity: '200', last_uid: '1' }, 'the cursor follows the new UIDVALIDITY');
  });

  it('when a transient (4.x.x) bounce arrives, then it is recorded as a BOUNCE and the run goes on', async () => {
    const { mailboxRef, ids, sequenceId, deps } = await setup();
    const result = await recordInboxMessage(deps, mailboxRef, {
      uidValidity: '100',
      uid: 1,
      source: Buffer.from(delayedDsn(ids)),
      receivedAt: new Date(),
    });
    assert.equal(result.kind, 'BOUNCE');
    assert.equal((await inboxRows(stack, mailboxRef.id))[0].detail?.permanent, false);
    assert.equal((await sequenceRow(stack, sequenceId)).status, 'ACTIVE');
  });

  const cursorOf = async (mailboxId: string) =>
    (await sql<{ last_uid: string }>`SELECT last_uid FROM mailboxes WHERE id = ${mailboxId}`.execute(db())).rows[0]
      ?.last_uid;
  const excluded = async (organizationId: string, email: string) =>
    Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM contact_exclusions WHERE organization_id = ${organizationId} AND email = ${email}`.execute(
          db(),
        )
      ).rows[0].n,
    );

  it('when the parser fails on a message, then it is recorded UNREADABLE with the reason and the cursor passes it', async () => {
    const { mailboxRef, ids, deps } = await setup();
    const failing = {
      ...deps,
      parse: async () => {
        throw new TypeError('hi\u0000there \ud800 cannot be read');
      },
    };
    const result = await recordInboxMessage(failing, mailboxRef, {
      uidValidity: '100',
      uid: 4,
      source: Buffer.from(personReply(ids, 'x')),
      receivedAt: new Date(),
    });
    assert.deepEqual([result.kind, result.recorded], ['UNREADABLE', true]);
    const [row] = await inboxRows(stack, mailboxRef.id);
    assert.equal(row.kind, 'UNREADABLE');
    assert.equal(row.detail?.reason, 'TypeError: hithere \ufffd cannot be read', 'the reason is stored storable');
    assert.equal(await cursorOf(mailboxRef.id), '4');
  });

  it('when a plain-text bounce from postmaster names the prospect but no message the service sent, then it is IGNORED and the run goes on', async () => {
    const { mailboxRef, ids, sequenceId, deps } = await setup();
    const forged = `From: postmaster@unrelated.example\r\nTo: ${ids.mailbox}\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <forged-${randomUUID()}@unrelated.example>\r\n\r\nI'm afraid I wasn't able to deliver your message to <${ids.prospect}>.\r\n550 5.1.1 User unknown\r\n`;
    const result = await recordInboxMessage(deps, mailboxRef, {
      uidValidity: '100',
      uid: 1,
      source: Buffer.from(forged),
      receivedAt: new Date(),
    });
    assert.equal(result.kind, 'IGNORED');
    assert.equal((await inboxRows(stack, mailboxRef.id))[0].detail?.reason, 'bounce names no message the service sent');
    assert.equal((await sequenceRow(stack, sequenceId)).status, 'ACTIVE');
  });

  it('when the same reply reaches two mailboxes of the organization, then it is applied once and the second copy is IGNORED', async () => {
    const { org, mailboxRef, ids, sequenceId, deps } = await setup();
    const colleague = (
      await createUser(stack.orm.em.fork(), {
        organizationId: org.organizationId,
        email: `kim-${randomUUID()}@sender.test`,
        name: 'Kim',
      })
    ).id;
    const otherId = await insertMailbox(stack, await getGreenMail(), {
      organizationId: org.organizationId,
      userId: colleague,
      email: `kim-${randomUUID()}@sender.test`,
    });
    const source = Buffer.from(personReply(ids, 'Happy to talk next week.'));
    const first = await recordInboxMessage(deps, mailboxRef, {
      uidValidity: '100',
      uid: 1,
      source,
      receivedAt: new Date(),
    });
    const copy = await recordInboxMessage(
      deps,
      { ...mailboxRef, id: otherId, userId: colleague },
      { uidValidity: '900', uid: 1, source, receivedAt: new Date() },
    );
    assert.deepEqual([first.kind, copy.kind], ['REPLY', 'IGNORED']);
    assert.equal(await replies(sequenceId), 1);
    assert.equal((await inboxRows(stack, otherId))[0].detail?.duplicate_of !== undefined, true);
  });

  it('when a message without Message-ID is read again after a UIDVALIDITY change, then it is applied once (by its digest)', async () => {
    const { mailboxRef, ids, sequenceId, deps } = await setup();
    const source = Buffer.from(personReply(ids, 'No id on this one.').replace(/^Message-ID: .*\r\n/m, ''));
    const first = await recordInboxMessage(deps, mailboxRef, {
      uidValidity: '100',
      uid: 2,
      source,
      receivedAt: new Date(),
    });
    const again = await recordInboxMessage(deps, mailboxRef, {
      uidValidity: '101',
      uid: 1,
      source,
      receivedAt: new Date(),
    });
    assert.deepEqual([first.kind, again.kind], ['REPLY', 'IGNORED']);
    assert.equal(await replies(sequenceId), 1);
  });

  it('when a reply to our email says unsubscribe from another address, or from the contact with DMARC failed, then it is a reply but the contact is not excluded', async () => {
    for (const variant of ['stranger', 'dmarc-fail'] as const) {
      const { org, mailboxRef, ids, sequenceId, deps } = await setup();
      let source = personReply(ids, 'unsubscribe');
      if (variant === 'stranger')
        source = source.replace(
          `From: Pat Prospect <${ids.prospect}>`,
          'From: Someone Else <stranger@elsewhere.example>',
        );
      else
        source = `Authentication-Results: mx.sender.test; spf=fail smtp.mailfrom=prospect.test; dmarc=fail (p=REJECT) header.from=prospect.test\r\n${source}`;
      const result = await recordInboxMessage(deps, mailboxRef, {
        uidValidity: '100',
        uid: 1,
        source: Buffer.from(source),
        receivedAt: new Date(),
      });
      assert.equal(result.kind, 'REPLY', variant);
      assert.equal(await replies(sequenceId), 1, variant);
      assert.equal(await excluded(org.organizationId, ids.prospect), 0, `${variant}: the contact is not excluded`);
      assert.equal(
        (await sequenceRow(stack, sequenceId)).status,
        'WAITING_FOR_USER',
        `${variant}: the run waits on its reply task`,
      );
      assert.equal((await inboxRows(stack, mailboxRef.id))[0].detail?.speaks_for_contact, false, variant);
    }
  });

  it('when the contact replies unsubscribe from their own address, then the contact is excluded and the run ends', async () => {
    const { org, mailboxRef, ids, sequenceId, deps } = await setup();
    const source = `Authentication-Results: mx.sender.test; dmarc=pass header.from=prospect.test\r\n${personReply(ids, 'unsubscribe')}`;
    await recordInboxMessage(deps, mailboxRef, {
      uidValidity: '100',
      uid: 1,
      source: Buffer.from(source),
      receivedAt: new Date(),
    });
    assert.equal(await excluded(org.organizationId, ids.prospect), 1);
    assert.equal((await sequenceRow(stack, sequenceId)).status, 'FAILED');
  });
});
