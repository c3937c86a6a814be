// An organization's sender identity and postal address: set once (admin `org sender-address`), shown
// in the footer of every sequence email with the unsubscribe link (domain/engagement/footer.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { Organization } from '../../db/entities/index.ts';
import { AdminError } from '../admin/admin.service.ts';
import { codePointLength } from '../shared/text.ts';

export const SENDER_IDENTITY_MAX = 200;
export const POSTAL_ADDRESS_MAX = 500;

export interface SenderAddressRecord {
  organization_id: string;
  sender_identity: string | null;
  postal_address: string | null;
}

/** Control characters other than the newlines an address's lines are separated by. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/;

function field(value: unknown, name: string, max: number, multiline: boolean): string {
  if (typeof value !== 'string' || !value.trim()) throw new AdminError(`${name} must be a text that is not blank`);
  const text = value.trim().replace(/\r\n?/g, '\n');
  if (!text.isWellFormed()) throw new AdminError(`${name} is not well-formed Unicode`);
  if (CONTROL.test(text) || (!multiline && text.includes('\n')))
    throw new AdminError(`${name} must not contain control characters${multiline ? '' : ' or line breaks'}`);
  if (codePointLength(text) > max) throw new AdminError(`${name} is longer than ${max} characters`);
  return text;
}

/**
 * `{"sender_identity": "...", "postal_address": "..."}` sets both (each required, not blank, the
 * address may have several lines); `{"sender_identity": null, "postal_address": null}` clears them.
 */
export async function setSenderAddress(
  em: EntityManager,
  organizationId: string,
  value: unknown,
): Promise<SenderAddressRecord> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new AdminError('expected an object {"sender_identity": ..., "postal_address": ...}');
  const { sender_identity: identity, postal_address: address, ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length) throw new AdminError(`unknown field(s): ${unknown.join(', ')}`);
  const clear = identity === null && address === null;
  const org = await em.findOne(Organization, { id: organizationId });
  if (!org) throw new AdminError(`organization ${organizationId} not found`);
  org.senderIdentity = clear ? null : field(identity, 'sender_identity', SENDER_IDENTITY_MAX, false);
  org.postalAddress = clear ? null : field(address, 'postal_address', POSTAL_ADDRESS_MAX, true);
  await em.flush();
  return { organization_id: org.id, sender_identity: org.senderIdentity, postal_address: org.postalAddress };
}
