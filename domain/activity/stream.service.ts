// The activity stream read side: one activity and the filtered list. Rows hold the snake_case
// webhook body (domain/activity/emit.ts); the API serves it camelCased, as docs/api/activity.md shows.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely, type Row } from '../../db/kysely.ts';
import { DomainError } from '../shared/errors.ts';
import { pageTotal } from '../shared/pagination.ts';
import { iso } from '../shared/time.ts';
import type { CHANNELS, EventType, RESOURCE_TYPES } from './emit.ts';

export const ACTIVITY_SORT_FIELDS = ['created_at'] as const;
export type ActivitySort = (typeof ACTIVITY_SORT_FIELDS)[number];

export interface ActivityRecord {
  id: string;
  created_at: string;
  payload: Record<string, unknown>;
}

export interface ActivityFilters {
  contact_id?: string;
  sequence_id?: string;
  sequence_template_id?: string;
  resource_type?: (typeof RESOURCE_TYPES)[number];
  channel?: (typeof CHANNELS)[number];
  types?: EventType[];
  created_after?: string;
  created_before?: string;
}

type ActivityRow = Pick<Row<'activities'>, 'id' | 'created_at' | 'payload'>;

/** `sequence_template_id` → `sequenceTemplateId`: how the stream serves the keys of a webhook body. */
export function camelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Every object key camelCased, at any depth; values (strings included) are left as they are. */
export function camelCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCaseKeys);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [camelKey(k), camelCaseKeys(v)]));
  }
  return value;
}

function toRecord(row: ActivityRow): ActivityRecord {
  return { id: row.id, created_at: iso(row.created_at), payload: camelCaseKeys(row.payload) as Record<string, unknown> };
}

export async function getActivity(em: EntityManager, organizationId: string, id: string): Promise<ActivityRecord> {
  const row = await typedKysely(em)
    .selectFrom('activities').select(['id', 'created_at', 'payload'])
    .where('id', '=', id).where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row) throw DomainError.notFound('Activity');
  return toRecord(row);
}

export async function listActivities(
  em: EntityManager,
  organizationId: string,
  filters: ActivityFilters,
  page: { limit: number; offset: number; sortOrder: 'asc' | 'desc' },
): Promise<{ items: ActivityRecord[]; total: number }> {
  const matching = typedKysely(em)
    .selectFrom('activities')
    .where('organization_id', '=', organizationId)
    .$if(!!filters.contact_id, (q) => q.where('contact_id', '=', filters.contact_id!))
    .$if(!!filters.sequence_id, (q) => q.where('sequence_id', '=', filters.sequence_id!))
    .$if(!!filters.sequence_template_id, (q) => q.where('sequence_template_id', '=', filters.sequence_template_id!))
    .$if(!!filters.resource_type, (q) => q.where('resource_type', '=', filters.resource_type!))
    .$if(!!filters.channel, (q) => q.where('channel', '=', filters.channel!))
    .$if(!!filters.types?.length, (q) => q.where((eb) => eb('type', '=', eb.fn.any(eb.val([...new Set(filters.types)])))))
    .$if(!!filters.created_after, (q) => q.where('created_at', '>', new Date(filters.created_after!)))
    .$if(!!filters.created_before, (q) => q.where('created_at', '<', new Date(filters.created_before!)));
  const rows = await matching
    .select((eb) => ['id', 'created_at', 'payload', eb.fn.countAll().over().as('total')])
    .orderBy('created_at', page.sortOrder)
    .orderBy('id', page.sortOrder)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  // Past the last page the window count has no row to ride on.
  const total = await pageTotal(rows, page.offset, async () => (await matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow()).total);
  return { items: rows.map(toRecord), total };
}
