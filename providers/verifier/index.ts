// The email verifier behind a small interface: whether mail to an address would be delivered,
// asked before a contact's first email. sandbox.ts is the offline stand-in; a paid vendor plugs in here.

export const VERIFICATION_STATUSES = ['DELIVERABLE', 'UNDELIVERABLE', 'RISKY'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export interface VerificationResult {
  status: VerificationStatus;
  /** Why the address is not DELIVERABLE (e.g. `MAILBOX_NOT_FOUND`); null when it is. */
  reason: string | null;
  /** The provider that answered, stored with the result on the contact. */
  provider: string;
}

export interface EmailVerifier {
  verify(email: string): Promise<VerificationResult>;
}
