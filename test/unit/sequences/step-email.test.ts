// An email step's parts as the send path and the preview compose them (domain/sequences/step-email.ts):
// the unsubscribe link, tracking links and pixel all on the organization's tracking domain when it
// has one, else on the public base URL; the unsubscribe link a body places is never click-tracked.
import assert from 'node:assert/strict';
import { verifyUnsubscribeToken } from '../../../domain/sequences/unsubscribe-token.ts';
import { emailVariables, stepEmail, unsubscribeUrl } from '../../../domain/sequences/step-email.ts';

const SETTINGS = { baseUrl: 'https://outreach.test', secret: 'unit-test-secret-unit-test-secret' };
const IDS = { sequenceId: '5d7c1b5e-2a4f-4c1e-9a3b-7f6e5d4c3b2a', messageId: '0b6a1a8e-5a3c-4a9e-8f1e-2d3c4b5a6f70' };
const row = (trackingDomain: string | null) => ({
  tracking_domain: trackingDomain,
  sender_identity: null,
  postal_address: null,
  open_tracking: true,
  click_tracking: true,
});
const origins = (s: string) => [...new Set([...s.matchAll(/https?:\/\/[^/\s"]+/g)].map((m) => m[0]))];
/** The origins an HTML part's href and src point at (its link texts show the targets as written). */
const targets = (html: string) => origins([...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]).join(' '));

describe('step email', () => {
  it('when the organization has a tracking domain, then the unsubscribe link, the tracked links and the pixel use it', () => {
    const email = stepEmail(SETTINGS, row('track.acme.test'), IDS, 'Read https://example.com/a');
    assert.equal(email.linkBaseUrl, 'https://track.acme.test');
    assert.match(email.unsubscribeUrl, /^https:\/\/track\.acme\.test\/u\/[^/]+$/);
    assert.equal(verifyUnsubscribeToken(SETTINGS.secret, email.unsubscribeUrl.split('/u/')[1]), IDS.sequenceId);
    assert.ok(email.text.endsWith(`Unsubscribe: ${email.unsubscribeUrl}`));
    assert.match(email.text, /^Read https:\/\/track\.acme\.test\/t\/c\//);
    assert.match(email.html, /<img src="https:\/\/track\.acme\.test\/t\/o\//);
    // The link's target is in its query, encoded: no other origin is linked in either part.
    assert.deepEqual(origins(email.text), ['https://track.acme.test']);
    assert.deepEqual(targets(email.html), ['https://track.acme.test']);
  });

  it('when it has none, then everything is on the public base URL', () => {
    const email = stepEmail(SETTINGS, row(null), IDS, 'Read https://example.com/a');
    assert.equal(email.unsubscribeUrl, unsubscribeUrl(SETTINGS, row(null), IDS.sequenceId));
    assert.deepEqual(origins(email.text), ['https://outreach.test']);
    assert.deepEqual(targets(email.html), ['https://outreach.test']);
  });

  it('when the body places the unsubscribe link ({{ unsubscribe_url }}), then it goes out as is in both parts, never through the click redirect', () => {
    const url = unsubscribeUrl(SETTINGS, row('track.acme.test'), IDS.sequenceId);
    assert.equal(emailVariables({ first_name: 'Ada' }, url).unsubscribe_url, url);
    const email = stepEmail(
      SETTINGS,
      row('track.acme.test'),
      IDS,
      `Hi\n--\nAcme. Opt out: ${url}\nhttps://example.com`,
    );
    assert.ok(email.text.startsWith(`Hi\n--\nAcme. Opt out: ${url}\nhttps://track.acme.test/t/c/`), email.text);
    assert.ok(email.html.includes(`Opt out: <a href="${url}">${url}</a>`), email.html);
  });
});
