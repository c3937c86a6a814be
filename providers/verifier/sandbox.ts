// The sandbox email verifier: offline and deterministic, so tests and local runs can reach every
// outcome of enrollment by choosing the address's domain.
import { emailDomain, normalizeEmail } from '../../domain/people/identifiers.ts';
import type { EmailVerifier, VerificationResult } from './index.ts';

export const SANDBOX_VERIFIER = 'sandbox';
/** Addresses at this domain are UNDELIVERABLE (MAILBOX_NOT_FOUND). */
export const BOUNCE_DOMAIN = 'bounce.test';
/** Addresses at this domain are DELIVERABLE, after slowVerifyMs: long enough for enrollment to answer 202. */
export const SLOW_VERIFY_DOMAIN = 'slow-verify.test';

/**
 * Rules, by the domain of the normalised address: bounce.test UNDELIVERABLE, slow-verify.test
 * DELIVERABLE after slowVerifyMs, an address that is not one UNDELIVERABLE (INVALID_SYNTAX),
 * everything else DELIVERABLE at once.
 */
export class SandboxVerifier implements EmailVerifier {
  private readonly slowVerifyMs: number;

  constructor(deps: { slowVerifyMs: number }) {
    this.slowVerifyMs = deps.slowVerifyMs;
  }

  async verify(email: string): Promise<VerificationResult> {
    const normalized = normalizeEmail(email);
    if (!normalized) return { status: 'UNDELIVERABLE', reason: 'INVALID_SYNTAX', provider: SANDBOX_VERIFIER };
    const domain = emailDomain(normalized);
    if (domain === BOUNCE_DOMAIN)
      return { status: 'UNDELIVERABLE', reason: 'MAILBOX_NOT_FOUND', provider: SANDBOX_VERIFIER };
    if (domain === SLOW_VERIFY_DOMAIN) await new Promise((resolve) => setTimeout(resolve, this.slowVerifyMs));
    return { status: 'DELIVERABLE', reason: null, provider: SANDBOX_VERIFIER };
  }
}
