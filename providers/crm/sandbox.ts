// The sandbox CRM: a deterministic, offline CRM on its own table (crm_records). It works through
// its own EntityManager forks, like an outside system would, never inside the caller's transaction.
//
// Seeded records, visible to every organization (inserted by Migration20261122030100_crm):
//   contact crm-contact-ada      ada@acme.test, https://www.linkedin.com/in/ada-lovelace-test, Ada Lovelace, acme.test
//   contact crm-contact-grace    grace@globex.test, https://www.linkedin.com/in/grace-hopper-test, Grace Hopper, globex.test
//   company crm-company-acme     acme.test, Acme Corp
//   company crm-company-globex   globex.test, Globex
// A write to a seeded record copies it into the organization's own record with the same external
// id (copy-on-write), which then shadows the seeded one for that organization only.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MikroORM } from '@mikro-orm/postgresql';
import { typedKysely, type DB, type Row } from '../../db/kysely.ts';
import type { CrmConnector, CrmIdentity, CrmObjectType, CrmProperties, CrmRecord } from './index.ts';

const RECORD_COLUMNS = ['object_type', 'external_id', 'properties'] as const;
type RecordRow = Pick<Row<'crm_records'>, (typeof RECORD_COLUMNS)[number]>;

const RETURNING = 'returning "object_type", "external_id", "properties"';

function toRecord(row: RecordRow): CrmRecord {
  return { externalId: row.external_id, objectType: row.object_type, properties: row.properties };
}

// Identity lookups in order; each key is written into the SQL literally so that the expression
// indexes of the migration (lower("properties" ->> 'email') etc.) serve it.
const IDENTITY_KEYS: [keyof CrmIdentity, string][] = [
  ['email', 'email'],
  ['linkedinUrl', 'linkedin_url'],
  ['domain', 'domain'],
];

export class SandboxCrm implements CrmConnector {
  readonly type = 'sandbox';
  private readonly orm: MikroORM;

  constructor(orm: MikroORM) {
    this.orm = orm;
  }

  private query(sql: string, params: unknown[]): Promise<RecordRow[]> {
    return this.orm.em.fork().execute<RecordRow[]>(sql, params);
  }

  private db(): Kysely<DB> {
    return typedKysely(this.orm.em.fork());
  }

  /** The organization's own record of this external id, else the seeded one. */
  async findRecord(organizationId: string, objectType: CrmObjectType, externalId: string): Promise<CrmRecord | null> {
    const row = await this.db()
      .selectFrom('crm_records')
      .select(RECORD_COLUMNS)
      .where('object_type', '=', objectType)
      .where('external_id', '=', externalId)
      .where((eb) => eb.or([eb('organization_id', '=', organizationId), eb('organization_id', 'is', null)]))
      .orderBy('organization_id', (ob) => ob.asc().nullsLast())
      .limit(1)
      .executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async findByIdentity(
    organizationId: string,
    objectType: CrmObjectType,
    identity: CrmIdentity,
  ): Promise<CrmRecord | null> {
    for (const [field, property] of IDENTITY_KEYS) {
      const value = identity[field];
      if (!value) continue;
      // A seeded record counts only while the organization has no copy of it: the copy may have
      // changed the very property looked up. SQL: the property key must be a literal of the
      // statement (not a parameter) for the expression indexes to serve it.
      const [row] = await this.query(
        `select r."object_type", r."external_id", r."properties" from "crm_records" r
          where r."object_type" = ? and lower(r."properties" ->> '${property}') = lower(?)
            and (r."organization_id" = ? or (r."organization_id" is null and not exists (
              select 1 from "crm_records" o
               where o."organization_id" = ? and o."object_type" = r."object_type" and o."external_id" = r."external_id")))
          order by r."organization_id" nulls last, r."created_at", r."external_id" limit 1`,
        [objectType, value, organizationId, organizationId],
      );
      if (row) return toRecord(row);
    }
    return null;
  }

  async createRecord(
    organizationId: string,
    objectType: CrmObjectType,
    properties: CrmProperties,
    idempotencyKey: string,
  ): Promise<CrmRecord> {
    // ON CONFLICT rather than a read first: two concurrent creates with one key still make one record.
    const row = await this.db()
      .insertInto('crm_records')
      .values((eb) => ({
        id: randomUUID(),
        organization_id: organizationId,
        object_type: objectType,
        external_id: `crm-${objectType}-${randomUUID()}`,
        properties: { ...properties },
        creation_key: idempotencyKey,
        created_at: eb.fn<Date>('now'),
        updated_at: eb.fn<Date>('now'),
      }))
      .onConflict((oc) => oc.column('creation_key').where('creation_key', 'is not', null).doNothing())
      .returning(RECORD_COLUMNS)
      .executeTakeFirst();
    return row ? toRecord(row) : (await this.findCreated(organizationId, idempotencyKey))!;
  }

  async findCreated(organizationId: string, idempotencyKey: string): Promise<CrmRecord | null> {
    const row = await this.db()
      .selectFrom('crm_records')
      .select(RECORD_COLUMNS)
      .where('creation_key', '=', idempotencyKey)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async updateRecord(
    organizationId: string,
    objectType: CrmObjectType,
    externalId: string,
    properties: CrmProperties,
  ): Promise<CrmRecord | null> {
    const patch = JSON.stringify(properties);
    // SQL: a jsonb merge (||) of a parameter, and below a copy-on-write INSERT ... SELECT whose conflict branch merges again.
    const [own] = await this.query(
      `update "crm_records" set "properties" = "properties" || ?::jsonb, "updated_at" = now()
        where "organization_id" = ? and "object_type" = ? and "external_id" = ? ${RETURNING}`,
      [patch, organizationId, objectType, externalId],
    );
    if (own) return toRecord(own);
    // Copy-on-write of a seeded record. A concurrent first write may have made the copy meanwhile:
    // then the patch merges into that copy instead.
    const [copy] = await this.query(
      `insert into "crm_records" ("id", "organization_id", "object_type", "external_id", "properties", "created_at", "updated_at")
       select ?, ?, s."object_type", s."external_id", s."properties" || ?::jsonb, now(), now()
         from "crm_records" s where s."organization_id" is null and s."object_type" = ? and s."external_id" = ?
       on conflict ("organization_id", "object_type", "external_id") where "organization_id" is not null
       do update set "properties" = "crm_records"."properties" || ?::jsonb, "updated_at" = now() ${RETURNING}`,
      [randomUUID(), organizationId, patch, objectType, externalId, patch],
    );
    return copy ? toRecord(copy) : null;
  }

  /** Deletes the organization's own record (a seeded record is a fixture every organization shares: it stays). */
  async deleteRecord(organizationId: string, objectType: CrmObjectType, externalId: string): Promise<boolean> {
    const deleted = await this.db()
      .deleteFrom('crm_records')
      .where('organization_id', '=', organizationId)
      .where('object_type', '=', objectType)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  }
}
