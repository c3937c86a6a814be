// The unsubscribe token of an email's link (`/u/<token>`): the sequence id, signed (domain/engagement/signed-token.ts).
// The sequence activity signs it; the public unsubscribe route verifies it.
import { signId, verifySignedId } from '../engagement/signed-token.ts';

export function unsubscribeToken(secret: string, sequenceId: string): string {
  return signId(secret, 'unsubscribe', sequenceId);
}

/** The sequence id of a genuine token, or null (malformed or tampered). */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  return verifySignedId(secret, 'unsubscribe', token);
}
