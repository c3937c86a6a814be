// The activity stream read side: one activity and the filtered list. Rows hold the snake_case
// webhook body (domain/activity/emit.ts); the API serves it camelCased, as SPEC's single-activity example.
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../shared/errors.ts';
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

interface ActivityRow {
  id: string;
  created_at: Date | string;
  payload: Record<string, unknown>;
}

function camelKey(key: string): string {
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
  return { id: row.id, created_at: new Date(row.created_at).toISOString(), payload: camelCaseKeys(row.payload) as Record<string, unknown> };
}

export async function getActivity(em: EntityManager, organizationId: string, id: string): Promise<ActivityRecord> {
  const { rows } = await sql<ActivityRow>`
    SELECT id, created_at, payload FROM activities WHERE id = ${id} AND organization_id = ${organizationId}`.execute(em.getKysely());
  if (!rows.length) throw DomainError.notFound('Activity');
  return toRecord(rows[0]);
}

export async function listActivities(
  em: EntityManager,
  organizationId: string,
  filters: ActivityFilters,
  page: { limit: number; offset: number; sortOrder: 'asc' | 'desc' },
): Promise<{ items: ActivityRecord[]; total: number }> {
  const where = [sql`organization_id = ${organizationId}`];
  if (filters.contact_id) where.push(sql`contact_id = ${filters.contact_id}`);
  if (filters.sequence_id) where.push(sql`sequence_id = ${filters.sequence_id}`);
  if (filters.sequence_template_id) where.push(sql`sequence_template_id = ${filters.sequence_template_id}`);
  if (filters.resource_type) where.push(sql`resource_type = ${filters.resource_type}`);
  if (filters.channel) where.push(sql`channel = ${filters.channel}`);
  if (filters.types?.length) where.push(sql`type = ANY (${[...new Set(filters.types)]}::text[])`);
  if (filters.created_after) where.push(sql`created_at > ${new Date(filters.created_after)}`);
  if (filters.created_before) where.push(sql`created_at < ${new Date(filters.created_before)}`);
  const direction = sql.raw(page.sortOrder === 'asc' ? 'ASC' : 'DESC');
  const db = em.getKysely();
  const { rows } = await sql<ActivityRow & { total: string }>`
    SELECT id, created_at, payload, count(*) OVER () AS total FROM activities
     WHERE ${sql.join(where, sql` AND `)}
     ORDER BY created_at ${direction}, id ${direction}
     LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page.offset > 0) {
    // Past the last page the window count has no row to ride on.
    const counted = await sql<{ total: string }>`SELECT count(*) AS total FROM activities WHERE ${sql.join(where, sql` AND `)}`.execute(db);
    total = Number(counted.rows[0].total);
  }
  return { items: rows.map(toRecord), total };
}
