// The suppression hash (docs/api/people.md, 'Erasure of a person'): what stays of an erased
// person's normalised email or LinkedIn URL so the block still works. An HMAC-SHA256 under the
// service's SUPPRESSION_HASH_KEY (config.ts), bound to the organization: without the key a stored
// value cannot be matched against a list of addresses, and one person's values in two
// organizations do not correlate. Every write and every comparison of such a value (suppressions,
// an erasure job's subject) goes through suppressionHash. The key is set once per process by what
// builds the process's API, activities or admin CLI from its configuration; a hash asked for before
// then is refused, never made under another key.
import { createHmac } from 'node:crypto';

let hashKey: Buffer | null = null;

/** Sets the process's key (config.suppressionHashKey). */
export function useSuppressionHashKey(key: string): void {
  hashKey = Buffer.from(`suppression-hash:${key}`);
}

/** The keyed hash (hex) of a normalised identifier of a person in an organization. */
export function suppressionHash(organizationId: string, value: string): string {
  if (!hashKey) throw new Error('The suppression hash key is not set (useSuppressionHashKey).');
  return createHmac('sha256', hashKey).update(`${organizationId}:${value}`).digest('hex');
}
