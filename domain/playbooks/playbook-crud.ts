// Playbooks: create, read, list, update, delete.
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlaybookAction, PlaybookStatus } from '../../db/entities/playbook.entity.ts';
import { DomainError } from '../shared/errors.ts';
import { PLAYBOOK_COLUMNS, toPlaybook, type PlaybookRecord, type PlaybookRow } from './playbook-records.ts';

export interface ActionInput {
  type: PlaybookAction['type'];
  sequence_template_id?: string;
  title?: string;
  priority?: 'HOT' | 'TODAY' | 'EXTRA';
  due_in_days?: number;
}

export interface CreatePlaybookRequest {
  name: string;
  event_name: string;
  action: ActionInput;
  requires_approval?: boolean;
  status?: PlaybookStatus;
}

export type UpdatePlaybookRequest = Partial<CreatePlaybookRequest>;

/** The action's fields by type: each type's required and forbidden fields are named (400). */
async function actionOf(em: EntityManager, organizationId: string, input: ActionInput): Promise<PlaybookAction> {
  const fields = { ENROLL_IN_SEQUENCE: ['sequence_template_id'], CREATE_TASK: ['title', 'priority', 'due_in_days'] }[input.type];
  const errors = Object.keys(input).filter((k) => k !== 'type' && !fields.includes(k))
    .map((k) => ({ path: `action.${k}`, message: `is not a field of ${input.type}` }));
  if (input.type === 'ENROLL_IN_SEQUENCE' && input.sequence_template_id === undefined) errors.push({ path: 'action.sequence_template_id', message: 'is required for ENROLL_IN_SEQUENCE' });
  if (input.type === 'CREATE_TASK' && !input.title?.trim()) errors.push({ path: 'action.title', message: 'is required for CREATE_TASK (not blank)' });
  if (errors.length) throw DomainError.invalidFields(errors.map((e) => `${e.path} ${e.message}`).join('; '), errors);
  if (input.type === 'CREATE_TASK') return { type: 'CREATE_TASK', title: input.title!.trim(), priority: input.priority ?? 'TODAY', due_in_days: input.due_in_days ?? 0 };
  const { rows } = await sql`SELECT 1 FROM sequence_templates WHERE id = ${input.sequence_template_id} AND organization_id = ${organizationId} AND status <> 'ARCHIVED'`
    .execute(em.getKysely());
  if (!rows[0]) throw DomainError.invalid('action.sequence_template_id', 'is not a sequence template of this organization (or it is archived)', 422);
  return { type: 'ENROLL_IN_SEQUENCE', sequence_template_id: input.sequence_template_id! };
}

function blank(field: string, value: string | undefined): void {
  if (value !== undefined && !value.trim()) throw DomainError.invalid(field, 'must not be blank');
}

export async function createPlaybook(em: EntityManager, organizationId: string, userId: string | null, request: CreatePlaybookRequest): Promise<PlaybookRecord> {
  blank('name', request.name);
  const action = await actionOf(em, organizationId, request.action);
  const now = new Date();
  const { rows } = await sql<PlaybookRow>`
    INSERT INTO playbooks (id, organization_id, name, event_name, action, requires_approval, status, owner_user_id, created_at, updated_at)
    VALUES (${randomUUID()}, ${organizationId}, ${request.name.trim()}, ${request.event_name}, ${JSON.stringify(action)}::jsonb,
            ${request.requires_approval ?? false}, ${request.status ?? 'ACTIVE'}, ${userId}, ${now}, ${now})
    RETURNING ${PLAYBOOK_COLUMNS}`.execute(em.getKysely());
  return toPlaybook(rows[0]);
}

export async function getPlaybook(em: EntityManager, organizationId: string, id: string): Promise<PlaybookRecord> {
  const { rows } = await sql<PlaybookRow>`SELECT ${PLAYBOOK_COLUMNS} FROM playbooks WHERE id = ${id} AND organization_id = ${organizationId}`.execute(em.getKysely());
  if (!rows[0]) throw DomainError.notFound('Playbook');
  return toPlaybook(rows[0]);
}

export const PLAYBOOK_SORT_FIELDS = ['created_at', 'updated_at', 'name'] as const;
export type PlaybookSort = (typeof PLAYBOOK_SORT_FIELDS)[number];

export interface PlaybookFilters {
  event_name?: string;
  status?: PlaybookStatus;
}

export async function listPlaybooks(
  em: EntityManager, organizationId: string, filters: PlaybookFilters, page: { limit: number; offset: number; sortBy?: PlaybookSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: PlaybookRecord[]; total: number }> {
  const where: RawBuilder<unknown>[] = [sql`organization_id = ${organizationId}`];
  if (filters.event_name !== undefined) where.push(sql`event_name = ${filters.event_name}`);
  if (filters.status) where.push(sql`status = ${filters.status}`);
  const condition = sql.join(where, sql` AND `);
  const direction = sql.raw(page.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const db = em.getKysely();
  const [{ rows }, counted] = await Promise.all([
    sql<PlaybookRow>`SELECT ${PLAYBOOK_COLUMNS} FROM playbooks WHERE ${condition}
      ORDER BY ${sql.ref(page.sortBy ?? 'created_at')} ${direction}, id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM playbooks WHERE ${condition}`.execute(db),
  ]);
  return { items: rows.map(toPlaybook), total: Number(counted.rows[0].total) };
}

/** Fields sent replace the stored ones (`action` as a whole); runs already made keep their action. */
export async function updatePlaybook(em: EntityManager, organizationId: string, id: string, request: UpdatePlaybookRequest): Promise<PlaybookRecord> {
  await getPlaybook(em, organizationId, id);
  blank('name', request.name);
  const sets: RawBuilder<unknown>[] = [sql`updated_at = ${new Date()}`];
  if (request.name !== undefined) sets.push(sql`name = ${request.name.trim()}`);
  if (request.event_name !== undefined) sets.push(sql`event_name = ${request.event_name}`);
  if (request.action !== undefined) sets.push(sql`action = ${JSON.stringify(await actionOf(em, organizationId, request.action))}::jsonb`);
  if (request.requires_approval !== undefined) sets.push(sql`requires_approval = ${request.requires_approval}`);
  if (request.status !== undefined) sets.push(sql`status = ${request.status}`);
  const { rows } = await sql<PlaybookRow>`UPDATE playbooks SET ${sql.join(sets)} WHERE id = ${id} AND organization_id = ${organizationId} RETURNING ${PLAYBOOK_COLUMNS}`
    .execute(em.getKysely());
  if (!rows[0]) throw DomainError.notFound('Playbook');
  return toPlaybook(rows[0]);
}

/**
 * Deletes the playbook with its runs; the open PLAYBOOK_APPROVAL tasks of its waiting runs are
 * SKIPPED in the same transaction (nothing is left to approve). Tasks and sequences the runs
 * already made stay.
 */
export async function deletePlaybook(em: EntityManager, organizationId: string, id: string): Promise<void> {
  await em.fork().transactional(async (tx) => {
    const db = tx.getKysely();
    const { rows } = await sql`SELECT id FROM playbooks WHERE id = ${id} AND organization_id = ${organizationId} FOR UPDATE`.execute(db);
    if (!rows[0]) throw DomainError.notFound('Playbook');
    const now = new Date();
    await sql`
      UPDATE tasks SET status = 'SKIPPED', skipped_at = ${now}, snoozed_until = NULL, updated_at = ${now}
       WHERE organization_id = ${organizationId} AND status IN ('PENDING', 'IN_PROGRESS') AND type = 'PLAYBOOK_APPROVAL'
         AND id IN (SELECT approval_task_id FROM playbook_runs WHERE playbook_id = ${id} AND status = 'AWAITING_APPROVAL')`.execute(db);
    await sql`DELETE FROM playbooks WHERE id = ${id}`.execute(db);
  });
}
