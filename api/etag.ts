// Entity tags and `If-None-Match` (RFC 9110 §8.8.3, §13.1.2): a weak tag hashed from the bytes a
// response carries, and the weak comparison a conditional GET uses. Weak, because the same
// representation goes out gzip, brotli or plain (api/middleware/compression.ts): the tag names the
// content, not its transfer bytes.
import { hash } from 'node:crypto';

/** `W/"<sha1 of the text, base64url>"`: cheap to compute, and the same text always gives the same tag. */
export function weakEtag(text: string | Buffer): string {
  return `W/"${hash('sha1', text, 'base64url')}"`;
}

/** The opaque part of an entity tag (`"abc"` of `W/"abc"`), or undefined when it is not one. */
function opaqueTag(tag: string): string | undefined {
  const bare = tag.startsWith('W/') ? tag.slice(2) : tag;
  return /^"[\x21\x23-\x7e\x80-\xff]*"$/.test(bare) ? bare : undefined;
}

/**
 * Whether an `If-None-Match` header value matches `etag`: `*` matches any current representation,
 * otherwise any tag of the comma-separated list that is equal under the weak comparison (the `W/`
 * prefix ignored on either side). Malformed members match nothing; an absent or empty header is no
 * condition (false). Splitting on commas is safe for tags this service makes (base64url, no comma):
 * a listed tag that holds a comma only splits into pieces that are not tags.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const wanted = opaqueTag(etag);
  if (wanted === undefined) return false;
  const members = header
    .split(',')
    .map((member) => member.trim())
    .filter((member) => member !== '');
  return members.some((member) => member === '*' || opaqueTag(member) === wanted);
}
