// The activity stream read side: one activity and the filtered list. Rows hold the snake_case
// webhook body (domain/activity/emit.ts); the API serves it camelCased, as docs/api/activity.md shows.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Row } from '../../db/kysely.ts';
import { activityById, activityListCount, activityListPage } from './activity.queries.ts';
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
  return {
    id: row.id,
    created_at: iso(row.created_at),
    payload: camelCaseKeys(row.payload) as Record<string, unknown>,
  };
}

export async function getActivity(em: EntityManager, organizationId: string, id: string): Promise<ActivityRecord> {
  const row = await activityById(em, organizationId, id);
  if (!row) throw DomainError.notFound('Activity');
  return toRecord(row);
}

export async function listActivities(
  em: EntityManager,
  organizationId: string,
  filters: ActivityFilters,
  page: { limit: number; offset: number; sortOrder: 'asc' | 'desc' },
): Promise<{ items: ActivityRecord[]; total: number }> {
  const where = {
    contactId: filters.contact_id,
    sequenceId: filters.sequence_id,
    sequenceTemplateId: filters.sequence_template_id,
    resourceType: filters.resource_type,
    channel: filters.channel,
    types: filters.types,
    createdAfter: filters.created_after ? new Date(filters.created_after) : undefined,
    createdBefore: filters.created_before ? new Date(filters.created_before) : undefined,
  };
  const rows = await activityListPage(em, organizationId, where, page);
  // Past the last page the window count has no row to ride on.
  const total = await pageTotal(rows, page.offset, () => activityListCount(em, organizationId, where));
  return { items: rows.map(toRecord), total };
}
