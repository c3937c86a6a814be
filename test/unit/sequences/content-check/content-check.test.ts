// The content check of a rendered step (domain/sequences/content-check/): each check on an email
// composed as the send path composes it, what it reports and what it leaves alone, and the
// check of all of them together (warnings carry the step, the variant and the template path).
import assert from 'node:assert/strict';
import { contentWarnings } from '../../../../domain/sequences/content-check/content-check.ts';
import { customFooter, footerWithoutUnsubscribe } from '../../../../domain/sequences/content-check/custom-footer.ts';
import {
  contentImages,
  IMAGE_TEXT_MIN,
  imagesWithoutText,
  visibleTextLength,
} from '../../../../domain/sequences/content-check/images.ts';
import { foreignLinks, FOREIGN_HOSTS_MAX, linkHosts } from '../../../../domain/sequences/content-check/links.ts';
import { HTML_CLIP_BYTES, htmlClipped } from '../../../../domain/sequences/content-check/size.ts';
import { codes, emailOf } from './helpers.ts';

describe('content check: a footer of the step’s own', () => {
  it('finds the text after the last "--" or "-- " line, and none without one or with nothing after it', () => {
    assert.equal(customFooter('Hi\n--\nAcme\nUnsubscribe below'), 'Acme\nUnsubscribe below');
    assert.equal(customFooter('Hi\r\n-- \r\nGrace\n--\nAcme'), 'Acme');
    assert.equal(customFooter('Hi -- there\n---\nnot a delimiter'), null);
    assert.equal(customFooter('Hi\n--\n   \n'), null);
  });

  it('when the footer has no unsubscribe link, then it warns; with {{ unsubscribe_url }} rendered in it, or with no footer, it does not', () => {
    const bare = emailOf('Hi Ada\n--\nGrace, Acme');
    assert.deepEqual(codes(footerWithoutUnsubscribe(bare.rendered, bare.ctx)), [
      'FOOTER_WITHOUT_UNSUBSCRIBE steps[1].body',
    ]);
    const placed = emailOf('placeholder');
    const withLink = emailOf(`Hi Ada\n--\nGrace, Acme. Opt out: ${placed.ctx.unsubscribeUrl}`);
    assert.deepEqual(footerWithoutUnsubscribe(withLink.rendered, withLink.ctx), []);
    const none = emailOf('Hi Ada, no footer here');
    assert.deepEqual(footerWithoutUnsubscribe(none.rendered, none.ctx), []);
  });
});

describe('content check: links to other domains', () => {
  const body = 'See https://example.com/a?b=1&c=2. And https://Docs.Example.org/x, again https://example.com/b';

  it('when click tracking is on, then every link goes through the tracking host: no warning', () => {
    const { rendered, ctx } = emailOf(body);
    assert.deepEqual(linkHosts(rendered), ['outreach.test']);
    assert.deepEqual(foreignLinks(rendered, ctx), []);
  });

  it('when click tracking is off, then each other host is named once, in order', () => {
    const { rendered, ctx } = emailOf(body, { click: false });
    assert.deepEqual(linkHosts(rendered), ['example.com', 'docs.example.org', 'outreach.test']);
    const warnings = foreignLinks(rendered, ctx);
    assert.deepEqual(codes(warnings), ['FOREIGN_LINK steps[1].body', 'FOREIGN_LINK steps[1].body']);
    assert.match(warnings[0].message, /example\.com, not at the tracking domain outreach\.test/);
    assert.match(warnings[1].message, /docs\.example\.org/);
  });

  it('when the organization has a tracking domain, then links on it are its own and the public base URL is foreign', () => {
    const tracked = emailOf(body, { trackingDomain: 'track.acme.test' });
    assert.deepEqual(linkHosts(tracked.rendered), ['track.acme.test']);
    assert.deepEqual(foreignLinks(tracked.rendered, tracked.ctx), []);
    const direct = emailOf('Log in at https://outreach.test/login', {
      trackingDomain: 'track.acme.test',
      click: false,
    });
    assert.deepEqual(codes(foreignLinks(direct.rendered, direct.ctx)), ['FOREIGN_LINK steps[1].body']);
  });

  it(`names at most ${FOREIGN_HOSTS_MAX} hosts, and ignores what is not an http(s) URL`, () => {
    const many = Array.from({ length: FOREIGN_HOSTS_MAX + 5 }, (_, i) => `https://h${i}.test/`).join(' ');
    const { rendered, ctx } = emailOf(`${many} mailto:a@b.test https://[bad`, { click: false });
    assert.equal(foreignLinks(rendered, ctx).length, FOREIGN_HOSTS_MAX);
  });
});

describe('content check: size', () => {
  it(`when the HTML part is over ${HTML_CLIP_BYTES} bytes (Gmail clips it), then it warns; at the threshold it does not`, () => {
    const small = emailOf('Hi');
    const overhead = Buffer.byteLength(small.rendered.html!) - 2;
    const at = emailOf('x'.repeat(HTML_CLIP_BYTES - overhead));
    assert.equal(Buffer.byteLength(at.rendered.html!), HTML_CLIP_BYTES);
    assert.deepEqual(htmlClipped(at.rendered, at.ctx), []);
    // Bytes, not characters: 4-byte emoji reach the threshold at a quarter of the length.
    const over = emailOf('😀'.repeat(HTML_CLIP_BYTES / 4));
    assert.deepEqual(codes(htmlClipped(over.rendered, over.ctx)), ['HTML_CLIPPED steps[1].body']);
  });
});

describe('content check: images without text', () => {
  const { ctx } = emailOf('Hi');
  const page = (inner: string) => ({ subject: 'Hi', body: '', text: '', html: `<html><body>${inner}</body></html>` });

  it('does not count the open pixel as an image: a tracked plain email has none', () => {
    const { rendered } = emailOf('Hi');
    assert.match(rendered.html!, /<img src="https:\/\/outreach\.test\/t\/o\//);
    assert.equal(contentImages(rendered.html!, ctx.linkBaseUrl), 0);
    assert.deepEqual(imagesWithoutText(rendered, ctx), []);
  });

  it(`when an image comes with fewer than ${IMAGE_TEXT_MIN} characters of text, then it warns; with enough text it does not`, () => {
    const banner = '<img src="https://cdn.test/banner.png" alt="">';
    assert.deepEqual(codes(imagesWithoutText(page(`${banner}<p>Big sale</p>`), ctx)), [
      'IMAGES_WITHOUT_TEXT steps[1].body',
    ]);
    const words = 'word '.repeat(IMAGE_TEXT_MIN / 4);
    assert.deepEqual(imagesWithoutText(page(`${banner}<p>${words}</p>`), ctx), []);
    assert.equal(visibleTextLength('<p>a &amp; b</p>\n<br>'), 3);
  });
});

describe('content check: every check of a step', () => {
  it('when a step has several problems, then each is reported with the step, the variant and the path', () => {
    const { rendered, ctx } = emailOf('Act now: https://example.com\n--\nAcme', { subject: 'URGENT', click: false });
    const warnings = contentWarnings(rendered, { ...ctx, variant: 2 });
    assert.deepEqual(codes(warnings), [
      'FOOTER_WITHOUT_UNSUBSCRIBE steps[1].body',
      'FOREIGN_LINK steps[1].body',
      'SPAM_PHRASE steps[1].subject',
      'SPAM_PHRASE steps[1].body',
    ]);
    for (const w of warnings) assert.deepEqual([w.step, w.variant], [2, 2]);
  });

  it('when the step is clean, then nothing is reported', () => {
    const { rendered, ctx } = emailOf('Hi Ada, worth a call on Thursday? https://example.com/case');
    assert.deepEqual(contentWarnings(rendered, ctx), []);
  });
});
