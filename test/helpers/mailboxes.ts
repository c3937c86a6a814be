// Mailbox fixtures for the inbox sync tests: GreenMail users, a connected mailbox row (credentials
// sealed as the service seals them), raw mail handed to GreenMail over SMTP, and the rows the sync
// writes.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { MailboxCredentials } from '../../domain/mailboxes/credentials.ts';
import { connectMailbox } from '../../domain/mailboxes/mailboxes.service.ts';
import { ImapInbox, type InboxFetched } from '../../providers/mail/imap.ts';
import { startMailboxSync } from '../../workflows/mailbox-sync.client.ts';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import type { RunningGreenMail } from './greenmail.ts';
import type { TestOrg } from './fixtures.ts';
import { client } from './http.ts';
import { readRawInbox } from './imap-inbox.ts';
import {
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  until,
  type StepSpec,
} from './sequence-fixtures.ts';
import type { Stack } from './stack.ts';

export const MAIL_PASSWORD = 'correct horse battery staple';

const db = (stack: Stack) => stack.orm.em.fork().getKysely();

/** A new GreenMail user under `domain` (login: its address, password MAIL_PASSWORD). */
export async function mailUser(greenmail: RunningGreenMail, local: string, domain = 'example.test'): Promise<string> {
  const address = `${local}-${randomUUID().slice(0, 8)}@${domain}`;
  await greenmail.addUser(address, MAIL_PASSWORD);
  return address;
}

/** A CONNECTED mailbox for the user, on GreenMail, as `mailbox connect` stores it, its user paced with no gap; answers its id. */
export async function insertMailbox(
  stack: Stack,
  greenmail: RunningGreenMail,
  m: { organizationId: string; userId: string; email: string; password?: string },
): Promise<string> {
  const id = randomUUID();
  const credentials = new MailboxCredentials(stack.config.webhookSecretKey);
  const urls = greenmail.urls(m.email, m.password ?? MAIL_PASSWORD);
  await sql`INSERT INTO mailboxes (id, organization_id, user_id, email, smtp_url_encrypted, imap_url_encrypted, status, created_at, updated_at)
            VALUES (${id}, ${m.organizationId}, ${m.userId}, ${m.email}, ${credentials.seal(id, 'smtp', urls.smtpUrl)}, ${credentials.seal(id, 'imap', urls.imapUrl)}, 'CONNECTED', now(), now())`.execute(
    db(stack),
  );
  await sendWithoutGap(stack, m.userId);
  return id;
}

/** A connected mailbox is paced by default (60–180 s between sends): the mail suites' senders send without a gap. */
export async function sendWithoutGap(stack: Stack, userId: string): Promise<void> {
  await sql`UPDATE users SET hourly_send_limit = 3600, min_send_gap_seconds = 0, max_send_gap_seconds = 0 WHERE id = ${userId}`.execute(
    db(stack),
  );
}

/** Hands a raw RFC 5322 message (bytes as they are, for a Buffer) to GreenMail's SMTP for `to`, logged in as `from` (a GreenMail user). */
export async function deliverRaw(
  greenmail: RunningGreenMail,
  from: string,
  to: string,
  raw: string | Buffer,
): Promise<void> {
  const transport = nodemailer.createTransport({
    host: greenmail.host,
    port: greenmail.smtpPort,
    secure: false,
    auth: { user: from, pass: MAIL_PASSWORD },
  });
  try {
    await transport.sendMail({ envelope: { from, to }, raw });
  } finally {
    transport.close();
  }
}

/** Everything in a GreenMail user's INBOX, read as the service reads a mailbox (read-only). */
export async function readInbox(greenmail: RunningGreenMail, address: string): Promise<InboxFetched[]> {
  const inbox = new ImapInbox({
    host: greenmail.host,
    port: greenmail.imapPort,
    tls: false,
    requireStartTls: false,
    user: address,
    password: MAIL_PASSWORD,
  });
  try {
    await inbox.open();
    return await inbox.fetchMessages(await inbox.sizesOf(await inbox.uidsAfter(0)));
  } finally {
    await inbox.close();
  }
}

/**
 * A prospect with a GreenMail inbox, enrolled in the template through the API; answers once the
 * run's first email went out (its Message-ID is the one a reply names).
 */
export async function enrollMailProspect(
  stack: Stack,
  greenmail: RunningGreenMail,
  org: TestOrg,
  templateId: string,
  local: string,
) {
  const address = await mailUser(greenmail, local, 'prospect.test');
  const contactId = await insertContact(stack, org.organizationId, { email: address, firstName: 'Pat' });
  await sql`UPDATE contacts SET email_status = 'DELIVERABLE' WHERE id = ${contactId}`.execute(db(stack));
  const enrolled = await client(stack.url).post('/v1/sequences', {
    key: org.apiKey,
    body: { contact_id: contactId, sequence_template_id: templateId },
  });
  if (enrolled.status !== 201) throw new Error(`enrollment answered ${enrolled.status}: ${enrolled.text}`);
  const sequenceId = enrolled.body.id as string;
  await until(async () => (await messagesOf(stack, sequenceId)).length === 1, {
    timeoutMs: 60_000,
    what: 'the first email',
  });
  return { address, contactId, sequenceId, messageId: await sentMessageId(stack, sequenceId) };
}

export interface InboxRow {
  uid: string;
  uid_validity: string;
  kind: string;
  rfc_message_id: string | null;
  matched_message_id: string | null;
  detail: Record<string, unknown> | null;
}

export async function inboxRows(stack: Stack, mailboxId: string): Promise<InboxRow[]> {
  const { rows } =
    await sql<InboxRow>`SELECT uid, uid_validity, kind, rfc_message_id, matched_message_id, detail FROM mailbox_inbox_messages
                                       WHERE mailbox_id = ${mailboxId} ORDER BY uid_validity, uid::bigint`.execute(
      db(stack),
    );
  return rows;
}

/** The Message-ID the run's first email went out with. */
export async function sentMessageId(stack: Stack, sequenceId: string): Promise<string> {
  const { rows } = await sql<{
    message_id: string;
  }>`SELECT request ->> 'messageId' AS message_id FROM outbound_effects WHERE sequence_id = ${sequenceId} AND kind = 'EMAIL'`.execute(
    db(stack),
  );
  if (!rows[0]) throw new Error(`no email was recorded for the run ${sequenceId}`);
  return rows[0].message_id;
}

/** Tables whose text a message from outside may reach: the inbox's record, messages, the activity stream, tasks, mailboxes, contacts, exclusions, webhook deliveries. */
const STORED_TEXT_TABLES = [
  'mailbox_inbox_messages',
  'messages',
  'activities',
  'tasks',
  'mailboxes',
  'contacts',
  'contact_exclusions',
  'webhook_deliveries',
];

/** A JSON escape of NUL, or of a surrogate without its pair. */
const ESCAPED_UNSTORABLE =
  /\\u0000|\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f][0-9a-f]{2})|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i;

function unstorableIn(value: unknown, path: string, found: string[]): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000') || !value.isWellFormed() || ESCAPED_UNSTORABLE.test(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorableIn(item, `${path}[${i}]`, found));
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      unstorableIn(key, `${path} (a key)`, found);
      unstorableIn(item, `${path}.${key}`, found);
    }
  }
}

/**
 * Every text, varchar, json and jsonb value of the tables inbound mail may reach that holds NUL or a
 * lone surrogate, as a character (json parsed back) or as a JSON escape: `table.column (id)` each.
 */
export async function unstorableText(stack: Stack): Promise<string[]> {
  const found: string[] = [];
  for (const table of STORED_TEXT_TABLES) {
    const { rows: columns } = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table} AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`.execute(
      db(stack),
    );
    if (!columns.length) continue;
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT ${sql.join(columns.map((c) => sql.ref(c.column_name)))}, id::text AS row_id FROM ${sql.table(table)}`.execute(
      db(stack),
    );
    for (const row of rows) {
      for (const { column_name: column } of columns)
        unstorableIn(row[column], `${table}.${column} (${String(row.row_id)})`, found);
    }
  }
  return found;
}

/** Starts the mailbox's sync workflow and waits for its first run to set the cursor: mail that arrives from then on is read. */
export async function startSyncAndWaitForCursor(
  stack: Stack,
  mailbox: { id: string; organizationId: string },
): Promise<void> {
  await startMailboxSync(stack.temporal, mailbox, stack.taskQueue);
  await until(
    async () =>
      (
        await sql<{ uid_validity: string | null }>`SELECT uid_validity FROM mailboxes WHERE id = ${mailbox.id}`.execute(
          db(stack),
        )
      ).rows[0]?.uid_validity != null,
    { timeoutMs: 60_000, what: 'the first sync set the cursor' },
  );
}

/**
 * A sender and a prospect with GreenMail accounts, the sender's mailbox connected for the org's
 * owner (so the run's emails go through GreenMail's SMTP), and the prospect as a contact.
 */
export async function connectedSenderAndProspect(stack: Stack, greenmail: RunningGreenMail, org: TestOrg) {
  const tag = randomUUID();
  const sender = { address: `rep-${tag}@sales.test`, password: `pw-${tag}` };
  const prospect = { address: `prospect-${tag}@buyer.test`, password: `pp-${tag}` };
  await Promise.all([
    greenmail.addUser(sender.address, sender.password),
    greenmail.addUser(prospect.address, prospect.password),
  ]);
  const connected = await connectMailbox(
    stack.orm.em.fork(),
    { credentials: new MailboxCredentials(stack.config.webhookSecretKey) },
    { userId: org.userId, ...greenmail.urls(sender.address, sender.password) },
  );
  await sendWithoutGap(stack, org.userId);
  const contactId = await insertContact(stack, org.organizationId, { email: prospect.address, firstName: 'Pat' });
  return { sender, prospect, connected, contactId };
}

/**
 * Runs `steps` (as run `options.id` when given) for a prospect with a GreenMail inbox, sent through
 * the owner's GreenMail mailbox; answers once every step went out and arrived (the run's workflow
 * then ends), with the prospect's login and the run.
 */
export async function runToProspectInbox(
  stack: Stack,
  greenmail: RunningGreenMail,
  org: TestOrg,
  steps: StepSpec[],
  options: { id?: string; tracking?: { open?: boolean; click?: boolean } } = {},
) {
  const { prospect, contactId } = await connectedSenderAndProspect(stack, greenmail, org);
  const templateId = await insertTemplate(stack, org.organizationId, steps, {
    senderUserId: org.userId,
    tracking: options.tracking,
  });
  const sequenceId = await insertSequence(stack, org.organizationId, { contactId, templateId, id: options.id });
  const handle = await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, {
    taskQueue: stack.taskQueue,
    workflowId: sequenceWorkflowId(sequenceId),
    args: [{ sequenceId, organizationId: org.organizationId }],
  });
  await until(async () => (await messagesOf(stack, sequenceId)).length === steps.length, 60_000);
  const arrived = async () => (await readRawInbox(greenmail, prospect.address, prospect.password)).length;
  await until(async () => (await arrived()) === steps.length, 15_000);
  await handle.terminate('test done').catch(() => {});
  return { prospect, contactId, sequenceId };
}
