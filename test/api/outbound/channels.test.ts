// The outreach channels' providers: the SMTP transport against a real local SMTP server
// (smtp-server), the sandbox mail transport and LinkedIn channel storing through the stack's ORM,
// and createProviders choosing SMTP only when SMTP_URL is set.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createProviders } from '../../../providers/index.ts';
import { sandboxLinkedinActions, SandboxLinkedin } from '../../../providers/linkedin/sandbox.ts';
import { unsubscribeHeaders, type OutboundEmail } from '../../../providers/mail/index.ts';
import { sandboxOutboundEmails, SandboxMailTransport } from '../../../providers/mail/sandbox.ts';
import { SmtpMailTransport } from '../../../providers/mail/smtp.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server without auth or TLS that keeps every message; RCPT refusals by local part. */
async function startSmtpServer(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refuse = (message: string, code: number) =>
        callback(Object.assign(new Error(message), { responseCode: code }));
      if (address.address.startsWith('nobody@')) return refuse('5.1.1 No such user here', 550);
      if (address.address.startsWith('busy@')) return refuse('4.2.1 Mailbox busy, try later', 451);
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Header name (lower-cased) to value, folded lines joined. */
function headersOf(raw: string): Map<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function email(overrides: Partial<OutboundEmail> = {}): OutboundEmail {
  return {
    from: { name: 'Sam Sender', email: 'sam@outreach.test' },
    to: { name: 'Ada Lovelace', email: 'ada@acme.test' },
    subject: 'Quick question, Ada',
    text: 'Hi Ada,\nA short note about engines.\n',
    html: '<p>Hi Ada,</p><p>A short note about engines.</p>',
    headers: unsubscribeHeaders('https://out.example.com/v1/unsubscribe/tok123'),
    messageId: `${randomUUID()}@outreach.test`,
    ...overrides,
  };
}

describe('SMTP mail transport', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let transport: SmtpMailTransport;

  before(async () => {
    smtp = await startSmtpServer();
    transport = new SmtpMailTransport({ smtpUrl: smtp.url });
  });

  after(async () => {
    transport.close();
    await smtp.close();
  });

  it('when an email is sent, then the server receives it with subject, body, From/To, List-Unsubscribe headers and the Message-ID', async () => {
    const message = email();
    const result = await transport.send(message);
    assert.deepEqual(result, { accepted: true, providerMessageId: `<${message.messageId}>`, error: null });
    const got = smtp.received.find((r) => r.raw.includes(message.messageId));
    assert.ok(got, 'the server received no such message');
    assert.equal(got.from, 'sam@outreach.test');
    assert.deepEqual(got.to, ['ada@acme.test']);
    const headers = headersOf(got.raw);
    assert.equal(headers.get('subject'), 'Quick question, Ada');
    // A display name is quoted only when it needs to be, so either form is the same address.
    assert.match(headers.get('from') ?? '', /^"?Sam Sender"? <sam@outreach\.test>$/);
    assert.match(headers.get('to') ?? '', /^"?Ada Lovelace"? <ada@acme\.test>$/);
    assert.equal(headers.get('message-id'), `<${message.messageId}>`);
    assert.equal(headers.get('list-unsubscribe'), '<https://out.example.com/v1/unsubscribe/tok123>');
    assert.equal(headers.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
    assert.match(got.raw, /Hi Ada,\r\nA short note about engines\./);
    assert.match(got.raw, /<p>A short note about engines\.<\/p>/);
  });

  it('when the recipient has no name and no html is given, then To is the bare address and the body plain text', async () => {
    const message = email({ to: { email: 'grace@globex.test' }, html: undefined });
    assert.equal((await transport.send(message)).accepted, true);
    const got = smtp.received.find((r) => r.raw.includes(message.messageId));
    assert.ok(got);
    const headers = headersOf(got.raw);
    assert.equal(headers.get('to'), 'grace@globex.test');
    assert.match(headers.get('content-type') ?? '', /^text\/plain/);
  });

  it("when the server refuses the recipient for good (550), then accepted is false with the server's error and nothing is delivered", async () => {
    const message = email({ to: { email: 'nobody@acme.test' } });
    const before = smtp.received.length;
    const result = await transport.send(message);
    assert.equal(result.accepted, false);
    assert.equal(result.providerMessageId, `<${message.messageId}>`);
    assert.match(result.error ?? '', /No such user/);
    assert.equal(smtp.received.length, before);
  });

  it('when the server refuses the recipient for now (451), then send throws so the caller retries', async () => {
    await assert.rejects(
      transport.send(email({ to: { email: 'busy@acme.test' } })),
      /Mailbox busy|recipients were rejected/,
    );
  });

  it('when no server listens at SMTP_URL, then send throws rather than answering refused', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const dead = new SmtpMailTransport({ smtpUrl: closed.url });
    try {
      await assert.rejects(dead.send(email()));
    } finally {
      dead.close();
    }
  });
});

describe('sandbox mail transport and LinkedIn channel', () => {
  let stack: Stack;

  before(async () => {
    stack = await getStack();
  });

  it('when an email is sent through the sandbox, then it is stored with every field and readable by recipient and Message-ID', async () => {
    const mail = new SandboxMailTransport(stack.orm);
    const to = `${randomUUID()}@acme.test`;
    const message = email({ to: { name: 'Ada Lovelace', email: to } });
    const result = await mail.send(message);
    assert.equal(result.accepted, true);
    assert.equal(result.error, null);
    assert.match(result.providerMessageId, /^sandbox-/);
    const stored = await sandboxOutboundEmails(stack.orm, { toEmail: to });
    assert.equal(stored.length, 1);
    const [row] = stored;
    assert.deepEqual(
      {
        messageId: row.messageId,
        fromName: row.fromName,
        fromEmail: row.fromEmail,
        toName: row.toName,
        toEmail: row.toEmail,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
      },
      {
        messageId: `<${message.messageId}>`,
        fromName: 'Sam Sender',
        fromEmail: 'sam@outreach.test',
        toName: 'Ada Lovelace',
        toEmail: to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      },
    );
    assert.equal((await sandboxOutboundEmails(stack.orm, { messageId: message.messageId })).length, 1);
  });

  it('when the same Message-ID is sent twice (a retried activity), then one email is stored and both answers name it', async () => {
    const mail = new SandboxMailTransport(stack.orm);
    const to = `${randomUUID()}@acme.test`;
    const message = email({ to: { email: to } });
    const [first, second] = await Promise.all([
      mail.send(message),
      mail.send({ ...message, messageId: `<${message.messageId}>` }),
    ]);
    assert.equal(first.providerMessageId, second.providerMessageId);
    const stored = await sandboxOutboundEmails(stack.orm, { toEmail: to });
    assert.equal(stored.length, 1);
    assert.equal(stored[0].toName, null);
    assert.equal(stored[0].html, message.html);
  });

  it('when an invitation and a message go to a profile, then both are accepted and recorded under its canonical URL', async () => {
    const linkedin = new SandboxLinkedin(stack.orm);
    const slug = `ada-${randomUUID()}`;
    const sender = randomUUID();
    const invitation = await linkedin.sendInvitation({
      key: randomUUID(),
      senderUserId: sender,
      linkedinUrl: `linkedin.com/in/${slug.toUpperCase()}/`,
      note: 'Hello Ada',
    });
    const message = await linkedin.sendMessage({
      key: randomUUID(),
      senderUserId: sender,
      linkedinUrl: `https://www.linkedin.com/in/${slug}`,
      body: 'Thanks for connecting',
    });
    assert.equal(invitation.accepted, true);
    assert.equal(invitation.error, null);
    assert.equal(message.accepted, true);
    assert.notEqual(invitation.providerId, message.providerId);
    const actions = await sandboxLinkedinActions(stack.orm, { linkedinUrl: `https://de.linkedin.com/in/${slug}` });
    assert.deepEqual(
      actions.map((a) => [a.kind, a.senderUserId, a.linkedinUrl, a.text, a.accepted]),
      [
        ['INVITATION', sender, `https://www.linkedin.com/in/${slug}`, 'Hello Ada', true],
        ['MESSAGE', sender, `https://www.linkedin.com/in/${slug}`, 'Thanks for connecting', true],
      ],
    );
    assert.equal(`sandbox-li-${actions[0].id}`, invitation.providerId);
  });

  it('when the profile slug starts with unreachable-, then both kinds are refused as PROFILE_UNREACHABLE and the refusal is recorded', async () => {
    const linkedin = new SandboxLinkedin(stack.orm);
    const url = `https://www.linkedin.com/in/unreachable-${randomUUID()}`;
    const sender = randomUUID();
    const invitation = await linkedin.sendInvitation({
      key: randomUUID(),
      senderUserId: sender,
      linkedinUrl: url,
      note: null,
    });
    const message = await linkedin.sendMessage({
      key: randomUUID(),
      senderUserId: sender,
      linkedinUrl: url,
      body: 'Hi',
    });
    for (const result of [invitation, message]) {
      assert.equal(result.accepted, false);
      assert.equal(result.error, 'PROFILE_UNREACHABLE');
      assert.match(result.providerId, /^sandbox-li-/);
    }
    const actions = await sandboxLinkedinActions(stack.orm, { senderUserId: sender });
    assert.deepEqual(
      actions.map((a) => [a.kind, a.accepted, a.error]),
      [
        ['INVITATION', false, 'PROFILE_UNREACHABLE'],
        ['MESSAGE', false, 'PROFILE_UNREACHABLE'],
      ],
    );
  });

  it('when the URL is not a LinkedIn profile, then it is refused as INVALID_PROFILE_URL; a slug merely containing unreachable- is accepted', async () => {
    const linkedin = new SandboxLinkedin(stack.orm);
    const refused = await linkedin.sendMessage({
      key: randomUUID(),
      senderUserId: randomUUID(),
      linkedinUrl: 'https://example.com/in/ada',
      body: 'Hi',
    });
    assert.deepEqual([refused.accepted, refused.error], [false, 'INVALID_PROFILE_URL']);
    const accepted = await linkedin.sendMessage({
      key: randomUUID(),
      senderUserId: randomUUID(),
      linkedinUrl: `https://www.linkedin.com/in/not-unreachable-${randomUUID()}`,
      body: 'Hi',
    });
    assert.equal(accepted.accepted, true);
  });

  it('when SMTP_URL is set, then createProviders sends through SMTP, else through the sandbox', () => {
    const base = { enrichAsyncDelayMs: 0, slowVerifyMs: 0 };
    const smtp = createProviders({ orm: stack.orm, config: { ...base, smtpUrl: 'smtp://127.0.0.1:2525' } });
    assert.ok(smtp.mail instanceof SmtpMailTransport);
    (smtp.mail as SmtpMailTransport).close();
    const sandbox = createProviders({ orm: stack.orm, config: { ...base, smtpUrl: undefined } });
    assert.ok(sandbox.mail instanceof SandboxMailTransport);
    assert.ok(sandbox.linkedin instanceof SandboxLinkedin);
  });
});
