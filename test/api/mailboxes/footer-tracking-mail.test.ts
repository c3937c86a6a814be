// The compliance footer and tracking of a run's email as the prospect's mailbox receives it, against
// a real SMTP and IMAP server (GreenMail): the email is multipart/alternative with the sender
// identity, postal address and unsubscribe link in both parts (and the List-Unsubscribe header);
// with tracking on, links and pixel go through the organization's tracking domain, unsubscribe link
// included (also where the step's own footer places it with {{ unsubscribe_url }}, untracked); with
// open and click tracking off there is no pixel and the links arrive as written.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { newOrg } from '../../helpers/fixtures.ts';
import { getGreenMail, type RunningGreenMail } from '../../helpers/greenmail.ts';
import { readRawInbox } from '../../helpers/imap-inbox.ts';
import { runToProspectInbox } from '../../helpers/mailboxes.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { setSenderAddress } from '../../../domain/sending/sender-address.ts';

const BODY = 'Hi {{first_name}}, the case study: https://example.com/case?a=1&b=2. More at https://example.org/x';

describe('footer and tracking of a received email', function () {
  this.timeout(120_000);
  let stack: Stack;
  let mail: RunningGreenMail;

  before(async () => {
    [stack, mail] = await Promise.all([getStack(), getGreenMail()]);
  });

  /** One email step, sent through the owner's GreenMail mailbox to a GreenMail prospect of a new organization; answers the raw email and its parsed parts. */
  async function received(tracking: { open?: boolean; click?: boolean }, trackingDomain: string | null, body = BODY) {
    const org = await newOrg(stack);
    await setSenderAddress(stack.orm.em.fork(), org.organizationId, {
      sender_identity: 'Acme Inc.',
      postal_address: '1 Main St\nSpringfield, IL 62701',
    });
    await sql`UPDATE organizations SET tracking_domain = ${trackingDomain} WHERE id = ${org.organizationId}`.execute(
      stack.orm.em.fork().getKysely(),
    );
    const steps = [{ type: 'EMAIL' as const, delay_days: 0, subject: 'Case study', body }];
    const { prospect } = await runToProspectInbox(stack, mail, org, steps, { tracking });
    const [raw] = await readRawInbox(mail, prospect.address, prospect.password);
    const parsed = await simpleParser(raw);
    return { raw, text: parsed.text ?? '', html: String(parsed.html || '') };
  }

  /** The origins of a part's links: its bare URLs (text) or its href and src values (HTML). */
  const linkOrigins = (part: string, html: boolean) =>
    [
      ...new Set(
        [...part.matchAll(html ? /(?:href|src)="([^"]+)"/g : /https?:\/\/[^\s<>"]+/g)].map(
          (m) => new URL((m[1] ?? m[0]).replace(/&amp;/g, '&').replace(/[.,]$/, '')).origin,
        ),
      ),
    ].sort();

  it('when tracking is on and the organization has a tracking domain, then both parts carry the footer and unsubscribe link, and every link, the pixel and the unsubscribe link use that domain', async () => {
    const own = `${BODY}\n--\nOpt out: {{ unsubscribe_url }}`;
    const { raw, text, html } = await received({}, 'track.acme-mail.test', own);
    assert.match(raw, /^Content-Type: multipart\/alternative;/m);
    const unsubscribe = /Unsubscribe: (\S+)\s*$/.exec(text)?.[1];
    assert.ok(unsubscribe?.startsWith('https://track.acme-mail.test/u/'), text);
    assert.ok(
      text.trimEnd().endsWith(`--\nAcme Inc.\n1 Main St\nSpringfield, IL 62701\nUnsubscribe: ${unsubscribe}`),
      text,
    );
    assert.ok(
      html.includes(`Acme Inc.<br>1 Main St<br>Springfield, IL 62701<br><a href="${unsubscribe}">Unsubscribe</a>`),
      html,
    );
    const header = /^List-Unsubscribe: (.*)$/im.exec(raw.replace(/\r?\n[ \t]+/g, ' '))?.[1];
    assert.equal(header?.trim(), `<${unsubscribe}>`, 'the one-click header names the same link');
    assert.deepEqual(linkOrigins(text, false), ['https://track.acme-mail.test']);
    assert.deepEqual(linkOrigins(html, true), ['https://track.acme-mail.test']);
    // The step's own footer places the same link, untracked: only the two body links go through /t/c/.
    assert.ok(text.includes(`\n--\nOpt out: ${unsubscribe}\n`), text);
    assert.ok(html.includes(`Opt out: <a href="${unsubscribe}">${unsubscribe}</a>`), html);
    assert.equal([...text.matchAll(/\/t\/c\//g)].length, 2, text);
    assert.match(html, /<img src="https:\/\/track\.acme-mail\.test\/t\/o\/[^"]+" width="1" height="1"/);
  });

  it('when open and click tracking are off, then there is no pixel and the links arrive as written, the footer and unsubscribe link still in both parts', async () => {
    const { raw, text, html } = await received({ open: false, click: false }, null);
    assert.match(raw, /^Content-Type: multipart\/alternative;/m);
    assert.doesNotMatch(html, /<img/);
    assert.doesNotMatch(html, /\/t\/o\//);
    assert.doesNotMatch(text + html, /\/t\/c\//);
    assert.ok(
      text.startsWith('Hi Pat, the case study: https://example.com/case?a=1&b=2. More at https://example.org/x\n'),
      text,
    );
    assert.match(
      html,
      /<a href="https:\/\/example\.com\/case\?a=1&amp;b=2">https:\/\/example\.com\/case\?a=1&amp;b=2<\/a>/,
    );
    const unsubscribe = /Unsubscribe: (\S+)\s*$/.exec(text)?.[1];
    assert.ok(unsubscribe && new URL(unsubscribe).pathname.startsWith('/u/'), text);
    assert.ok(text.includes('Acme Inc.\n1 Main St\nSpringfield, IL 62701\nUnsubscribe: '), text);
    assert.ok(html.includes(`Springfield, IL 62701<br><a href="${unsubscribe}">Unsubscribe</a>`), html);
  });
});
