// CRM write: writes properties to the CRM record linked to an account or a contact, linking it
// first when needed (found by identity in the CRM, else created there). Each call into the CRM that
// changes it is an outbound effect (domain/outbound/effects.ts): recorded before the call, done once.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Account, Contact, CrmLink } from '../../db/entities/index.ts';
import type { CrmLinkObjectType } from '../../db/entities/crm-link.entity.ts';
import type { CrmConnector, CrmIdentity, CrmObjectType, CrmProperties, CrmRecord } from '../../providers/crm/index.ts';
import { performOnce, recordEffect, type EffectProvider, type ProviderOutcome } from '../outbound/effects.ts';
import { DomainError } from '../shared/errors.ts';
import { saveCrmLink } from './crm.queries.ts';

export interface CrmField {
  property: string;
  value: string;
}

export interface CrmWriteResult {
  object_type: CrmLinkObjectType;
  crm_type: string;
  crm_properties: string[];
  crm_property: string;
  external_id: string;
}

const CRM_OBJECT_TYPE: Record<CrmLinkObjectType, CrmObjectType> = { account: 'company', contact: 'contact' };

interface LocalRecord {
  identity: CrmIdentity;
  /** What a record created in the CRM starts with, so the CRM can find the person or company again. */
  properties: CrmProperties;
}

function defined(entries: [string, string | null | undefined][]): CrmProperties {
  return Object.fromEntries(entries.filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

async function loadLocal(
  em: EntityManager,
  organizationId: string,
  objectType: CrmLinkObjectType,
  id: string,
): Promise<LocalRecord> {
  if (objectType === 'account') {
    const account = await em.findOne(Account, { id, organization: organizationId });
    if (!account) throw DomainError.notFound('Account');
    return { identity: { domain: account.domain }, properties: { domain: account.domain, name: account.name } };
  }
  const contact = await em.findOne(Contact, { id, organization: organizationId }, { populate: ['account'] });
  if (!contact) throw DomainError.notFound('Contact');
  return {
    identity: { email: contact.email ?? undefined, linkedinUrl: contact.linkedinUrl ?? undefined },
    properties: defined([
      ['email', contact.email],
      ['linkedin_url', contact.linkedinUrl],
      ['first_name', contact.firstName],
      ['last_name', contact.lastName],
      ['job_title', contact.jobTitle],
      ['company_domain', contact.account?.getEntity().domain],
    ]),
  };
}

interface CreateRequest {
  objectType: CrmObjectType;
  properties: CrmProperties;
}
interface UpdateRequest {
  objectType: CrmObjectType;
  externalId: string;
  properties: CrmProperties;
}

const accepted = (record: CrmRecord): ProviderOutcome => ({
  accepted: true,
  providerId: record.externalId,
  error: null,
});

/**
 * Records the CRM call as an intent (committed on its own), then performs it once. `recorded`: this
 * call recorded the intent, so the effect carries this call's request (else an earlier or concurrent
 * call's, under the same key).
 */
async function once<Request extends object>(
  em: EntityManager,
  organizationId: string,
  kind: 'CRM_CREATE' | 'CRM_UPDATE',
  key: string,
  request: Request,
  provider: EffectProvider<Request>,
): Promise<ProviderOutcome & { recorded: boolean }> {
  const { created: recorded } = await em
    .fork()
    .transactional((tx) => recordEffect(tx, { organizationId, key, kind, request }));
  const outcome = await performOnce(em.fork(), key, provider);
  if (outcome.state === 'REFUSED')
    return { accepted: false, providerId: outcome.providerId, error: outcome.error, recorded };
  if (outcome.state === 'CANCELLED') return { accepted: false, providerId: key, error: 'cancelled', recorded };
  return { accepted: true, providerId: outcome.providerId, error: null, recorded };
}

/**
 * Creates the CRM record of a local one, once: the key names the local record and the CRM, so a
 * retried write (a lost answer, a failed link write) or a concurrent first write finds the record
 * the first create made. `withThese`: the record was created with these properties.
 */
async function createOnce(
  em: EntityManager,
  crm: CrmConnector,
  organizationId: string,
  objectType: CrmLinkObjectType,
  localId: string,
  properties: CrmProperties,
): Promise<{ externalId: string; withThese: boolean }> {
  const key = `crm-create/${organizationId}/${objectType}/${localId}/${crm.type}`;
  const outcome = await once<CreateRequest>(
    em,
    organizationId,
    'CRM_CREATE',
    key,
    { objectType: CRM_OBJECT_TYPE[objectType], properties },
    {
      perform: async (request, k) =>
        accepted(await crm.createRecord(organizationId, request.objectType, request.properties, k)),
      lookup: async (_request, k) => {
        const found = await crm.findCreated(organizationId, k);
        return found && accepted(found);
      },
    },
  );
  return { externalId: outcome.providerId, withThese: outcome.recorded };
}

/** Merges properties into a CRM record; setting the same values again is harmless, so a lost answer is checked by reading the record. */
async function updateOnce(
  em: EntityManager,
  crm: CrmConnector,
  organizationId: string,
  request: UpdateRequest,
): Promise<boolean> {
  const outcome = await once<UpdateRequest>(em, organizationId, 'CRM_UPDATE', `crm-update/${randomUUID()}`, request, {
    perform: async (r) => {
      const updated = await crm.updateRecord(organizationId, r.objectType, r.externalId, r.properties);
      return updated
        ? accepted(updated)
        : { accepted: false, providerId: r.externalId, error: 'the record no longer exists' };
    },
    lookup: async (r) => {
      const record = await crm.findRecord(organizationId, r.objectType, r.externalId);
      const holds = record && Object.entries(r.properties).every(([name, value]) => record.properties[name] === value);
      return holds ? accepted(record) : null;
    },
  });
  return outcome.accepted;
}

/**
 * Writes `fields` to the CRM record of the account or contact `localId` of the organization.
 * No transaction spans the CRM calls: they are outside I/O (and the sandbox takes pool connections
 * of its own); the link, our only write, is one atomic statement.
 */
export async function writeCrmFields(
  em: EntityManager,
  crm: CrmConnector,
  input: { organizationId: string; objectType: CrmLinkObjectType; localId: string; fields: CrmField[] },
): Promise<CrmWriteResult> {
  const { organizationId, objectType, localId, fields } = input;
  // A rule JSON Schema cannot state (uniqueItems compares whole items): 422, before any read or write.
  const firstIndex = new Map<string, number>();
  fields.forEach((field, i) => {
    const first = firstIndex.get(field.property);
    if (first !== undefined)
      throw DomainError.invalid(
        `fields[${i}].property`,
        `repeats the property ${field.property} of fields[${first}]`,
        422,
      );
    firstIndex.set(field.property, i);
  });
  const patch: CrmProperties = Object.fromEntries(fields.map((f) => [f.property, f.value]));
  const crmObjectType = CRM_OBJECT_TYPE[objectType];
  const local = await loadLocal(em, organizationId, objectType, localId);

  const link = await em.findOne(CrmLink, { organization: organizationId, objectType, localId });
  let externalId = link && link.crmType === crm.type ? link.externalId : null;
  let written = false;
  if (!externalId) {
    const found = await crm.findByIdentity(organizationId, crmObjectType, local.identity);
    const created = found
      ? null
      : await createOnce(em, crm, organizationId, objectType, localId, { ...local.properties, ...patch });
    const candidate = found?.externalId ?? created!.externalId;
    // Two first writes racing both reach here; the one that committed first keeps its link.
    externalId = await saveCrmLink(em, organizationId, objectType, localId, crm.type, candidate);
    // A record created here with these fields holds them already, unless a concurrent write linked another one.
    written = created !== null && created.withThese && externalId === candidate;
  }
  if (!written) {
    const updated = await updateOnce(em, crm, organizationId, {
      objectType: crmObjectType,
      externalId,
      properties: patch,
    });
    if (!updated)
      throw DomainError.business(`The linked CRM record ${externalId} no longer exists in the ${crm.type} CRM.`, {
        external_id: externalId,
      });
  }
  return {
    object_type: objectType,
    crm_type: crm.type,
    crm_properties: fields.map((f) => f.property),
    crm_property: fields[0].property,
    external_id: externalId,
  };
}
