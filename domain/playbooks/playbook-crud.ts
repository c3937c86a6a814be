// Playbooks: create, read, list, update, delete.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlaybookAction, PlaybookStatus } from '../../db/entities/playbook.entity.ts';
import { DomainError } from '../shared/errors.ts';
import { toPlaybook, type PlaybookRecord } from './playbook-records.ts';
import {
  deletePlaybookRows,
  insertPlaybook,
  isLiveTemplate,
  playbookPage,
  playbookRow,
  updatePlaybookRow,
  type PlaybookFilters,
  type PlaybookSort,
} from './playbooks.queries.ts';

/** The list's filters and sort fields are the query's. */
export { PLAYBOOK_SORT_FIELDS, type PlaybookFilters, type PlaybookSort } from './playbooks.queries.ts';

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
  const fields = { ENROLL_IN_SEQUENCE: ['sequence_template_id'], CREATE_TASK: ['title', 'priority', 'due_in_days'] }[
    input.type
  ];
  const errors = Object.keys(input)
    .filter((k) => k !== 'type' && !fields.includes(k))
    .map((k) => ({ path: `action.${k}`, message: `is not a field of ${input.type}` }));
  if (input.type === 'ENROLL_IN_SEQUENCE' && input.sequence_template_id === undefined)
    errors.push({ path: 'action.sequence_template_id', message: 'is required for ENROLL_IN_SEQUENCE' });
  if (input.type === 'CREATE_TASK' && !input.title?.trim())
    errors.push({ path: 'action.title', message: 'is required for CREATE_TASK (not blank)' });
  if (errors.length) throw DomainError.invalidFields(errors.map((e) => `${e.path} ${e.message}`).join('; '), errors);
  if (input.type === 'CREATE_TASK')
    return {
      type: 'CREATE_TASK',
      title: input.title!.trim(),
      priority: input.priority ?? 'TODAY',
      due_in_days: input.due_in_days ?? 0,
    };
  if (!(await isLiveTemplate(em, organizationId, input.sequence_template_id!)))
    throw DomainError.invalid(
      'action.sequence_template_id',
      'is not a sequence template of this organization (or it is archived)',
      422,
    );
  return { type: 'ENROLL_IN_SEQUENCE', sequence_template_id: input.sequence_template_id! };
}

function blank(field: string, value: string | undefined): void {
  if (value !== undefined && !value.trim()) throw DomainError.invalid(field, 'must not be blank');
}

export async function createPlaybook(
  em: EntityManager,
  organizationId: string,
  userId: string | null,
  request: CreatePlaybookRequest,
): Promise<PlaybookRecord> {
  blank('name', request.name);
  const action = await actionOf(em, organizationId, request.action);
  const now = new Date();
  const row = await insertPlaybook(em, {
    id: randomUUID(),
    organization_id: organizationId,
    name: request.name.trim(),
    event_name: request.event_name,
    action,
    requires_approval: request.requires_approval ?? false,
    status: request.status ?? 'ACTIVE',
    owner_user_id: userId,
    created_at: now,
    updated_at: now,
  });
  return toPlaybook(row);
}

export async function getPlaybook(em: EntityManager, organizationId: string, id: string): Promise<PlaybookRecord> {
  const row = await playbookRow(em, organizationId, id);
  if (!row) throw DomainError.notFound('Playbook');
  return toPlaybook(row);
}

export async function listPlaybooks(
  em: EntityManager,
  organizationId: string,
  filters: PlaybookFilters,
  page: { limit: number; offset: number; sortBy?: PlaybookSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: PlaybookRecord[]; total: number }> {
  const { rows, total } = await playbookPage(em, organizationId, filters, {
    ...page,
    sortBy: page.sortBy ?? 'created_at',
  });
  return { items: rows.map(toPlaybook), total };
}

/** Fields sent replace the stored ones (`action` as a whole); runs already made keep their action. */
export async function updatePlaybook(
  em: EntityManager,
  organizationId: string,
  id: string,
  request: UpdatePlaybookRequest,
): Promise<PlaybookRecord> {
  await getPlaybook(em, organizationId, id);
  blank('name', request.name);
  const action = request.action !== undefined ? await actionOf(em, organizationId, request.action) : undefined;
  const row = await updatePlaybookRow(em, organizationId, id, {
    ...(request.name !== undefined && { name: request.name.trim() }),
    ...(request.event_name !== undefined && { event_name: request.event_name }),
    ...(action !== undefined && { action }),
    ...(request.requires_approval !== undefined && { requires_approval: request.requires_approval }),
    ...(request.status !== undefined && { status: request.status }),
  });
  if (!row) throw DomainError.notFound('Playbook');
  return toPlaybook(row);
}

/**
 * Deletes the playbook with its runs; the open PLAYBOOK_APPROVAL tasks of its waiting runs are
 * SKIPPED in the same transaction (nothing is left to approve). Tasks and sequences the runs
 * already made stay.
 */
export async function deletePlaybook(em: EntityManager, organizationId: string, id: string): Promise<void> {
  await em.fork().transactional(async (tx) => {
    if (!(await deletePlaybookRows(tx, organizationId, id, new Date()))) throw DomainError.notFound('Playbook');
  });
}
