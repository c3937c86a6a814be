// Signed ids for the public links emails carry (unsubscribe, open pixel, click redirect):
// `<uuid>.<mac>`, the mac a truncated HMAC-SHA256 under WEBHOOK_SECRET_KEY of the purpose, the id
// and any bound value (a click's target URL). Nothing else is trusted from the link.
import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TokenPurpose = 'unsubscribe' | 'open' | 'click';

function mac(secret: string, purpose: TokenPurpose, id: string, bound: string | null): string {
  const material = bound === null ? `${purpose}:${id}` : `${purpose}:${id}:${bound}`;
  return createHmac('sha256', secret).update(material).digest('base64url').slice(0, 22);
}

export function signId(secret: string, purpose: TokenPurpose, id: string, bound: string | null = null): string {
  return `${id}.${mac(secret, purpose, id, bound)}`;
}

/** The id of a genuine token for this purpose (and bound value), or null (malformed or tampered). */
export function verifySignedId(
  secret: string,
  purpose: TokenPurpose,
  token: string,
  bound: string | null = null,
): string | null {
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const id = token.slice(0, dot);
  if (!UUID_RE.test(id)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, purpose, id, bound));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
