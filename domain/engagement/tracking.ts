// Open and click tracking of sequence emails. At send time the text's http(s) links are rewritten
// to `/t/c/<token>?u=<url>` (the token signs the message id and that exact URL, so the redirect
// goes only where the email pointed: no open redirect) and the HTML part carries a 1x1 pixel
// `/t/o/<token>` (the token signs the message id). The stored message keeps the body as rendered.
import { createHash } from 'node:crypto';
import { complianceFooter, escapeHtml } from './footer.ts';
import { signId, verifySignedId } from './signed-token.ts';

const LINK_RE = /https?:\/\/[^\s<>"'`]+/g;
/** Punctuation that ends a sentence rather than the URL. */
const TRAILING_RE = /[.,;:!?)\]}]+$/;

/** The base URL of an organization's tracking links: its tracking domain over https, else the public one. */
export function trackingBaseUrl(trackingDomain: string | null, publicBaseUrl: string): string {
  return trackingDomain ? `https://${trackingDomain}` : publicBaseUrl;
}

export function openUrl(baseUrl: string, secret: string, messageId: string): string {
  return `${baseUrl}/t/o/${signId(secret, 'open', messageId)}`;
}

export function clickUrl(baseUrl: string, secret: string, messageId: string, target: string): string {
  return `${baseUrl}/t/c/${signId(secret, 'click', messageId, target)}?u=${encodeURIComponent(target)}`;
}

export function verifyOpenToken(secret: string, token: string): string | null {
  return verifySignedId(secret, 'open', token);
}

/** The message id when the token signs this message and exactly this target URL (http or https). */
export function verifyClickToken(secret: string, token: string, target: string): string | null {
  if (!/^https?:\/\//i.test(target)) return null;
  return verifySignedId(secret, 'click', token, target);
}

/** Each link of `text` with its tracked form, in order (trailing sentence punctuation stays outside the link). */
function rewrite(text: string, replace: (url: string) => string): string {
  return text.replace(LINK_RE, (match) => {
    const trailing = TRAILING_RE.exec(match)?.[0] ?? '';
    const url = match.slice(0, match.length - trailing.length);
    return replace(url) + trailing;
  });
}

export interface TrackedEmail {
  text: string;
  html: string;
}

/**
 * The text and HTML parts of a sequence email: links tracked in both (click tracking on), the
 * footer last (sender identity, postal address, the unsubscribe link; never tracked), the open pixel at the end of the HTML part (open tracking
 * on). With click tracking off the links go out as written (still links in the HTML part).
 */
export function trackedEmail(input: {
  baseUrl: string;
  secret: string;
  messageId: string;
  body: string;
  unsubscribeUrl: string;
  /** The organization's sender identity and postal address, in the footer when set. */
  sender?: { identity: string | null; postalAddress: string | null };
  /** Default true. */
  openTracking?: boolean;
  /** Default true. */
  clickTracking?: boolean;
}): TrackedEmail {
  const clicks = input.clickTracking ?? true;
  // The unsubscribe link, where the body places it (`{{ unsubscribe_url }}`), is never tracked either.
  const track = (url: string) =>
    clicks && url !== input.unsubscribeUrl ? clickUrl(input.baseUrl, input.secret, input.messageId, url) : url;
  const footer = complianceFooter({
    senderIdentity: input.sender?.identity ?? null,
    postalAddress: input.sender?.postalAddress ?? null,
    unsubscribeUrl: input.unsubscribeUrl,
  });
  const text = `${clicks ? rewrite(input.body, track) : input.body}\n\n${footer.text}`;
  const htmlBody = rewrite(escapeHtml(input.body), (url) => {
    const original = url.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
    return `<a href="${escapeHtml(track(original))}">${url}</a>`;
  }).replace(/\r?\n/g, '<br>\n');
  const pixel =
    (input.openTracking ?? true)
      ? `<img src="${escapeHtml(openUrl(input.baseUrl, input.secret, input.messageId))}" width="1" height="1" alt="" style="display:none">`
      : '';
  const html = `<!doctype html><html><body><div>${htmlBody}</div>\n${footer.html}` + `${pixel}</body></html>`;
  return { text, html };
}

/** A uuid derived from a name (SHA-256, RFC 9562 version 8): the same step of the same run always gets the same message id, retries included. */
export function derivedUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Apple Mail Privacy Protection loads every image of a received mail through Apple's proxies,
 * whether or not anyone reads it; those fetches carry the bare user agent `Mozilla/5.0` (a mail
 * client's own fetch names itself). Such an open is counted apart (docs/api/stats.md).
 */
export function isPrivacyProxyOpen(userAgent: string | undefined): boolean {
  return (userAgent ?? '').trim() === 'Mozilla/5.0';
}
