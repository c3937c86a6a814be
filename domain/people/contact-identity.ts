// A person's identity: normalised identifiers, the erasure's suppression hashes, and the errors
// every way of adding a person shares (two contacts for one person, an erased person).
import { DomainError } from '../shared/errors.ts';
import { normalizeEmail, normalizeLinkedinUrl } from './identifiers.ts';
import { suppressionHash } from './suppression-hash.ts';

export interface SuppressionHash {
  kind: 'EMAIL' | 'LINKEDIN_URL';
  valueHash: string;
}

/** The suppression hashes of an erased person's normalised identifiers: what stays of them. */
export function suppressionHashes(
  organizationId: string,
  email: string | null,
  linkedinUrl: string | null,
): SuppressionHash[] {
  return [
    ...(email ? [{ kind: 'EMAIL' as const, valueHash: suppressionHash(organizationId, email) }] : []),
    ...(linkedinUrl
      ? [{ kind: 'LINKEDIN_URL' as const, valueHash: suppressionHash(organizationId, linkedinUrl) }]
      : []),
  ];
}

/** Normalised identifiers of an input; malformed ones are named. Undefined: not sent. */
export function contactIdentifiers(input: { email?: string | null; linkedin_url?: string | null }) {
  const errors: { path: string; message: string }[] = [];
  let email: string | null | undefined = input.email === undefined ? undefined : null;
  let linkedinUrl: string | null | undefined = input.linkedin_url === undefined ? undefined : null;
  if (typeof input.email === 'string') {
    email = normalizeEmail(input.email);
    if (!email) errors.push({ path: 'email', message: 'is not a valid email address' });
  }
  if (typeof input.linkedin_url === 'string') {
    linkedinUrl = normalizeLinkedinUrl(input.linkedin_url);
    if (!linkedinUrl)
      errors.push({ path: 'linkedin_url', message: 'is not a LinkedIn profile URL (https://www.linkedin.com/in/...)' });
  }
  if (errors.length) throw DomainError.invalidFields(`Invalid ${errors.map((e) => e.path).join(' and ')}.`, errors);
  return { email, linkedinUrl };
}

export const twoContacts = (emailContactId: string, linkedinContactId: string) =>
  DomainError.conflict('The email and the linkedin_url belong to two different contacts.', {
    email_contact_id: emailContactId,
    linkedin_url_contact_id: linkedinContactId,
  });
export const erased = () =>
  DomainError.business('This person was erased at a privacy request and cannot be added again.', { reason: 'ERASED' });

/** The free-text fields a person carries. */
export const TEXT_FIELDS = ['first_name', 'last_name', 'job_title', 'company_name', 'phone'] as const;

/** Where a person is and the time zone set for them (ISO country code, free-text region and city, IANA zone). */
export const LOCATION_FIELDS = ['country', 'region', 'city', 'timezone'] as const;

/** Every stored field an upsert writes as sent (null clears, omitted stays). */
export const WRITTEN_FIELDS = [...TEXT_FIELDS, ...LOCATION_FIELDS] as const;

/** Trimmed text, empty as null; undefined (not sent) stays undefined. */
export function cleanText(value: string | null | undefined): string | null | undefined {
  return typeof value === 'string' ? value.trim() || null : value;
}
