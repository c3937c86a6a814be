// The email verification an enrollment asks for before a never-verified address gets its first
// email (the one step of the enrollment workflow besides the enrollment itself), under the
// enrollment policy: the verifier is retried; when it stays down the address remains UNVERIFIED
// (usable) and the outcome says so. Storing the answer is a database step: its failure is thrown,
// never taken for a dead verifier.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EmailVerifier, VerificationResult } from '../../../providers/verifier/index.ts';
import { contactEmail, storeVerification } from './verification.queries.ts';
import { VERIFY_POLICY, verifyBackoffMs } from './policy.ts';

export type VerificationOutcome =
  /** The verifier answered; its status is stored on the contact. */
  | { outcome: 'VERIFIED'; status: string }
  /** Nothing to ask: no email, or it was verified meanwhile. */
  | { outcome: 'NOT_NEEDED'; status: string | null }
  /** Every attempt failed: the email stays UNVERIFIED and counts as usable. */
  | { outcome: 'VERIFIER_DOWN'; error: string };

export interface VerifyOptions {
  /** One attempt's timeout (the verifier's slowest answer plus a margin). */
  attemptTimeoutMs: number;
  /** Called before each attempt (an activity's heartbeat). */
  heartbeat?: () => void;
  /** Pauses between attempts; tests shorten them. */
  sleep?: (ms: number) => Promise<void>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function askWithTimeout(verifier: EmailVerifier, email: string, timeoutMs: number): Promise<VerificationResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the verifier did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([verifier.verify(email), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The verifier's answer, or the last error once every attempt of the policy failed. */
async function askVerifier(
  verifier: EmailVerifier,
  email: string,
  options: VerifyOptions,
): Promise<VerificationResult | Error> {
  let last: Error = new Error('the verifier was not asked');
  for (let attempt = 1; attempt <= VERIFY_POLICY.attempts; attempt++) {
    options.heartbeat?.();
    try {
      return await askWithTimeout(verifier, email, options.attemptTimeoutMs);
    } catch (error) {
      last = error instanceof Error ? error : new Error(String(error));
      if (attempt < VERIFY_POLICY.attempts) await (options.sleep ?? pause)(verifyBackoffMs(attempt));
    }
  }
  return last;
}

/** Verifies a never-verified email and stores the answer (status and time) on the contact. */
export async function verifyContactEmail(
  em: EntityManager,
  verifier: EmailVerifier,
  organizationId: string,
  contactId: string,
  options: VerifyOptions,
): Promise<VerificationOutcome> {
  const contact = await contactEmail(em, organizationId, contactId);
  if (!contact?.email || contact.email_status !== 'UNVERIFIED')
    return { outcome: 'NOT_NEEDED', status: contact?.email_status ?? null };
  const answer = await askVerifier(verifier, contact.email, options);
  if (answer instanceof Error) return { outcome: 'VERIFIER_DOWN', error: answer.message };
  await storeVerification(em, organizationId, contactId, contact.email, answer.status);
  return { outcome: 'VERIFIED', status: answer.status };
}
