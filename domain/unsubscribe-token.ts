// The unsubscribe token of an email's link (`/u/<token>`): the sequence id and a truncated HMAC of
// it under WEBHOOK_SECRET_KEY. The sequence activity signs it; the public unsubscribe route verifies it.
import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function mac(secret: string, sequenceId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${sequenceId}`).digest('base64url').slice(0, 22);
}

export function unsubscribeToken(secret: string, sequenceId: string): string {
  return `${sequenceId}.${mac(secret, sequenceId)}`;
}

/** The sequence id of a genuine token, or null (malformed or tampered). */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const sequenceId = token.slice(0, dot);
  if (!UUID_RE.test(sequenceId)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, sequenceId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? sequenceId : null;
}
