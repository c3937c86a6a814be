// DKIM of the shared transport against a real SMTP and IMAP server (GreenMail): an organization
// registers a sending domain (key pair made, private key sealed, TXT record printed), the check finds
// the record through a test resolver, and an email From that domain sent through the shared SMTP
// transport arrives signed: mailauth, a maintained verifier, passes it against the published key (and
// fails it against another key), its Authentication-Results saying dkim=pass. An email From a domain
// that is not registered goes unsigned.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { authenticate } from 'mailauth';
import { sql } from 'kysely';
import { newOrg } from '../../helpers/fixtures.ts';
import { getGreenMail, type RunningGreenMail } from '../../helpers/greenmail.ts';
import { readRawInbox } from '../../helpers/imap-inbox.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { AdminError } from '../../../domain/admin/admin.service.ts';
import { checkSendingDomain, registerSendingDomain } from '../../../domain/sending/dkim.ts';
import { MailboxCredentials } from '../../../domain/mailboxes/credentials.ts';
import { mailboxSending } from '../../../domain/mailboxes/mailbox-sending.ts';
import type { DnsResolve } from '../../../domain/sending/dns.ts';
import { SmtpMailTransport } from '../../../providers/mail/smtp.ts';

/** A DNS answering only the TXT records given; anything else is NXDOMAIN. */
const txtResolver =
  (txt: Record<string, string>): DnsResolve =>
  async (name, rrtype) => {
    if (rrtype === 'TXT' && txt[name.toLowerCase()]) return [[txt[name.toLowerCase()]]];
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };

describe('DKIM signing of the shared transport', function () {
  this.timeout(120_000);
  let stack: Stack;
  let mail: RunningGreenMail;

  before(async () => {
    [stack, mail] = await Promise.all([getStack(), getGreenMail()]);
  });

  it('when an organization registered and published its domain, then its emails arrive signed and mailauth verifies them against the published key', async () => {
    const org = await newOrg(stack);
    const tag = randomUUID().split('-')[0];
    const domain = `brand-${tag}.test`;
    const secretKey = stack.config.webhookSecretKey;
    const em = () => stack.orm.em.fork();

    const registered = await registerSendingDomain(em(), { secretKey }, org.organizationId, domain.toUpperCase());
    assert.equal(registered.domain, domain);
    assert.equal(registered.dns_record.name, `outreach1._domainkey.${domain}`);
    assert.match(registered.dns_record.value, /^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);
    assert.equal(registered.verified_at, null);
    assert.deepEqual(
      await registerSendingDomain(em(), { secretKey }, org.organizationId, domain),
      registered,
      'again: the same',
    );
    await assert.rejects(
      registerSendingDomain(em(), { secretKey }, (await newOrg(stack)).organizationId, domain),
      AdminError,
    );
    const { rows } = await sql<{
      private_key_sealed: string;
    }>`SELECT private_key_sealed FROM sending_domains WHERE domain = ${domain}`.execute(em().getKysely());
    assert.match(rows[0].private_key_sealed, /^v1\./, 'sealed at rest');
    assert.ok(!rows[0].private_key_sealed.includes('PRIVATE KEY'));

    const published = txtResolver({ [registered.dns_record.name]: registered.dns_record.value });
    await assert.rejects(checkSendingDomain(em(), { resolve: txtResolver({}) }, org.organizationId, domain), /publish/);
    const checked = await checkSendingDomain(em(), { resolve: published }, org.organizationId, domain);
    assert.ok(checked.verified_at);

    const sender = { address: `rep@${domain}`, password: `pw-${tag}` };
    const prospect = { address: `prospect-${tag}@buyer.test`, password: `pp-${tag}` };
    await Promise.all([
      mail.addUser(sender.address, sender.password),
      mail.addUser(prospect.address, prospect.password),
    ]);
    const smtp = new SmtpMailTransport({ smtpUrl: mail.urls(sender.address, sender.password).smtpUrl });
    // The shared transport as the runs' and task replies' routing hands it out (a sender without a connected mailbox).
    const routing = mailboxSending({
      credentials: new MailboxCredentials(secretKey),
      fallback: smtp,
      dkimSecretKey: secretKey,
    });
    const sharedFor = async (senderId: string) => {
      const route = await routing.route(em(), senderId);
      assert.equal(route.kind, 'TRANSPORT');
      return (route as Extract<typeof route, { kind: 'TRANSPORT' }>).mail;
    };
    const shared = await sharedFor(org.userId);
    // Another organization's sender From the same domain: not theirs, not signed.
    const stranger = await sharedFor((await newOrg(stack)).userId);
    const email = (from: string, n: number) => ({
      from: { name: 'Rep', email: from },
      to: { email: prospect.address },
      subject: `Hello ${n}`,
      text: 'Hi there',
      html: '<p>Hi there</p>',
      headers: {},
      messageId: `<dkim-${tag}-${n}@${domain}>`,
    });
    try {
      assert.equal((await shared.send(email(sender.address, 1))).accepted, true);
      assert.equal((await shared.send(email(`other@unregistered-${tag}.test`, 2))).accepted, true);
      assert.equal((await stranger.send(email(sender.address, 3))).accepted, true);
    } finally {
      smtp.close();
    }
    let raw: string[] = [];
    for (let i = 0; i < 50 && raw.length < 3; i++) {
      raw = await readRawInbox(mail, prospect.address, prospect.password);
      if (raw.length < 3) await new Promise((r) => setTimeout(r, 200));
    }
    const signed = raw.find((m) => /^Subject: Hello 1/m.test(m))!;
    const unsigned = raw.find((m) => /^Subject: Hello 2/m.test(m))!;
    const notTheirs = raw.find((m) => /^Subject: Hello 3/m.test(m))!;
    assert.match(signed, /^DKIM-Signature: [^]*?\s+d=brand-[^;]+; q=dns\/txt; s=outreach1;/m);
    assert.doesNotMatch(unsigned, /^DKIM-Signature:/m);
    assert.doesNotMatch(notTheirs, /^DKIM-Signature:/m, "another organization's sender is not signed with its key");

    const verify = (message: string, resolver: DnsResolve) =>
      authenticate(message, {
        resolver: resolver as never,
        ip: '127.0.0.1',
        helo: 'localhost',
        sender: sender.address,
        mta: 'mx.buyer.test',
        disableArc: true,
        disableBimi: true,
      });
    const result = await verify(signed, published);
    assert.equal(result.dkim.results[0].status.result, 'pass', JSON.stringify(result.dkim.results[0].status));
    assert.equal(result.dkim.results[0].signingDomain, domain);
    assert.match(
      result.headers,
      /Authentication-Results: mx\.buyer\.test;\r?\n dkim=pass header\.i=@brand-[^ ]+ header\.s=outreach1/,
    );

    const other = await registerSendingDomain(em(), { secretKey }, org.organizationId, `other-${domain}`);
    const wrongKey = await verify(signed, txtResolver({ [registered.dns_record.name]: other.dns_record.value }));
    assert.equal(wrongKey.dkim.results[0].status.result, 'fail', 'another key does not verify it');
  });
});
