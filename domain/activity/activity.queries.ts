// The activity feature's queries: writing events (the activity row and its webhook deliveries, in
// the caller's transaction) and reading the stream. Typed Kysely; emitEvent's statement compiled
// once (db/statement.ts); raw SQL where the builder cannot type a SELECT joined to the subscriptions.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Insertable } from 'kysely';
import { typedKysely, type DB } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';

/** An activities row as emitEvent and emitEvents write it. */
export type ActivityInsert = Pick<
  Insertable<DB['activities']>,
  | 'id'
  | 'organization_id'
  | 'type'
  | 'contact_id'
  | 'sequence_id'
  | 'sequence_template_id'
  | 'resource_type'
  | 'channel'
  | 'payload'
> & { created_at: Date };

/** The columns of an activity a statement inserts from a SELECT in its CTE `a` (the event beside a sequence's write). */
export const SEQUENCE_ACTIVITY_COLUMNS = [
  'id',
  'organization_id',
  'type',
  'contact_id',
  'sequence_id',
  'sequence_template_id',
  'resource_type',
  'channel',
  'payload',
  'created_at',
] as const;

/** The columns of a webhook delivery, in the order of deliveriesOfInserted's SELECT. */
export const DELIVERY_COLUMNS = [
  'id',
  'organization_id',
  'subscription_id',
  'activity_id',
  'event_type',
  'status',
  'attempts',
  'next_attempt_at',
  'created_at',
  'updated_at',
] as const;

/**
 * One delivery per matching subscription of the activity a statement inserted in its CTE `a` (id,
 * organization_id, type), for statements that write an event with other rows. SQL: the builder
 * cannot type a SELECT from a CTE joined to the subscriptions.
 */
export function deliveriesOfInserted(createdAt: unknown, templateId: unknown) {
  return sql`
    SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), s.organization_id, s.id, a.id, a.type, 'PENDING', 0, ${createdAt}, ${createdAt}, ${createdAt}
      FROM a
      JOIN webhook_subscriptions s ON s.organization_id = a.organization_id AND s.status = 'ACTIVE' AND a.type = ANY (s.event_types)
                                  AND (s.sequence_template_ids IS NULL OR ${templateId}::text = ANY (s.sequence_template_ids))`;
}

// emitEvent's one statement (every step, pause, resume and enrollment emits one event): the
// activity row and its deliveries, as insertActivities and insertDeliveries write them, compiled once.
const insertOneEvent = statement(
  (
    db,
    id: string,
    organizationId: string,
    type: string,
    contactId: string | null,
    sequenceId: string | null,
    templateId: string | null,
    resourceType: string | null,
    channel: string | null,
    payload: Record<string, unknown>,
    createdAt: Date,
  ) =>
    db
      .with('a', (w) =>
        w
          .insertInto('activities')
          .values({
            id,
            organization_id: organizationId,
            type,
            contact_id: contactId,
            sequence_id: sequenceId,
            sequence_template_id: templateId,
            resource_type: resourceType,
            channel,
            payload,
            created_at: createdAt,
          })
          .returning(['id', 'organization_id', 'type']),
      )
      .insertInto('webhook_deliveries')
      .columns(DELIVERY_COLUMNS)
      .expression(deliveriesOfInserted(createdAt, templateId)),
);

/** Inserts one activity row and its deliveries in one statement; how many deliveries were queued. */
export async function insertActivityWithDeliveries(em: EntityManager, a: ActivityInsert): Promise<number> {
  const queued = await insertOneEvent(
    em,
    a.id,
    a.organization_id,
    a.type,
    a.contact_id ?? null,
    a.sequence_id ?? null,
    a.sequence_template_id ?? null,
    a.resource_type ?? null,
    a.channel ?? null,
    a.payload,
    a.created_at,
  );
  return Number(queued.numAffectedRows ?? 0);
}

/** Inserts activity rows (one statement). */
export async function insertActivities(em: EntityManager, rows: ActivityInsert[]): Promise<void> {
  await typedKysely(em).insertInto('activities').values(rows).execute();
}

/**
 * One delivery per activity and matching subscription: ACTIVE, subscribed to the type, and for a
 * sequence-tied event all templates or its template (an event without a template matches no list:
 * all templates only); how many were queued. SQL: INSERT ... SELECT from a VALUES relation joined
 * to the subscriptions, which the builder cannot type.
 */
export async function insertDeliveries(
  em: EntityManager,
  activities: { id: string; organizationId: string; type: string; templateId: string | null }[],
  createdAt: Date,
): Promise<number> {
  const queued = await sql`
    INSERT INTO webhook_deliveries (id, organization_id, subscription_id, activity_id, event_type, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), s.organization_id, s.id, a.id, a.type, 'PENDING', 0, ${createdAt}, ${createdAt}, ${createdAt}
      FROM (VALUES ${sql.join(activities.map((a) => sql`(${a.id}::uuid, ${a.organizationId}::uuid, ${a.type}::text, ${a.templateId}::text)`))})
           AS a (id, organization_id, type, template_id)
      JOIN webhook_subscriptions s ON s.organization_id = a.organization_id AND s.status = 'ACTIVE' AND a.type = ANY (s.event_types)
                                   AND (s.sequence_template_ids IS NULL OR a.template_id = ANY (s.sequence_template_ids))`.execute(
    em.getKysely(),
  );
  return Number(queued.numAffectedRows ?? 0);
}

// ---- The stream

/** One activity of the organization (id, time, payload), or undefined. */
export function activityById(em: EntityManager, organizationId: string, id: string) {
  return typedKysely(em)
    .selectFrom('activities')
    .select(['id', 'created_at', 'payload'])
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

export interface ActivityListWhere {
  contactId?: string;
  sequenceId?: string;
  sequenceTemplateId?: string;
  resourceType?: string;
  channel?: string;
  types?: string[];
  createdAfter?: Date;
  createdBefore?: Date;
}

function matchingActivities(em: EntityManager, organizationId: string, where: ActivityListWhere) {
  return typedKysely(em)
    .selectFrom('activities')
    .where('organization_id', '=', organizationId)
    .$if(!!where.contactId, (q) => q.where('contact_id', '=', where.contactId!))
    .$if(!!where.sequenceId, (q) => q.where('sequence_id', '=', where.sequenceId!))
    .$if(!!where.sequenceTemplateId, (q) => q.where('sequence_template_id', '=', where.sequenceTemplateId!))
    .$if(!!where.resourceType, (q) => q.where('resource_type', '=', where.resourceType!))
    .$if(!!where.channel, (q) => q.where('channel', '=', where.channel!))
    .$if(!!where.types?.length, (q) => q.where((eb) => eb('type', '=', eb.fn.any(eb.val([...new Set(where.types)])))))
    .$if(!!where.createdAfter, (q) => q.where('created_at', '>', where.createdAfter!))
    .$if(!!where.createdBefore, (q) => q.where('created_at', '<', where.createdBefore!));
}

/** One page of the matching activities, newest or oldest first, each row carrying the total (window count). */
export function activityListPage(
  em: EntityManager,
  organizationId: string,
  where: ActivityListWhere,
  page: { limit: number; offset: number; sortOrder: 'asc' | 'desc' },
) {
  return matchingActivities(em, organizationId, where)
    .select((eb) => ['id', 'created_at', 'payload', eb.fn.countAll().over().as('total')])
    .orderBy('created_at', page.sortOrder)
    .orderBy('id', page.sortOrder)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many activities match (for a page past the last, where no row carries the window count). */
export async function activityListCount(em: EntityManager, organizationId: string, where: ActivityListWhere) {
  return (
    await matchingActivities(em, organizationId, where)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow()
  ).total;
}
