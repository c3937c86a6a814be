// Engagement on the real stack, tracking: the pixel and click redirect of a real run's email
// (signed tokens, no open redirect, trailing punctuation and non-Latin-1 links), with the open and
// click recorded once each even when a client appends its own query parameters.
import assert from 'node:assert/strict';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { eventsOf } from '../../helpers/sequence-fixtures.ts';
import { engagementFixture } from './fixtures.ts';

describe('engagement API: tracking', function () {
  this.timeout(60_000);
  const fx = engagementFixture();
  const { emailed, stop } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  it("when the email's pixel loads and its tracked link is followed, then the open and click are recorded, and the redirect goes only to the signed URL", async () => {
    const run = await emailed();
    assert.equal(
      run.body,
      'Hi Ada, read https://example.com/a?b=1&c=2. Or https://example.org/x',
      'the stored body is as rendered',
    );
    const pixel = /src="([^"]+\/t\/o\/[^"]+)"/.exec(run.html)![1];
    const opened = await fetch(pixel.replace(/^https?:\/\/[^/]+/, stack.url));
    assert.deepEqual([opened.status, opened.headers.get('content-type')], [200, 'image/gif']);
    assert.equal((await opened.arrayBuffer()).byteLength > 0, true);

    const links = [...run.text.matchAll(/https?:\/\/\S+\/t\/c\/\S+/g)].map((m) => m[0].replace(/[.,;:!?)]+$/, ''));
    assert.equal(links.length, 2, run.text);
    const tracked = new URL(links[0]);
    assert.equal(
      tracked.searchParams.get('u'),
      'https://example.com/a?b=1&c=2',
      'trailing punctuation stays outside the link',
    );
    const click = await fetch(`${stack.url}${tracked.pathname}${tracked.search}`, { redirect: 'manual' });
    assert.deepEqual([click.status, click.headers.get('location')], [302, 'https://example.com/a?b=1&c=2']);
    const elsewhere = await fetch(`${stack.url}${tracked.pathname}?u=${encodeURIComponent('https://evil.example/')}`, {
      redirect: 'manual',
    });
    assert.equal(elsewhere.status, 404, 'a URL the token does not sign is refused');
    const tampered = await fetch(`${stack.url}${tracked.pathname.slice(0, -2)}xx${tracked.search}`, {
      redirect: 'manual',
    });
    // A link written with characters outside Latin-1 redirects in its ASCII form (never a 500).
    const unicode = await emailed([
      { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'See https://exämple.test/€uro?q=ü' },
    ]);
    const [unicodeLink] = [...unicode.text.matchAll(/https?:\/\/\S+\/t\/c\/\S+/g)].map((m) => new URL(m[0]));
    const followed = await fetch(`${stack.url}${unicodeLink.pathname}${unicodeLink.search}`, { redirect: 'manual' });
    assert.deepEqual(
      [followed.status, followed.headers.get('location')],
      [302, 'https://xn--exmple-cua.test/%E2%82%ACuro?q=%C3%BC'],
    );
    await stop(unicode.sequenceId);
    assert.equal(tampered.status, 404);
    assert.equal((await fetch(`${stack.url}/t/o/${run.messageId}.AAAAAAAAAAAAAAAAAAAAAA`)).status, 404);

    const message = await api.get(`/v1/messages/${run.messageId}`, { key: org.apiKey });
    assert.deepEqual(
      [message.body.open_count, message.body.click_count, !!message.body.opened_at, !!message.body.clicked_at],
      [1, 1, true, true],
    );
    const types = (await eventsOf(stack, run.sequenceId)).map((e) => e.type);
    assert.deepEqual(types, ['message.sent', 'message.opened', 'message.link_clicked', 'hot_lead.created']);
    const clicked = (await eventsOf(stack, run.sequenceId)).find((e) => e.type === 'message.link_clicked')!;
    assert.deepEqual(
      [clicked.payload.url, clicked.payload.message_id, (clicked.payload.message as { id: string }).id],
      ['https://example.com/a?b=1&c=2', run.messageId, run.messageId],
    );
    await stop(run.sequenceId);
  });

  it('when a mail client, scanner or analytics tool appends query parameters to the pixel or a tracked link, then they are ignored: the open and the click are recorded and the redirect is the signed URL alone', async () => {
    const run = await emailed();
    const pixel = new URL(/src="([^"]+\/t\/o\/[^"]+)"/.exec(run.html)![1]);
    const opened = await fetch(`${stack.url}${pixel.pathname}?utm_source=newsletter&utm_medium=email&x=1&x=2`);
    assert.deepEqual([opened.status, opened.headers.get('content-type')], [200, 'image/gif']);
    await opened.arrayBuffer();

    const tracked = new URL(
      [...run.text.matchAll(/https?:\/\/\S+\/t\/c\/\S+/g)].map((m) => m[0].replace(/[.,;:!?)]+$/, ''))[0],
    );
    const appended = `${tracked.pathname}${tracked.search}&utm_source=x&utm_campaign=spring%20sale&fbclid=abc&u_extra=1`;
    const click = await fetch(`${stack.url}${appended}`, { redirect: 'manual' });
    assert.deepEqual(
      [click.status, click.headers.get('location')],
      [302, 'https://example.com/a?b=1&c=2'],
      'nothing appended is forwarded',
    );
    // Parameters put in front of u are as foreign; the signature still decides.
    const before = await fetch(`${stack.url}${tracked.pathname}?utm_source=x&${tracked.search.slice(1)}`, {
      redirect: 'manual',
    });
    assert.deepEqual([before.status, before.headers.get('location')], [302, 'https://example.com/a?b=1&c=2']);
    const forged = await fetch(
      `${stack.url}${tracked.pathname}?u=${encodeURIComponent('https://evil.example/')}&utm_source=x`,
      { redirect: 'manual' },
    );
    assert.equal(forged.status, 404, 'a URL the token does not sign is still refused');
    const missing = await fetch(`${stack.url}${tracked.pathname}?utm_source=x`, { redirect: 'manual' });
    assert.equal(missing.status, 400, 'u is still required');

    const message = await api.get(`/v1/messages/${run.messageId}`, { key: org.apiKey });
    assert.deepEqual([message.body.open_count, message.body.click_count], [1, 2]);
    await stop(run.sequenceId);
  });
});
