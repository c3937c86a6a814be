// Tracking under the sender's control, on the real stack (sandbox transport): a template with open
// tracking off sends no pixel, one with click tracking off sends its links unchanged; an
// organization's tracking domain is set only once DNS (a test resolver) shows it reaches the
// service, its emails' links, pixel and unsubscribe link then use it, and the service answers them on that host.
import assert from 'node:assert/strict';
import type { Stack } from '../../helpers/stack.ts';
import type { client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { AdminError, showOrganization } from '../../../domain/admin/admin.service.ts';
import { setTrackingDomain } from '../../../domain/sending/tracking-domain.ts';
import type { DnsResolve } from '../../../domain/sending/dns.ts';
import { engagementFixture } from './fixtures.ts';

const LINKS_BODY = 'Hi {{first_name}}, read https://example.com/a?b=1&c=2. Or https://example.org/x';
const steps = [
  { type: 'EMAIL' as const, delay_days: 0, subject: 'Hi', body: LINKS_BODY },
  { type: 'EMAIL' as const, delay_days: 3, subject: 'Again', body: 'Again' },
];

/** A DNS of a table: names to their records by type; any other question is NXDOMAIN. */
function testResolver(table: Record<string, Partial<Record<'A' | 'AAAA' | 'CNAME' | 'TXT', unknown[]>>>): DnsResolve {
  return async (name, rrtype) => {
    const found = table[name.toLowerCase()]?.[rrtype];
    if (found) return found;
    throw Object.assign(new Error(`queryX ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
}

describe('engagement API: tracking under the sender’s control', function () {
  this.timeout(60_000);
  const fx = engagementFixture();
  const { emailed, stop } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  it('when a template turns open tracking off, then its email has no pixel and its links are still tracked', async () => {
    const run = await emailed(steps, {}, { open: false });
    assert.doesNotMatch(run.html, /\/t\/o\//);
    assert.doesNotMatch(run.html, /<img/);
    assert.equal([...run.text.matchAll(/\/t\/c\//g)].length, 2, run.text);
    await stop(run.sequenceId);
  });

  it('when a template turns click tracking off, then its links go out unchanged in both parts and the pixel stays', async () => {
    const run = await emailed(steps, {}, { click: false });
    assert.doesNotMatch(run.text, /\/t\/c\//);
    assert.doesNotMatch(run.html, /\/t\/c\//);
    assert.match(run.text, /^Hi Ada, read https:\/\/example\.com\/a\?b=1&c=2\. Or https:\/\/example\.org\/x\n/);
    assert.match(run.html, /<a href="https:\/\/example\.com\/a\?b=1&amp;c=2">/);
    assert.match(run.html, /\/t\/o\//);
    await stop(run.sequenceId);
  });

  it('when the tracking domain resolves to the service, then it is set, links, pixel and unsubscribe link use it, and the service answers them on that host; one that does not resolve there is refused', async () => {
    const publicBaseUrl = 'https://outreach.example.test';
    const resolve = testResolver({
      'outreach.example.test': { A: ['203.0.113.10'] },
      'track.buyer.test': { CNAME: ['outreach.example.test.'] },
      'links.buyer.test': { A: ['203.0.113.10'] },
      'elsewhere.buyer.test': { A: ['198.51.100.7'] },
    });
    const em = () => stack.orm.em.fork();
    const set = (domain: string | null) =>
      setTrackingDomain(em(), { resolve, publicBaseUrl }, org.organizationId, domain);
    for (const refused of ['elsewhere.buyer.test', 'nowhere.buyer.test', 'not a host', '203.0.113.10'])
      await assert.rejects(set(refused), AdminError, refused);
    assert.equal((await showOrganization(em(), org.organizationId)).tracking_domain, null, 'nothing set');
    assert.equal((await set('Links.Buyer.Test.')).tracking_domain, 'links.buyer.test', 'its own address');
    assert.deepEqual(await set('track.buyer.test'), {
      organization_id: org.organizationId,
      tracking_domain: 'track.buyer.test',
      tracking_base_url: 'https://track.buyer.test',
    });

    try {
      const run = await emailed(steps);
      const links = [...run.text.matchAll(/https?:\/\/\S+\/t\/c\/\S+/g)].map((m) => new URL(m[0].replace(/[.,]$/, '')));
      assert.equal(links.length, 2, run.text);
      for (const link of links) assert.equal(link.origin, 'https://track.buyer.test');
      const pixel = new URL(/src="([^"]+\/t\/o\/[^"]+)"/.exec(run.html)![1]);
      assert.equal(pixel.origin, 'https://track.buyer.test');
      // The service answers on that host: the same paths asked with its Host header.
      const host = { headers: { host: 'track.buyer.test' } };
      const opened = await fetch(`${stack.url}${pixel.pathname}`, host);
      assert.deepEqual([opened.status, opened.headers.get('content-type')], [200, 'image/gif']);
      const click = await fetch(`${stack.url}${links[0].pathname}${links[0].search}`, { ...host, redirect: 'manual' });
      assert.deepEqual([click.status, click.headers.get('location')], [302, 'https://example.com/a?b=1&c=2']);
      // The unsubscribe link too: on the tracking domain, its page answered on that host.
      const unsubscribe = new URL(/Unsubscribe: (\S+)$/.exec(run.text)![1]);
      assert.equal(unsubscribe.origin, 'https://track.buyer.test');
      assert.ok(run.html.includes(`<a href="${unsubscribe.href}">Unsubscribe</a>`), run.html);
      const page = await fetch(`${stack.url}${unsubscribe.pathname}`, host);
      assert.deepEqual([page.status, page.headers.get('content-type')], [200, 'text/html; charset=utf-8']);
      const message = await api.get(`/v1/messages/${run.messageId}`, { key: org.apiKey });
      assert.deepEqual([message.body.open_count, message.body.click_count], [1, 1]);
      await stop(run.sequenceId);
    } finally {
      assert.equal((await set(null)).tracking_domain, null);
    }
  });
});
