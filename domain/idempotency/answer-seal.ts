// The sealing of stored idempotent answers at rest (SECURITY.md): the API's idempotency middleware
// seals and opens them; an erasure opens them to find the answers that name the person.
import { SecretBox } from '../webhooks/secrets.ts';

/** Seals a stored body at rest, and opens it for a replay. */
export interface AnswerSeal {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

/**
 * Stored answers sealed with AES-256-GCM under a key of their own derived from WEBHOOK_SECRET_KEY
 * (a new webhook's signing secret is in its answer). Rows written before sealing (plain JSON,
 * never starting with `v1.`) still replay.
 */
export function sealedAnswers(secretKey: string): AnswerSeal {
  const box = new SecretBox(`idempotency-responses:${secretKey}`);
  return {
    encrypt: (plain) => box.encrypt(plain),
    decrypt: (sealed) => (sealed.startsWith('v1.') ? box.decrypt(sealed) : sealed),
  };
}
