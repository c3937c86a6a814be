// Administration use cases behind the admin CLI (the dashboard's stand-in): organizations, users
// and API keys. Deps in (an EntityManager), plain data out; each call is one transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import { RUNNING_STATUSES } from '../sequences/statuses.ts';
import { ApiKey, Organization, User } from '../../db/entities/index.ts';
import { generateApiKey } from './api-keys.ts';
import { icpFromStored, parseIcpProfile, type IcpProfile } from '../people/icp-score.ts';
import { SCOPES, type Scope } from './scopes.ts';
import { forbiddenScopes, scopesOfRole } from './roles.ts';
import type { UserRole } from '../../db/entities/user.entity.ts';
import { endRuns } from '../sequences/runs.ts';
import { disconnectUserMailbox } from '../mailboxes/mailboxes.service.ts';
import { runsSentBy } from '../mailboxes/mailboxes.queries.ts';
import { addEnrichmentCredits, enrichmentCredits } from './admin.queries.ts';

export class AdminError extends Error {}

export interface CreatedKey {
  id: string;
  api_key: string;
  key_prefix: string;
  scopes: string[];
  user_id: string;
  organization_id: string;
}

export interface KeySummary {
  id: string;
  name: string;
  key_prefix: string;
  scopes: string[];
  user_id: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface UserSummary {
  id: string;
  organization_id: string;
  email: string;
  name: string;
  role: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function userSummary(user: User): UserSummary {
  return { id: user.id, organization_id: user.organization.id, email: user.email, name: user.name, role: user.role };
}

async function organization(em: EntityManager, id: string): Promise<Organization> {
  const found = await em.findOne(Organization, { id });
  if (!found) throw new AdminError(`organization ${id} not found`);
  return found;
}

function issueKey(
  em: EntityManager,
  org: Organization,
  user: User,
  name: string,
  scopes: readonly Scope[],
  rotatedFromId: string | null = null,
): CreatedKey {
  if (!name.trim()) throw new AdminError('a key needs a non-empty name');
  const generated = generateApiKey();
  const key = em.create(ApiKey, {
    organization: org,
    user,
    name: name.trim(),
    keyPrefix: generated.prefix,
    keyHash: generated.hash,
    scopes: [...scopes],
    rotatedFromId,
  });
  return {
    id: key.id,
    api_key: generated.raw,
    key_prefix: generated.prefix,
    scopes: [...scopes],
    user_id: user.id,
    organization_id: org.id,
  };
}

/** `enrichmentCredits`: the starting balance (config STARTING_ENRICHMENT_CREDITS in the CLI; default 0). */
export async function bootstrap(
  em: EntityManager,
  input: { orgName: string; ownerEmail: string; ownerName: string; enrichmentCredits?: number },
) {
  if (!input.orgName.trim()) throw new AdminError('--org-name must not be empty');
  if (!EMAIL.test(input.ownerEmail)) throw new AdminError(`invalid owner email ${input.ownerEmail}`);
  const credits = input.enrichmentCredits ?? 0;
  if (!Number.isInteger(credits) || credits < 0)
    throw new AdminError('starting enrichment credits must be an integer >= 0');
  return em.transactional(async (tx) => {
    const org = tx.create(Organization, { name: input.orgName.trim(), enrichmentCredits: credits });
    const owner = tx.create(User, {
      organization: org,
      email: input.ownerEmail.toLowerCase(),
      name: input.ownerName,
      role: 'owner',
    });
    const key = issueKey(tx, org, owner, 'bootstrap', SCOPES);
    return { organization_id: org.id, user_id: owner.id, api_key: key.api_key, key_id: key.id };
  });
}

/**
 * Issues a key to a user (the organization's first owner by default). `all`: every scope the user's
 * role allows; a scope the role does not allow is refused (domain/admin/roles.ts).
 */
export async function createKey(
  em: EntityManager,
  input: { organizationId: string; name: string; scopes: Scope[] | 'all'; userId?: string },
): Promise<CreatedKey> {
  return em.transactional(async (tx) => {
    const org = await organization(tx, input.organizationId);
    const user = input.userId
      ? await tx.findOne(User, { id: input.userId, organization: org, removedAt: null })
      : await tx.findOne(
          User,
          { organization: org, role: 'owner', removedAt: null },
          { orderBy: { createdAt: 'asc' } },
        );
    if (!user)
      throw new AdminError(
        input.userId
          ? `user ${input.userId} is not an active user of organization ${org.id}`
          : 'the organization has no owner',
      );
    const scopes = input.scopes === 'all' ? scopesOfRole(user.role) : input.scopes;
    const forbidden = forbiddenScopes(user.role, scopes);
    if (forbidden.length > 0)
      throw new AdminError(
        `user ${user.id} is a ${user.role} and a ${user.role}'s key may not hold ${forbidden.join(', ')} (only an owner's or admin's may; see SECURITY.md, 'Roles')`,
      );
    return issueKey(tx, org, user, input.name, scopes);
  });
}

function keySummary(key: ApiKey): KeySummary {
  return {
    id: key.id,
    name: key.name,
    key_prefix: key.keyPrefix,
    scopes: key.scopes,
    user_id: key.user.id,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    expires_at: key.expiresAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}

export async function listKeys(em: EntityManager, organizationId: string): Promise<KeySummary[]> {
  await organization(em, organizationId);
  const keys = await em.find(ApiKey, { organization: organizationId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return keys.map(keySummary);
}

/**
 * Issues a new secret for a key (same name, scopes and user) and lets the old one work for
 * `graceSeconds` more (0: stops at once). Returns the new key and when the old one expires.
 */
export async function rotateKey(em: EntityManager, input: { keyId: string; graceSeconds: number }) {
  if (!Number.isInteger(input.graceSeconds) || input.graceSeconds < 0)
    throw new AdminError('--grace-seconds must be an integer >= 0');
  return em.transactional(async (tx) => {
    const old = await tx.findOne(ApiKey, { id: input.keyId, revokedAt: null }, { populate: ['organization', 'user'] });
    if (!old) throw new AdminError(`active key ${input.keyId} not found`);
    if (old.expiresAt && old.expiresAt.getTime() <= Date.now())
      throw new AdminError(`key ${input.keyId} has already expired`);
    const expiresAt = new Date(Date.now() + input.graceSeconds * 1000);
    old.expiresAt = old.expiresAt && old.expiresAt < expiresAt ? old.expiresAt : expiresAt;
    const created = issueKey(
      tx,
      old.organization.getEntity(),
      old.user.getEntity(),
      old.name,
      old.scopes as Scope[],
      old.id,
    );
    return { ...created, previous_key_id: old.id, previous_key_expires_at: old.expiresAt.toISOString() };
  });
}

export async function revokeKey(em: EntityManager, keyId: string): Promise<KeySummary> {
  return em.transactional(async (tx) => {
    const key = await tx.findOne(ApiKey, { id: keyId });
    if (!key) throw new AdminError(`key ${keyId} not found`);
    key.revokedAt ??= new Date();
    return keySummary(key);
  });
}

export async function createUser(
  em: EntityManager,
  input: { organizationId: string; email: string; name: string; role?: Exclude<UserRole, 'owner'> },
): Promise<UserSummary> {
  if (!EMAIL.test(input.email)) throw new AdminError(`invalid email ${input.email}`);
  if (!input.name.trim()) throw new AdminError('--name must not be empty');
  return em.transactional(async (tx) => {
    const org = await organization(tx, input.organizationId);
    const email = input.email.toLowerCase();
    if (await tx.count(User, { organization: org, email, removedAt: null }))
      throw new AdminError(`a user with email ${email} already exists`);
    return userSummary(
      tx.create(User, { organization: org, email, name: input.name.trim(), role: input.role ?? 'member' }),
    );
  });
}

export async function listUsersOf(em: EntityManager, organizationId: string): Promise<UserSummary[]> {
  await organization(em, organizationId);
  const users = await em.find(
    User,
    { organization: organizationId, removedAt: null },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  return users.map(userSummary);
}

/** Whether `user` is the only active owner of their organization (who must stay one). */
export async function isLastOwner(em: EntityManager, user: User): Promise<boolean> {
  return (
    user.role === 'owner' &&
    (await em.count(User, { organization: user.organization, role: 'owner', removedAt: null })) <= 1
  );
}

/**
 * Removes a user (soft) and revokes their keys; the running sequences they send (their own sender,
 * or their template's when the run has none) end STOPPED_EARLY with stopped_reason SENDER_REMOVED,
 * and their connected mailbox is disconnected (credentials erased, its sync's stop recorded in the
 * outbox), in the same transaction. The last owner cannot be removed.
 */
export async function removeUser(
  em: EntityManager,
  userId: string,
): Promise<
  UserSummary & { revoked_keys: number; stopped_sequence_ids: string[]; disconnected_mailbox_id: string | null }
> {
  return em.transactional(async (tx) => {
    const user = await tx.findOne(User, { id: userId, removedAt: null });
    if (!user) throw new AdminError(`active user ${userId} not found`);
    if (await isLastOwner(tx, user)) throw new AdminError('cannot remove the last owner of an organization');
    user.removedAt = new Date();
    const revoked = await tx.nativeUpdate(ApiKey, { user, revokedAt: null }, { revokedAt: new Date() });
    await tx.flush();
    const rows = await runsSentBy(tx, user.organization.id, user.id, RUNNING_STATUSES);
    const stopped = await endRuns(
      tx,
      rows.map((r) => r.id),
      'STOPPED_EARLY',
      'SENDER_REMOVED',
    );
    const mailboxId = await disconnectUserMailbox(tx, user.id);
    return {
      ...userSummary(user),
      revoked_keys: revoked,
      stopped_sequence_ids: stopped,
      disconnected_mailbox_id: mailboxId,
    };
  });
}

/** A sender's mailbox settings: the From address (null: the user's email) and the daily send limit. */
export async function setSender(
  em: EntityManager,
  input: { userId: string; mailboxEmail?: string | null; dailySendLimit?: number },
): Promise<UserSummary & { mailbox_email: string | null; daily_send_limit: number }> {
  if (input.mailboxEmail !== undefined && input.mailboxEmail !== null && !EMAIL.test(input.mailboxEmail))
    throw new AdminError(`invalid email ${input.mailboxEmail}`);
  if (input.dailySendLimit !== undefined && (!Number.isInteger(input.dailySendLimit) || input.dailySendLimit < 0)) {
    throw new AdminError('--daily-send-limit must be an integer >= 0');
  }
  return em.transactional(async (tx) => {
    const user = await tx.findOne(User, { id: input.userId, removedAt: null });
    if (!user) throw new AdminError(`active user ${input.userId} not found`);
    if (input.mailboxEmail !== undefined) user.mailboxEmail = input.mailboxEmail?.toLowerCase() ?? null;
    if (input.dailySendLimit !== undefined) user.dailySendLimit = input.dailySendLimit;
    return { ...userSummary(user), mailbox_email: user.mailboxEmail ?? null, daily_send_limit: user.dailySendLimit };
  });
}

export interface OrganizationSettings {
  organization_id: string;
  name: string;
  enrichment_credits: number;
  lead_limit: number;
  /** Null when no profile is set. */
  icp_profile: IcpProfile | null;
  /** The host of tracking links and pixels (admin `org tracking-domain`); null: the public base URL. */
  tracking_domain: string | null;
  /** The sequence emails' footer (admin `org sender-address`); null when unset. */
  sender_identity: string | null;
  postal_address: string | null;
}

function settings(org: Organization): OrganizationSettings {
  return {
    organization_id: org.id,
    name: org.name,
    enrichment_credits: org.enrichmentCredits,
    lead_limit: org.leadLimit,
    icp_profile: org.icpProfile ? icpFromStored(org.icpProfile) : null,
    tracking_domain: org.trackingDomain ?? null,
    sender_identity: org.senderIdentity ?? null,
    postal_address: org.postalAddress ?? null,
  };
}

export async function showOrganization(em: EntityManager, organizationId: string): Promise<OrganizationSettings> {
  return settings(await organization(em, organizationId));
}

/**
 * Adds (or, negative, removes) enrichment credits in one conditional UPDATE, so a top-up racing
 * with enrich calls neither loses their spending nor drives the balance below 0.
 */
export async function addCredits(
  em: EntityManager,
  organizationId: string,
  amount: number,
): Promise<OrganizationSettings> {
  if (!Number.isInteger(amount)) throw new AdminError('--add must be an integer');
  const org = await organization(em, organizationId);
  const updated = await addEnrichmentCredits(em, organizationId, amount);
  if (!updated) {
    throw new AdminError(
      `cannot remove ${-amount} credits: the balance is ${(await enrichmentCredits(em, organizationId)) ?? 0} and must stay >= 0`,
    );
  }
  return { ...settings(org), enrichment_credits: updated.enrichment_credits };
}

export async function setLeadLimit(
  em: EntityManager,
  organizationId: string,
  limit: number,
): Promise<OrganizationSettings> {
  if (!Number.isInteger(limit) || limit < 0) throw new AdminError('--set must be an integer >= 0');
  return em.transactional(async (tx) => {
    const org = await organization(tx, organizationId);
    org.leadLimit = limit;
    return settings(org);
  });
}

/** Sets the ideal customer profile qualification scores against; its shape is checked first. */
export async function setIcpProfile(
  em: EntityManager,
  organizationId: string,
  value: unknown,
): Promise<OrganizationSettings> {
  const parsed = parseIcpProfile(value);
  if (!parsed.profile)
    throw new AdminError(`invalid ICP profile: ${parsed.errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
  const profile = parsed.profile;
  return em.transactional(async (tx) => {
    const org = await organization(tx, organizationId);
    org.icpProfile = profile;
    return settings(org);
  });
}
