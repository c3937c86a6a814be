// Contact lists and account lists (docs/api/lists.md): batch create, read, list, patch and delete,
// the default template rules, the batch result shape every
// list and entry batch answers, and the start of the lead-import workflow (one per batch).
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { RUNNING_STATUSES } from '../sequences/statuses.ts';
import { DomainError } from '../shared/errors.ts';
import { endRuns } from '../sequences/runs.ts';
import { iso } from '../shared/time.ts';
import { deliverRunsChanged } from '../workflow-commands/deliver.ts';
import {
  deleteListRow,
  insertAccountList,
  insertContactList,
  listPage,
  listRow,
  resolvedEntryIds,
  sequencesSourcedFrom,
  templateStepCount,
  updateAccountList,
  updateContactList,
  type ListKind,
  type ListRow,
} from './lists.queries.ts';

export type { ListKind } from './lists.queries.ts';

// ---------------------------------------------------------------------------------------------
// Batch results

export type BatchStatus = 'CREATED' | 'UPDATED' | 'FAILED';

export interface BatchItemError {
  type: string;
  message: string;
}

export interface BatchItem<R> {
  index: number;
  status: BatchStatus;
  resource: R | null;
  error: BatchItemError | null;
}

export interface BatchResult<R> {
  items: BatchItem<R>[];
  summary: { total: number; succeeded: number; failed: number };
}

const ISSUE_OF_KIND = {
  invalid: 'ValidationIssue',
  not_found: 'NotFoundIssue',
  conflict: 'CommitIssue',
  business: 'BusinessIssue',
  unavailable: 'UnavailableIssue',
} as const;

/** The item error of a thrown error: a DomainError keeps its type and message; anything else is an InternalIssue. */
export function itemError(error: unknown): BatchItemError {
  if (error instanceof DomainError) return { type: ISSUE_OF_KIND[error.kind], message: error.message };
  return {
    type: 'InternalIssue',
    message: 'This item could not be written because of an internal error; send it again.',
  };
}

export function failed<R>(index: number, error: BatchItemError): BatchItem<R> {
  return { index, status: 'FAILED', resource: null, error };
}

export function batchResult<R>(items: BatchItem<R>[]): BatchResult<R> {
  const sorted = [...items].sort((a, b) => a.index - b.index);
  const failures = sorted.filter((i) => i.status === 'FAILED').length;
  return { items: sorted, summary: { total: sorted.length, succeeded: sorted.length - failures, failed: failures } };
}

/**
 * Runs `work` for each item with at most `concurrency` at once. Items sharing a key (the same
 * person twice in one batch) run one after the other, in index order, so the first creates and
 * the next updates.
 */
export async function runItems<T>(
  items: T[],
  keysOf: (item: T) => string[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const tails = new Map<string, Promise<void>>();
  const ready = items.map((item) => {
    const keys = keysOf(item);
    const before = keys.map((k) => tails.get(k)).filter((p): p is Promise<void> => !!p);
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const k of keys) tails.set(k, done);
    return { item, before, release };
  });
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, ready.length) }, async () => {
      while (next < ready.length) {
        const entry = ready[next++];
        await Promise.all(entry.before);
        try {
          await work(entry.item);
        } finally {
          entry.release();
        }
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The lead-import workflow

export interface LeadImportDeps {
  workflows: Pick<WorkflowClients, 'leadImport'>;
}

/** Starts one lead-import workflow for these entries (none: nothing started). Its id is derived from the ids. */
export async function startLeadImport(
  deps: LeadImportDeps,
  organizationId: string,
  importEntryIds: string[],
  enrollEntryIds: string[],
): Promise<string | null> {
  return deps.workflows.leadImport.start(organizationId, importEntryIds, enrollEntryIds);
}

// ---------------------------------------------------------------------------------------------
// Records and shared reads

export interface ContactListRecord {
  id: string;
  name: string;
  default_sequence_template_id: string | null;
  entries_count: number;
  created_at: string;
  updated_at: string;
}

export interface AccountListRecord {
  id: string;
  name: string;
  entries_count: number;
  created_at: string;
  updated_at: string;
}

function contactListRecord(row: ListRow): ContactListRecord {
  return {
    id: row.id,
    name: row.name,
    default_sequence_template_id: row.default_sequence_template_id ?? null,
    entries_count: Number(row.entries_count),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function accountListRecord(row: ListRow): AccountListRecord {
  return {
    id: row.id,
    name: row.name,
    entries_count: Number(row.entries_count),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const notFound = (kind: ListKind) => DomainError.notFound(kind === 'contact' ? 'Contact list' : 'Account list');

/**
 * Default template rule 4: the template must be of the organization (else 404) and ACTIVE with at
 * least one step (else 422 ValidationIssue naming default_sequence_template_id).
 */
export async function checkDefaultTemplate(
  em: EntityManager,
  organizationId: string,
  templateId: string,
): Promise<void> {
  const template = await templateStepCount(em, organizationId, templateId);
  if (!template) throw DomainError.notFound('Sequence template');
  if (template.status !== 'ACTIVE' || Number(template.steps) === 0) {
    throw DomainError.invalid(
      'default_sequence_template_id',
      `the template must be ACTIVE with at least one step (it is ${template.status} with ${template.steps} steps)`,
      422,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Create (batch), read, list

export interface ContactListInput {
  name: string;
  default_sequence_template_id?: string | null;
}

export interface AccountListInput {
  name: string;
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw DomainError.invalid('name', 'must not be blank');
  return trimmed;
}

/** One list per valid item; an item's failure (blank name, template refused) leaves the others written. */
export async function createLists(
  em: EntityManager,
  kind: ListKind,
  organizationId: string,
  items: { index: number; input: ContactListInput | AccountListInput }[],
): Promise<BatchItem<ContactListRecord | AccountListRecord>[]> {
  const out: BatchItem<ContactListRecord | AccountListRecord>[] = [];
  for (const { index, input } of items) {
    try {
      const name = cleanName(input.name);
      const templateId = kind === 'contact' ? ((input as ContactListInput).default_sequence_template_id ?? null) : null;
      if (templateId) await checkDefaultTemplate(em, organizationId, templateId);
      const id = randomUUID();
      const now = new Date();
      const values = { id, organization_id: organizationId, name, created_at: now, updated_at: now };
      if (kind === 'contact') await insertContactList(em, { ...values, default_sequence_template_id: templateId });
      else await insertAccountList(em, values);
      const row: ListRow = {
        id,
        name,
        default_sequence_template_id: templateId,
        entries_count: 0,
        created_at: now,
        updated_at: now,
      };
      out.push({
        index,
        status: 'CREATED',
        resource: kind === 'contact' ? contactListRecord(row) : accountListRecord(row),
        error: null,
      });
    } catch (error) {
      out.push(failed(index, itemError(error)));
    }
  }
  return out;
}

export async function getList(
  em: EntityManager,
  kind: ListKind,
  organizationId: string,
  id: string,
): Promise<ContactListRecord | AccountListRecord> {
  const row = await listRow(em, kind, organizationId, id);
  if (!row) throw notFound(kind);
  return kind === 'contact' ? contactListRecord(row) : accountListRecord(row);
}

export const LIST_SORT_FIELDS = ['created_at', 'updated_at', 'name'] as const;
export type ListSort = (typeof LIST_SORT_FIELDS)[number];

export interface ListFilters {
  name?: string;
  created_at_after?: string;
  created_at_before?: string;
}

export async function listLists(
  em: EntityManager,
  kind: ListKind,
  organizationId: string,
  filters: ListFilters,
  page: { limit: number; offset: number; sortBy?: ListSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: (ContactListRecord | AccountListRecord)[]; total: number }> {
  const where = {
    name: filters.name,
    createdAfter: filters.created_at_after ? new Date(filters.created_at_after) : undefined,
    createdBefore: filters.created_at_before ? new Date(filters.created_at_before) : undefined,
  };
  const { rows, total } = await listPage(em, kind, organizationId, where, {
    ...page,
    sortBy: page.sortBy ?? 'created_at',
  });
  return { items: rows.map(kind === 'contact' ? contactListRecord : accountListRecord), total };
}

// ---------------------------------------------------------------------------------------------
// Patch

export interface ContactListPatch {
  name?: string;
  default_sequence_template_id?: string | null;
}

/**
 * Rules 2-4: a template sent is checked first (404 / 422, the list unchanged); then the name and
 * template are written; a template sent (non-null) enrolls every resolved entry of the list through
 * one lead-import workflow. An entry is enrolled at most once per template (a re-sent template
 * enrolls only the entries it has not enrolled yet), and a contact already running the template
 * is left alone. null clears the template; entries still importing then enroll nowhere.
 */
export async function patchContactList(
  em: EntityManager,
  deps: LeadImportDeps,
  organizationId: string,
  id: string,
  patch: ContactListPatch,
): Promise<ContactListRecord> {
  const { record, enroll } = await em.transactional(async (tx) => {
    const row = await listRow(tx, 'contact', organizationId, id, true);
    if (!row) throw notFound('contact');
    const templateId = patch.default_sequence_template_id;
    if (templateId) await checkDefaultTemplate(tx, organizationId, templateId);
    await updateContactList(tx, id, {
      updated_at: new Date(),
      ...(patch.name !== undefined ? { name: cleanName(patch.name) } : {}),
      ...(templateId !== undefined ? { default_sequence_template_id: templateId } : {}),
    });
    const enroll = templateId ? await resolvedEntryIds(tx, id) : [];
    return { record: contactListRecord((await listRow(tx, 'contact', organizationId, id))!), enroll };
  });
  await startLeadImport(deps, organizationId, [], enroll);
  return record;
}

export async function patchAccountList(
  em: EntityManager,
  organizationId: string,
  id: string,
  patch: { name?: string },
): Promise<AccountListRecord> {
  return em.transactional(async (tx) => {
    const row = await listRow(tx, 'account', organizationId, id, true);
    if (!row) throw notFound('account');
    await updateAccountList(tx, id, {
      updated_at: new Date(),
      ...(patch.name !== undefined ? { name: cleanName(patch.name) } : {}),
    });
    return accountListRecord((await listRow(tx, 'account', organizationId, id))!);
  });
}

// ---------------------------------------------------------------------------------------------
// Delete

/** Running sequences sourced from these contact entries (the ones their deletion stops). */
export async function sourcedRunningSequences(
  tx: EntityManager,
  organizationId: string,
  where: { entryId?: string; listId?: string },
): Promise<string[]> {
  return sequencesSourcedFrom(tx, organizationId, where, RUNNING_STATUSES);
}

/**
 * Deletes a list with its entries (200 with the list as it was). For a contact list, every running
 * sequence one of its entries sourced ends STOPPED_EARLY with REMOVED_FROM_SOURCE_LIST in the same
 * transaction (with their RUN_CHANGED commands); their workflows are told after the commit.
 */
export async function deleteList(
  em: EntityManager,
  kind: ListKind,
  workflows: WorkflowClients,
  organizationId: string,
  id: string,
): Promise<ContactListRecord | AccountListRecord> {
  const { record, stopped } = await em.transactional(async (tx) => {
    const row = await listRow(tx, kind, organizationId, id, true);
    if (!row) throw notFound(kind);
    let stopped: string[] = [];
    if (kind === 'contact') {
      stopped = await endRuns(
        tx,
        await sourcedRunningSequences(tx, organizationId, { listId: id }),
        'STOPPED_EARLY',
        'REMOVED_FROM_SOURCE_LIST',
      );
    }
    await deleteListRow(tx, kind, id);
    return { record: kind === 'contact' ? contactListRecord(row) : accountListRecord(row), stopped };
  });
  await deliverRunsChanged(em, { workflows }, stopped);
  return record;
}
