// The footer of sequence emails (domain/engagement/footer.ts) and the parts trackedEmail builds around
// it: sender identity and postal address with the unsubscribe link in both parts, HTML escaped,
// the footer never tracked; open and click tracking each turned off on its own.
import assert from 'node:assert/strict';
import { complianceFooter } from '../../../domain/engagement/footer.ts';
import { trackedEmail } from '../../../domain/engagement/tracking.ts';

const UNSUBSCRIBE = 'https://outreach.test/u/abc.def';
const MESSAGE_ID = '0b6a1a8e-5a3c-4a9e-8f1e-2d3c4b5a6f70';

describe('compliance footer', () => {
  it('when the organization set its identity and address, then both parts carry them (each address line) before the unsubscribe link', () => {
    const footer = complianceFooter({
      senderIdentity: 'Acme <Tools> & Co',
      postalAddress: '1 Main St\r\n\n  Springfield, IL 62701  ',
      unsubscribeUrl: UNSUBSCRIBE,
    });
    assert.equal(footer.text, `--\nAcme <Tools> & Co\n1 Main St\nSpringfield, IL 62701\nUnsubscribe: ${UNSUBSCRIBE}`);
    assert.equal(
      footer.html,
      `<p style="font-size:12px;color:#666">Acme &lt;Tools&gt; &amp; Co<br>1 Main St<br>Springfield, IL 62701<br><a href="${UNSUBSCRIBE}">Unsubscribe</a></p>`,
    );
  });

  it('when nothing is set, then the footer is the unsubscribe link alone', () => {
    const footer = complianceFooter({ senderIdentity: null, postalAddress: null, unsubscribeUrl: UNSUBSCRIBE });
    assert.equal(footer.text, `--\nUnsubscribe: ${UNSUBSCRIBE}`);
    assert.equal(footer.html, `<p style="font-size:12px;color:#666"><a href="${UNSUBSCRIBE}">Unsubscribe</a></p>`);
  });

  it('when an email is built, then the footer ends both parts untracked, and open and click tracking can each be off', () => {
    const base = {
      baseUrl: 'https://track.example.test',
      secret: 'k'.repeat(32),
      messageId: MESSAGE_ID,
      body: 'See https://example.com/x.',
      unsubscribeUrl: UNSUBSCRIBE,
      sender: { identity: 'Acme Inc.', postalAddress: '1 Main St' },
    };
    const tracked = trackedEmail(base);
    assert.ok(tracked.text.endsWith(`--\nAcme Inc.\n1 Main St\nUnsubscribe: ${UNSUBSCRIBE}`), tracked.text);
    assert.match(tracked.text, /^See https:\/\/track\.example\.test\/t\/c\/[^ ]+\.\n/);
    assert.match(
      tracked.html,
      /Acme Inc\.<br>1 Main St<br><a href="https:\/\/outreach\.test\/u\/abc\.def">Unsubscribe<\/a>/,
    );
    assert.match(tracked.html, /<img src="https:\/\/track\.example\.test\/t\/o\//);

    const noOpens = trackedEmail({ ...base, openTracking: false });
    assert.doesNotMatch(noOpens.html, /<img|\/t\/o\//);
    assert.match(noOpens.text, /\/t\/c\//);

    const noClicks = trackedEmail({ ...base, clickTracking: false });
    assert.match(noClicks.text, /^See https:\/\/example\.com\/x\.\n/);
    assert.match(noClicks.html, /<a href="https:\/\/example\.com\/x">https:\/\/example\.com\/x<\/a>\./);
    assert.doesNotMatch(noClicks.html, /\/t\/c\//);
    assert.match(noClicks.html, /\/t\/o\//);
  });
});
