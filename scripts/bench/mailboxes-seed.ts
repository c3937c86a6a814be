// The senders of the mailboxes benchmark (mailboxes.bench.ts): per mailbox a GreenMail user, its
// user in the organization, its connected mailbox (sealed SMTP and IMAP URLs) and one ACTIVE run
// whose first email went out, so that a prospect's reply names a Message-ID the sync can match;
// plus the control phase's decoy addressees. Written straight to the database: the setup is not measured.
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import * as admin from '../../domain/admin/admin.service.ts';
import { MailboxCredentials } from '../../domain/mailboxes/credentials.ts';
import type { HostileIds } from '../../test/helpers/hostile-mail.ts';
import type { RunningGreenMail } from '../greenmail.ts';
import { activeTemplate, benchDb, insertVerifiedContacts } from './fixtures.ts';

export interface SeededMailboxes {
  /** Each mailbox's address and the Message-ID of its run's first email. */
  senders: { address: string; messageId: string }[];
  /** What the hostile corpus addresses in each mailbox. */
  hostileIds: HostileIds[];
}

export async function seedMailboxes({
  orm,
  greenmail,
  organizationId,
  ownerId,
  count,
  password,
  secretKey,
  decoys,
}: {
  orm: MikroORM;
  greenmail: RunningGreenMail;
  organizationId: string;
  ownerId: string;
  count: number;
  password: string;
  secretKey: string;
  /** A decoy mail user beside each sender (the control phase's addressees). */
  decoys: boolean;
}): Promise<SeededMailboxes> {
  const db = () => benchDb(orm);
  const credentials = new MailboxCredentials(secretKey);
  // Each mailbox: a sender, their connected mailbox, and one ACTIVE run whose first email went out (the Message-ID a reply names).
  const templateId = await activeTemplate(orm, organizationId, ownerId, 'Bench inbox', [
    { type: 'EMAIL', delay_days: 0, subject: 'Quick question', body: 'Hello' },
  ]);
  const senders: { address: string; messageId: string }[] = [];
  const contactIds: string[] = Array.from({ length: count }, () => randomUUID());
  await insertVerifiedContacts(
    orm,
    organizationId,
    contactIds,
    (id) => `prospect-${contactIds.indexOf(id)}@prospect.test`,
  );
  for (let i = 0; i < count; i++) {
    const address = `sender-${i}@sender.test`;
    await greenmail.addUser(address, password);
    const user = await admin.createUser(orm.em.fork(), { organizationId, email: address, name: `Sender ${i}` });
    const urls = greenmail.urls(address, password);
    const now = new Date();
    const mailboxId = randomUUID();
    await db()
      .insertInto('mailboxes')
      .values({
        id: mailboxId,
        organization_id: organizationId,
        user_id: user.id,
        email: address,
        smtp_url_encrypted: credentials.seal(mailboxId, 'smtp', urls.smtpUrl),
        imap_url_encrypted: credentials.seal(mailboxId, 'imap', urls.imapUrl),
        status: 'CONNECTED',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const sequenceId = randomUUID();
    await db()
      .insertInto('sequences')
      .values({
        id: sequenceId,
        organization_id: organizationId,
        contact_id: contactIds[i],
        sequence_template_id: templateId,
        status: 'ACTIVE',
        current_step: 1,
        variables: {},
        sender_id: user.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const messageId = `<bench-${i}-${randomUUID()}@sender.test>`;
    await db()
      .insertInto('messages')
      .values({
        id: randomUUID(),
        organization_id: organizationId,
        contact_id: contactIds[i],
        sequence_id: sequenceId,
        channel: 'EMAIL',
        direction: 'OUTBOUND',
        kind: 'MESSAGE',
        subject: 'Quick question',
        body: 'Hello',
        step_number: 1,
        provider_message_id: messageId,
        sent_at: now,
        created_at: now,
      })
      .execute();
    senders.push({ address, messageId });
    // The control phase's addressee: a mail user of the same server that no sync reads.
    if (decoys) await greenmail.addUser(`decoy-${i}@sender.test`, password);
  }
  const hostileIds: HostileIds[] = senders.map((s, i) => ({
    mailbox: s.address,
    prospect: `prospect-${i}@prospect.test`,
    sentMessageId: s.messageId,
    subject: 'Quick question',
  }));
  return { senders, hostileIds };
}
