// The connected CRM behind a small interface: the service links its accounts and contacts to CRM
// records and writes properties to them. sandbox.ts is the offline stand-in; a real CRM plugs in here.

/** Object kinds in the CRM's own vocabulary (a workspace account is a CRM company). */
export const CRM_OBJECT_TYPES = ['contact', 'company'] as const;
export type CrmObjectType = (typeof CRM_OBJECT_TYPES)[number];

/** Property name to value, as the CRM holds it (names like `email`, `linkedin_url`, `domain`). */
export type CrmProperties = Record<string, string>;

export interface CrmRecord {
  externalId: string;
  objectType: CrmObjectType;
  /**
   * Every property of the record, including the identifying ones that event resolution reads:
   * contacts `email`, `linkedin_url`, `first_name`, `last_name`, `company_domain`; companies `domain`, `name`.
   */
  properties: CrmProperties;
}

/** Identifiers to look a record up by; normalised (domain/people/identifiers.ts) by the caller. */
export interface CrmIdentity {
  email?: string;
  linkedinUrl?: string;
  domain?: string;
}

export interface CrmConnector {
  /** Reported as `crm_type` and stored on links, so a link made with another CRM is not reused. */
  readonly type: string;
  /** The record as the organization sees it, or null when the CRM has no such record. */
  findRecord(organizationId: string, objectType: CrmObjectType, externalId: string): Promise<CrmRecord | null>;
  /** The first record matching, tried in order: email, LinkedIn URL (contacts), domain (companies). */
  findByIdentity(organizationId: string, objectType: CrmObjectType, identity: CrmIdentity): Promise<CrmRecord | null>;
  /** Creates a record; a retried create with the same idempotency key answers the record the first one made. */
  createRecord(
    organizationId: string,
    objectType: CrmObjectType,
    properties: CrmProperties,
    idempotencyKey: string,
  ): Promise<CrmRecord>;
  /** The record a create with this idempotency key made, or null when none did. */
  findCreated(organizationId: string, idempotencyKey: string): Promise<CrmRecord | null>;
  /** Merges the properties into the record; null when the record does not exist (any more). */
  updateRecord(
    organizationId: string,
    objectType: CrmObjectType,
    externalId: string,
    properties: CrmProperties,
  ): Promise<CrmRecord | null>;
  /**
   * Deletes the record for good (the CRM's right-to-be-forgotten call, as HubSpot's GDPR delete);
   * answers false when there was none. Deleting a deleted record is harmless.
   */
  deleteRecord(organizationId: string, objectType: CrmObjectType, externalId: string): Promise<boolean>;
}
