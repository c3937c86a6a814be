// Buying signals, the API side (SPEC 'Signal', 'Signal status', 'Signals'; issue 8 items 4-5 and
// custom-event rules 1-2): create, list, detail, patch, duplicate, pause, resume, archive, unarchive.
//
// Every write commits the row (and its destination list) first, then tells the signal's workflow
// (workflows/signal.client.ts): create and duplicate start it, every other change is the
// `signalChanged` Update. When that call fails (Temporal unreachable: 503) the row change is undone,
// so a refused request leaves nothing half-written.
//
// Validation order of create (and of duplicate, which validates its copy as a create):
//   1. the preset: unknown signal_type or a preset not open for creation: 404 NotFoundIssue;
//   2. every 422 rule at once (ValidationIssue, data.errors names each field): name, filters,
//      import_target, event_subject, template for a COMPANIES destination, caps;
//   3. the template: not of this organization: 404;
//   4. CUSTOM_EVENT: another signal of the organization (archived ones included) holds the
//      event_name: 409 CommitIssue (the partial unique index signals_event_name_unique backs it).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { IMPORT_TARGETS, SIGNAL_CADENCES, SIGNAL_STATUSES } from '../../db/entities/signal.entity.ts';
import { DomainError, isUniqueViolation } from '../shared/errors.ts';
import { unstorableReason } from '../people/identifiers.ts';
import { codePointLength, truncateText } from '../shared/text.ts';
import { isSignalType, presetOf } from './presets.ts';
import { validateFilters, validateImportFilters } from './filters.ts';
import type { SignalPreset } from './presets.types.ts';
import { SIGNAL_RESYNC_TIMEOUT_MS } from '../../workflows/signal.client.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { SignalChange } from '../../workflows/signal.definitions.ts';
import { iso } from '../shared/time.ts';

// ---------------------------------------------------------------------------------------------
// Documented defaults (README 'Signals')

/** People per detected company when max_companies_per_run is set without max_contacts_per_company. */
export const DEFAULT_CONTACTS_PER_COMPANY = 3;
/** max_per_day of a provider-backed signal with no cap: this, or the organization's lead limit when lower. */
export const DEFAULT_MAX_PER_DAY = 50;
/** Custom-event signals take no caps: every kept event lands, at most this many a poll (SPEC Limits). */
export const CUSTOM_EVENT_MAX_PER_DAY = 500;
export const SIGNAL_NAME_MAX = 255;
export const EVENT_NAME_MAX = 255;
const COPY_SUFFIX = ' (Copy)';

export type Filters = Record<string, string[]>;
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];
export type SignalCadence = (typeof SIGNAL_CADENCES)[number];
export type ImportTarget = (typeof IMPORT_TARGETS)[number];

// ---------------------------------------------------------------------------------------------
// Records

export interface SignalRecord {
  id: string;
  name: string;
  signal_type: string;
  status: SignalStatus;
  cadence: SignalCadence;
  max_per_run: number | null;
  max_companies_per_run: number | null;
  max_contacts_per_company: number | null;
  max_per_day: number;
  enrich_email: boolean;
  enrich_phones: boolean;
  imported_count: number;
  contact_list_id: string | null;
  account_list_id: string | null;
  last_checked_at: string | null;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
  url: string;
  list_url: string | null;
}

export interface SignalDetail extends SignalRecord {
  search_filters: Filters;
  import_search_filters: Filters;
  sequence_template_id: string | null;
  import_target: ImportTarget;
  event_subject: ImportTarget | null;
}

interface SignalRow {
  id: string;
  organization_id: string;
  name: string;
  signal_type: string;
  status: SignalStatus;
  cadence: SignalCadence;
  search_filters: Filters;
  import_search_filters: Filters;
  import_target: ImportTarget;
  event_subject: ImportTarget | null;
  event_name: string | null;
  sequence_template_id: string | null;
  enrich_email: boolean;
  enrich_phones: boolean;
  max_per_run: number | null;
  max_companies_per_run: number | null;
  max_contacts_per_company: number | null;
  max_per_day: number;
  imported_count: number;
  contact_list_id: string | null;
  account_list_id: string | null;
  last_checked_at: Date | null;
  created_at: Date;
  updated_at: Date;
  archived_at: Date | null;
}

const COLUMNS = sql.raw(`id, organization_id, name, signal_type, status, cadence, search_filters, import_search_filters, import_target, event_subject,
  event_name, sequence_template_id, enrich_email, enrich_phones, max_per_run, max_companies_per_run, max_contacts_per_company, max_per_day,
  imported_count, contact_list_id, account_list_id, last_checked_at, created_at, updated_at, archived_at`);


export interface SignalsDeps {
  workflows: Pick<WorkflowClients, 'signal'>;
  em: EntityManager;
  /** Dashboard origin the deep links start with (config DASHBOARD_BASE_URL), without a trailing slash. */
  dashboardBaseUrl: string;
}

export function signalUrl(base: string, id: string): string {
  return `${base.replace(/\/+$/, '')}/signals/${id}`;
}

export function listUrl(base: string, row: Pick<SignalRow, 'contact_list_id' | 'account_list_id'>): string | null {
  const root = base.replace(/\/+$/, '');
  if (row.contact_list_id) return `${root}/lists/contacts/${row.contact_list_id}`;
  if (row.account_list_id) return `${root}/lists/accounts/${row.account_list_id}`;
  return null;
}

function toRecord(base: string, r: SignalRow): SignalRecord {
  return {
    id: r.id, name: r.name, signal_type: r.signal_type, status: r.status, cadence: r.cadence,
    max_per_run: r.max_per_run, max_companies_per_run: r.max_companies_per_run, max_contacts_per_company: r.max_contacts_per_company,
    max_per_day: r.max_per_day, enrich_email: r.enrich_email, enrich_phones: r.enrich_phones, imported_count: r.imported_count,
    contact_list_id: r.contact_list_id, account_list_id: r.account_list_id, last_checked_at: iso(r.last_checked_at),
    created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)!, archived_at: iso(r.archived_at),
    url: signalUrl(base, r.id), list_url: listUrl(base, r),
  };
}

function toDetail(base: string, r: SignalRow): SignalDetail {
  return {
    ...toRecord(base, r),
    search_filters: r.search_filters, import_search_filters: r.import_search_filters, sequence_template_id: r.sequence_template_id,
    import_target: r.import_target, event_subject: r.event_subject,
  };
}

async function signalRow(em: EntityManager, organizationId: string, id: string, lock = false): Promise<SignalRow | null> {
  const { rows } = await sql<SignalRow>`SELECT ${COLUMNS} FROM signals WHERE id = ${id} AND organization_id = ${organizationId} ${lock ? sql`FOR UPDATE` : sql``}`
    .execute(em.getKysely());
  return rows[0] ?? null;
}

async function mustRow(em: EntityManager, organizationId: string, id: string, lock = false): Promise<SignalRow> {
  const row = await signalRow(em, organizationId, id, lock);
  if (!row) throw DomainError.notFound('Signal');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Create-time resolution: one input in, the columns of a valid signal out (or every 422 at once)

export interface SignalCreateInput {
  signal_type: string;
  name: string;
  search_filters?: Filters;
  import_search_filters?: Filters;
  import_target?: ImportTarget;
  event_subject?: ImportTarget | null;
  sequence_template_id?: string | null;
  enrich_email?: boolean;
  enrich_phones?: boolean;
  max_per_run?: number | null;
  max_companies_per_run?: number | null;
  max_contacts_per_company?: number | null;
  cadence?: SignalCadence;
}

export type SignalPatch = Partial<Omit<SignalCreateInput, 'signal_type' | 'import_target' | 'event_subject'>>
  & { signal_type?: unknown; import_target?: unknown; event_subject?: unknown };

interface Resolved {
  signalType: string;
  name: string;
  searchFilters: Filters;
  importSearchFilters: Filters;
  importTarget: ImportTarget;
  eventSubject: ImportTarget | null;
  eventName: string | null;
  sequenceTemplateId: string | null;
  enrichEmail: boolean;
  enrichPhones: boolean;
  maxPerRun: number | null;
  maxCompaniesPerRun: number | null;
  maxContactsPerCompany: number | null;
  maxPerDay: number;
  cadence: SignalCadence;
}

type FieldError = { path: string; message: string };

/** The field errors a thrown validation error carries (DomainError fields, or an ApiIssue's data.errors). */
function fieldsOf(error: unknown): FieldError[] | null {
  if (error instanceof DomainError && error.status === 422) return error.fields.length ? error.fields : [{ path: '(body)', message: error.message }];
  const issue = error as { status?: number; type?: string; data?: { errors?: FieldError[] } | null; message?: string };
  if (issue?.status === 422 && issue.type === 'ValidationIssue') return issue.data?.errors?.length ? issue.data.errors : [{ path: '(body)', message: issue.message ?? 'is invalid' }];
  return null;
}

function collect(errors: FieldError[], check: () => void): void {
  try {
    check();
  } catch (error) {
    const fields = fieldsOf(error);
    if (!fields) throw error;
    errors.push(...fields);
  }
}

/** The preset a signal_type names, when open for creation (closed and unknown types alike: 404). */
function openPreset(signalType: string): SignalPreset {
  const preset = isSignalType(signalType) ? presetOf(signalType) : null;
  if (!preset || !preset.open_for_creation) throw DomainError.notFound(`Signal preset ${JSON.stringify(signalType)}`);
  return preset;
}

function defaultTarget(preset: SignalPreset): ImportTarget {
  return preset.scope === 'COMPANY' ? 'COMPANIES' : 'PEOPLE';
}

/**
 * Checks a create input against the preset and the organization's lead limit; all 422 rules at
 * once. `fixed` (patch): the import target and event subject the signal already has.
 */
function resolveInput(preset: SignalPreset, input: SignalCreateInput, leadLimit: number, fixed?: { importTarget: ImportTarget; eventSubject: ImportTarget | null }): Resolved {
  const errors: FieldError[] = [];
  const isEvent = preset.requires_event_subject;

  const name = (input.name ?? '').trim();
  if (!name) errors.push({ path: 'name', message: 'must not be blank' });
  else if (codePointLength(name) > SIGNAL_NAME_MAX) errors.push({ path: 'name', message: `must be at most ${SIGNAL_NAME_MAX} characters` });
  else if (unstorableReason(name)) errors.push({ path: 'name', message: unstorableReason(name)! });

  let searchFilters: Filters = {};
  collect(errors, () => { searchFilters = validateFilters(preset, input.search_filters ?? {}, 'search_filters'); });

  // event_subject and import_target
  let eventSubject: ImportTarget | null = fixed ? fixed.eventSubject : (input.event_subject ?? null);
  let importTarget: ImportTarget;
  if (!fixed) {
    if (isEvent && !eventSubject) errors.push({ path: 'event_subject', message: `is required for the ${preset.signal_type} preset (PEOPLE or COMPANIES)` });
    if (!isEvent && input.event_subject != null) {
      errors.push({ path: 'event_subject', message: `is only accepted by the custom-event preset, not ${preset.signal_type}` });
      eventSubject = null;
    }
  }
  if (fixed) {
    importTarget = fixed.importTarget;
  } else if (isEvent) {
    importTarget = eventSubject ?? 'PEOPLE';
    if (input.import_target && eventSubject && input.import_target !== eventSubject) {
      errors.push({ path: 'import_target', message: `must equal event_subject (${eventSubject}) for a custom-event signal` });
    }
  } else {
    importTarget = input.import_target ?? defaultTarget(preset);
    if (preset.scope === 'PEOPLE' && importTarget === 'COMPANIES' && !preset.scope_selectable_at_creation) {
      errors.push({ path: 'import_target', message: `a PEOPLE-scope preset (${preset.signal_type}) cannot import COMPANIES` });
    }
  }

  let importSearchFilters: Filters = {};
  collect(errors, () => { importSearchFilters = validateImportFilters(importTarget, input.import_search_filters ?? {}, 'import_search_filters'); });

  // CUSTOM_EVENT: the one watched event name
  let eventName: string | null = null;
  if (isEvent) {
    const names = searchFilters.first_party_event_name;
    if (Array.isArray(names)) {
      if (names.length !== 1) errors.push({ path: 'search_filters.first_party_event_name', message: `must hold exactly one event name (got ${names.length})` });
      else if (names[0].length < 1 || names[0].length > EVENT_NAME_MAX) errors.push({ path: 'search_filters.first_party_event_name', message: `must be 1 to ${EVENT_NAME_MAX} characters` });
      else eventName = names[0];
    } else if (!errors.some((e) => e.path.startsWith('search_filters'))) {
      errors.push({ path: 'search_filters.first_party_event_name', message: 'is required' });
    }
  }

  // template: people destinations only
  const sequenceTemplateId = input.sequence_template_id ?? null;
  if (sequenceTemplateId && importTarget === 'COMPANIES') {
    errors.push({ path: 'sequence_template_id', message: 'enrolls imported people: it is only accepted when import_target is PEOPLE' });
  }

  // caps
  const maxPerRun = input.max_per_run ?? null;
  const maxCompanies = input.max_companies_per_run ?? null;
  const maxContacts = input.max_contacts_per_company ?? null;
  let maxPerDay: number;
  if (isEvent) {
    for (const [path, value] of [['max_per_run', maxPerRun], ['max_companies_per_run', maxCompanies], ['max_contacts_per_company', maxContacts]] as const) {
      if (value !== null) errors.push({ path, message: `custom-event signals take no caps (every kept event lands, at most ${CUSTOM_EVENT_MAX_PER_DAY} a poll)` });
    }
    maxPerDay = CUSTOM_EVENT_MAX_PER_DAY;
    if (input.cadence === 'WEEKLY') errors.push({ path: 'cadence', message: 'custom-event signals poll on their own schedule (within the hour of creation, then daily): DAILY only' });
  } else {
    if (maxPerRun !== null && (maxPerRun < 1 || maxPerRun > leadLimit)) {
      errors.push({ path: 'max_per_run', message: `must be between 1 and the organization's lead limit (${leadLimit})` });
    }
    if (maxPerRun !== null && maxCompanies !== null) errors.push({ path: 'max_per_run', message: 'cannot be combined with max_companies_per_run' });
    if (maxCompanies !== null) {
      if (maxCompanies < 1) errors.push({ path: 'max_companies_per_run', message: 'must be at least 1' });
      if (preset.scope !== 'COMPANY' || importTarget !== 'PEOPLE') {
        errors.push({ path: 'max_companies_per_run', message: 'is only valid on a company signal importing people (a COMPANY-scope preset with import_target PEOPLE)' });
      }
    }
    if (maxContacts !== null) {
      if (maxContacts < 1) errors.push({ path: 'max_contacts_per_company', message: 'must be at least 1' });
      if (maxCompanies === null) errors.push({ path: 'max_contacts_per_company', message: 'requires max_companies_per_run' });
    }
    if (maxPerRun !== null) maxPerDay = maxPerRun;
    else if (maxCompanies !== null) maxPerDay = maxCompanies * (maxContacts ?? DEFAULT_CONTACTS_PER_COMPANY);
    else maxPerDay = Math.min(DEFAULT_MAX_PER_DAY, leadLimit);
    if (maxPerRun === null && maxCompanies !== null && maxCompanies >= 1 && (maxContacts ?? 1) >= 1 && maxPerDay > leadLimit) {
      errors.push({ path: 'max_companies_per_run', message: `max_companies_per_run × max_contacts_per_company (${maxPerDay}) must stay within the organization's lead limit (${leadLimit})` });
    }
  }

  if (errors.length) {
    throw DomainError.invalidFields(`The signal is invalid: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, errors, 422);
  }
  return {
    signalType: preset.signal_type, name, searchFilters, importSearchFilters, importTarget, eventSubject, eventName, sequenceTemplateId,
    enrichEmail: input.enrich_email ?? true, enrichPhones: input.enrich_phones ?? true,
    maxPerRun, maxCompaniesPerRun: maxCompanies, maxContactsPerCompany: maxContacts, maxPerDay, cadence: input.cadence ?? 'DAILY',
  };
}

async function leadLimitOf(em: EntityManager, organizationId: string): Promise<number> {
  const { rows } = await sql<{ lead_limit: number }>`SELECT lead_limit FROM organizations WHERE id = ${organizationId}`.execute(em.getKysely());
  return Number(rows[0]?.lead_limit ?? 0);
}

/** A template of another organization (or none at all) is a 404, as SPEC asks of signal create. */
async function checkTemplate(em: EntityManager, organizationId: string, templateId: string | null): Promise<void> {
  if (!templateId) return;
  const { rows } = await sql`SELECT 1 FROM sequence_templates WHERE id = ${templateId} AND organization_id = ${organizationId}`.execute(em.getKysely());
  if (!rows.length) throw DomainError.notFound('Sequence template');
}

function eventNameTaken(eventName: string, signalId: string | null): DomainError {
  return DomainError.conflict(
    `A signal of this organization already watches the event ${JSON.stringify(eventName)} (archived signals included); one signal per event name.`,
    { event_name: eventName, ...(signalId ? { signal_id: signalId } : {}) },
  );
}


// ---------------------------------------------------------------------------------------------
// Create and duplicate

async function createResolved(deps: SignalsDeps, organizationId: string, preset: SignalPreset, input: SignalCreateInput): Promise<SignalRecord> {
  const { em } = deps;
  const resolved = resolveInput(preset, input, await leadLimitOf(em, organizationId));
  await checkTemplate(em, organizationId, resolved.sequenceTemplateId);
  if (resolved.eventName) {
    const { rows } = await sql<{ id: string }>`SELECT id FROM signals WHERE organization_id = ${organizationId} AND event_name = ${resolved.eventName}`.execute(em.getKysely());
    if (rows[0]) throw eventNameTaken(resolved.eventName, rows[0].id);
  }
  const id = randomUUID();
  const listId = randomUUID();
  const people = resolved.importTarget === 'PEOPLE';
  let row: SignalRow;
  try {
    row = await em.transactional(async (tx) => {
      const db = tx.getKysely();
      const now = new Date();
      // The destination list: its default template stays null (the signal enrolls its own imports).
      if (people) {
        await sql`INSERT INTO contact_lists (id, organization_id, name, default_sequence_template_id, created_at, updated_at)
                  VALUES (${listId}, ${organizationId}, ${resolved.name}, NULL, ${now}, ${now})`.execute(db);
      } else {
        await sql`INSERT INTO account_lists (id, organization_id, name, created_at, updated_at) VALUES (${listId}, ${organizationId}, ${resolved.name}, ${now}, ${now})`.execute(db);
      }
      const { rows } = await sql<SignalRow>`
        INSERT INTO signals (id, organization_id, name, signal_type, status, cadence, search_filters, import_search_filters, import_target, event_subject,
                             event_name, sequence_template_id, enrich_email, enrich_phones, max_per_run, max_companies_per_run, max_contacts_per_company,
                             max_per_day, imported_count, contact_list_id, account_list_id, created_at, updated_at)
        VALUES (${id}, ${organizationId}, ${resolved.name}, ${resolved.signalType}, 'ACTIVE', ${resolved.cadence}, ${JSON.stringify(resolved.searchFilters)}::jsonb,
                ${JSON.stringify(resolved.importSearchFilters)}::jsonb, ${resolved.importTarget}, ${resolved.eventSubject}, ${resolved.eventName},
                ${resolved.sequenceTemplateId}, ${resolved.enrichEmail}, ${resolved.enrichPhones}, ${resolved.maxPerRun}, ${resolved.maxCompaniesPerRun},
                ${resolved.maxContactsPerCompany}, ${resolved.maxPerDay}, 0, ${people ? listId : null}, ${people ? null : listId}, ${now}, ${now})
        RETURNING ${COLUMNS}`.execute(db);
      return rows[0];
    });
  } catch (error) {
    // A concurrent create for the same event name passed the check above; the partial unique index caught it.
    if (resolved.eventName && isUniqueViolation(error)) throw eventNameTaken(resolved.eventName, null);
    throw error;
  }
  try {
    await deps.workflows.signal.start(organizationId, id);
  } catch (error) {
    // No workflow, no signal: the row and its list go, and the caller gets the 503.
    await em.fork().transactional(async (tx) => {
      await sql`DELETE FROM signals WHERE id = ${id}`.execute(tx.getKysely());
      await sql`DELETE FROM ${sql.raw(people ? 'contact_lists' : 'account_lists')} WHERE id = ${listId}`.execute(tx.getKysely());
    });
    throw error;
  }
  return toRecord(deps.dashboardBaseUrl, row);
}

export async function createSignal(deps: SignalsDeps, organizationId: string, input: SignalCreateInput): Promise<SignalRecord> {
  return createResolved(deps, organizationId, openPreset(input.signal_type), input);
}

export type DuplicateInput = Partial<SignalCreateInput>;

/**
 * A new signal (ACTIVE, new destination list) from the source's configuration, with any create
 * field of the body overriding it; the copy is validated as a create. When the override changes
 * signal_type, import_target and event_subject follow the new preset unless sent.
 */
export async function duplicateSignal(deps: SignalsDeps, organizationId: string, sourceId: string, overrides: DuplicateInput): Promise<SignalRecord> {
  const source = await mustRow(deps.em, organizationId, sourceId);
  const typeChanged = overrides.signal_type !== undefined && overrides.signal_type !== source.signal_type;
  const copyName = `${truncateText(source.name, SIGNAL_NAME_MAX - codePointLength(COPY_SUFFIX))}${COPY_SUFFIX}`;
  const input: SignalCreateInput = {
    signal_type: source.signal_type,
    name: copyName,
    search_filters: source.search_filters,
    import_search_filters: source.import_search_filters,
    ...(typeChanged ? {} : { import_target: source.import_target, event_subject: source.event_subject }),
    sequence_template_id: source.sequence_template_id,
    enrich_email: source.enrich_email,
    enrich_phones: source.enrich_phones,
    max_per_run: source.max_per_run,
    max_companies_per_run: source.max_companies_per_run,
    max_contacts_per_company: source.max_contacts_per_company,
    cadence: source.cadence,
    ...overrides,
  };
  return createResolved(deps, organizationId, openPreset(input.signal_type), input);
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function getSignal(deps: Pick<SignalsDeps, 'em' | 'dashboardBaseUrl'>, organizationId: string, id: string): Promise<SignalDetail> {
  return toDetail(deps.dashboardBaseUrl, await mustRow(deps.em, organizationId, id));
}

export async function listSignals(
  deps: Pick<SignalsDeps, 'em' | 'dashboardBaseUrl'>, organizationId: string, filters: { include_archived?: boolean },
  page: { limit: number; offset: number; sortOrder?: 'asc' | 'desc' },
): Promise<{ items: SignalRecord[]; total: number }> {
  const where = filters.include_archived ? sql`organization_id = ${organizationId}` : sql`organization_id = ${organizationId} AND status <> 'ARCHIVED'`;
  const db = deps.em.getKysely();
  // created_at, newest first unless asked otherwise; id breaks ties the same way.
  const direction = sql.raw(page.sortOrder === 'asc' ? 'ASC' : 'DESC');
  const [{ rows }, counted] = await Promise.all([
    sql<SignalRow>`SELECT ${COLUMNS} FROM signals WHERE ${where} ORDER BY created_at ${direction}, id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM signals WHERE ${where}`.execute(db),
  ]);
  return { items: rows.map((r) => toRecord(deps.dashboardBaseUrl, r)), total: Number(counted.rows[0].total) };
}

// ---------------------------------------------------------------------------------------------
// Patch

const IMMUTABLE = ['signal_type', 'import_target', 'event_subject'] as const;
const EDITABLE = ['name', 'search_filters', 'import_search_filters', 'max_per_run', 'max_companies_per_run', 'max_contacts_per_company',
  'enrich_email', 'enrich_phones', 'sequence_template_id', 'cadence'] as const;

/** The row still holds exactly these configuration columns. */
function sameConfig(r: SignalRow) {
  return sql`name = ${r.name} AND cadence = ${r.cadence} AND search_filters = ${JSON.stringify(r.search_filters)}::jsonb
    AND import_search_filters = ${JSON.stringify(r.import_search_filters)}::jsonb AND sequence_template_id IS NOT DISTINCT FROM ${r.sequence_template_id}::uuid
    AND enrich_email = ${r.enrich_email} AND enrich_phones = ${r.enrich_phones} AND max_per_run IS NOT DISTINCT FROM ${r.max_per_run}::int
    AND max_companies_per_run IS NOT DISTINCT FROM ${r.max_companies_per_run}::int AND max_contacts_per_company IS NOT DISTINCT FROM ${r.max_contacts_per_company}::int`;
}

/** Writes the configuration columns of `r` onto the signal (patch, and the undo of a patch). */
function writeConfig(r: Pick<SignalRow, 'name' | 'cadence' | 'search_filters' | 'import_search_filters' | 'sequence_template_id' | 'enrich_email' | 'enrich_phones'
  | 'max_per_run' | 'max_companies_per_run' | 'max_contacts_per_company' | 'max_per_day'>, updatedAt: Date) {
  return sql`name = ${r.name}, cadence = ${r.cadence}, search_filters = ${JSON.stringify(r.search_filters)}::jsonb,
    import_search_filters = ${JSON.stringify(r.import_search_filters)}::jsonb, sequence_template_id = ${r.sequence_template_id},
    enrich_email = ${r.enrich_email}, enrich_phones = ${r.enrich_phones}, max_per_run = ${r.max_per_run}, max_companies_per_run = ${r.max_companies_per_run},
    max_contacts_per_company = ${r.max_contacts_per_company}, max_per_day = ${r.max_per_day}, updated_at = ${updatedAt}`;
}

async function renameList(em: EntityManager, row: Pick<SignalRow, 'contact_list_id' | 'account_list_id'>, name: string): Promise<void> {
  const now = new Date();
  if (row.contact_list_id) await sql`UPDATE contact_lists SET name = ${name}, updated_at = ${now} WHERE id = ${row.contact_list_id}`.execute(em.getKysely());
  if (row.account_list_id) await sql`UPDATE account_lists SET name = ${name}, updated_at = ${now} WHERE id = ${row.account_list_id}`.execute(em.getKysely());
}

/**
 * Patch rules 1-6: editable fields only (signal_type, import_target, event_subject: 422), filters
 * replaced wholesale, null clears a cap or the template, an archived signal is only renamable
 * (anything else 422), creation's 422 rules on the patched configuration; any refusal leaves the
 * signal unchanged. A rename renames the destination list. CUSTOM_EVENT: the event name is fixed.
 */
export async function patchSignal(deps: SignalsDeps, organizationId: string, id: string, patch: SignalPatch): Promise<SignalDetail> {
  const { before, after } = await deps.em.transactional(async (tx) => {
    const row = await mustRow(tx, organizationId, id, true);
    const immutable = IMMUTABLE.filter((k) => patch[k] !== undefined);
    if (immutable.length) {
      throw DomainError.invalidFields(`${immutable.join(', ')} cannot change after creation; duplicate the signal with the new configuration and archive this one.`,
        immutable.map((path) => ({ path, message: 'cannot change after creation (duplicate with the new configuration, then archive this signal)' })), 422);
    }
    const edits = EDITABLE.filter((k) => patch[k] !== undefined);
    if (row.status === 'ARCHIVED') {
      const refused = edits.filter((k) => k !== 'name');
      if (refused.length) {
        throw DomainError.invalidFields('An archived signal can only be renamed; unarchive it first.',
          refused.map((path) => ({ path, message: 'cannot be edited on an archived signal (only name can); unarchive it first' })), 422);
      }
    }
    const preset = isSignalType(row.signal_type) ? presetOf(row.signal_type) : null;
    if (!preset) throw new Error(`signal ${row.id} has an unknown signal_type ${row.signal_type}`);
    const merged: SignalCreateInput = {
      signal_type: row.signal_type,
      name: patch.name ?? row.name,
      search_filters: patch.search_filters ?? row.search_filters,
      import_search_filters: patch.import_search_filters ?? row.import_search_filters,
      sequence_template_id: patch.sequence_template_id !== undefined ? patch.sequence_template_id : row.sequence_template_id,
      enrich_email: patch.enrich_email ?? row.enrich_email,
      enrich_phones: patch.enrich_phones ?? row.enrich_phones,
      max_per_run: patch.max_per_run !== undefined ? patch.max_per_run : row.max_per_run,
      max_companies_per_run: patch.max_companies_per_run !== undefined ? patch.max_companies_per_run : row.max_companies_per_run,
      max_contacts_per_company: patch.max_contacts_per_company !== undefined ? patch.max_contacts_per_company : row.max_contacts_per_company,
      cadence: patch.cadence ?? row.cadence,
    };
    const resolved = resolveInput(preset, merged, await leadLimitOf(tx, organizationId), { importTarget: row.import_target, eventSubject: row.event_subject });
    if (row.event_name !== null && resolved.eventName !== row.event_name) {
      throw DomainError.invalid('search_filters.first_party_event_name',
        `the watched event name is fixed at creation (${JSON.stringify(row.event_name)}); create another signal for another event`, 422);
    }
    if (patch.sequence_template_id) await checkTemplate(tx, organizationId, patch.sequence_template_id);
    const updatedAt = new Date(Math.max(Date.now(), new Date(row.updated_at).getTime() + 1));
    const { rows } = await sql<SignalRow>`UPDATE signals SET ${writeConfig({
      name: resolved.name, cadence: resolved.cadence, search_filters: resolved.searchFilters, import_search_filters: resolved.importSearchFilters,
      sequence_template_id: resolved.sequenceTemplateId, enrich_email: resolved.enrichEmail, enrich_phones: resolved.enrichPhones,
      max_per_run: resolved.maxPerRun, max_companies_per_run: resolved.maxCompaniesPerRun, max_contacts_per_company: resolved.maxContactsPerCompany,
      max_per_day: resolved.maxPerDay,
    }, updatedAt)} WHERE id = ${id} RETURNING ${COLUMNS}`.execute(tx.getKysely());
    if (resolved.name !== row.name) await renameList(tx, row, resolved.name);
    return { before: row, after: rows[0] };
  });
  // An archived signal's workflow has nothing to re-read (only its name changed).
  if (after.status !== 'ARCHIVED') {
    await notifyOrUndo(deps, organizationId, after, 'EDIT', async (tx) => {
      // Only while the row still holds what this patch wrote (a later patch wins); the workflow's own
      // bookkeeping (last_checked_at, imported_count, updated_at) is not the patch's and stays.
      const { numAffectedRows } = await sql`UPDATE signals SET ${writeConfig(before, new Date())}
        WHERE id = ${id} AND ${sameConfig(after)}`.execute(tx.getKysely());
      if (Number(numAffectedRows ?? 0) > 0 && before.name !== after.name) await renameList(tx, before, before.name);
    });
  }
  return toDetail(deps.dashboardBaseUrl, after);
}

/**
 * Sends the change to the workflow; on failure undoes the committed row change (`undo`) and
 * rethrows. An Update can fail after the workflow applied it (its answer lost to a timeout): the
 * workflow would then hold the undone state (e.g. PAUSED while the row is ACTIVE again, so it never
 * checks). So after the undo the workflow is told to re-read the restored row, best effort: when
 * Temporal is unreachable that fails too, and then the first Update never reached it either.
 */
async function notifyOrUndo(deps: SignalsDeps, organizationId: string, row: SignalRow, change: SignalChange['change'], undo: (tx: EntityManager) => Promise<void>) {
  try {
    await deps.workflows.signal.changed(organizationId, row.id, change);
  } catch (error) {
    await deps.em.fork().transactional(undo);
    await deps.workflows.signal.changed(organizationId, row.id, 'EDIT', SIGNAL_RESYNC_TIMEOUT_MS).catch(() => {});
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Lifecycle (SPEC 'Signal status')

export type SignalAction = 'pause' | 'resume' | 'archive' | 'unarchive';

const CHANGE_OF: Record<SignalAction, SignalChange['change']> = { pause: 'PAUSE', resume: 'RESUME', archive: 'ARCHIVE', unarchive: 'UNARCHIVE' };

/** The status an action leads to from `status`: 'same' answers 200 unchanged; a string is a 409 message. */
function target(action: SignalAction, status: SignalStatus): { to: SignalStatus } | 'same' | { refused: string } {
  switch (action) {
    case 'pause':
      if (status === 'ACTIVE') return { to: 'PAUSED' };
      if (status === 'PAUSED') return 'same';
      return { refused: 'The signal is archived; unarchive it first (it returns PAUSED).' };
    case 'resume':
      if (status === 'PAUSED') return { to: 'ACTIVE' };
      if (status === 'ACTIVE') return 'same';
      return { refused: 'The signal is archived; unarchive it first (it returns PAUSED), then resume it.' };
    case 'archive':
      if (status !== 'ARCHIVED') return { to: 'ARCHIVED' };
      return { refused: 'The signal is already archived.' };
    case 'unarchive':
      if (status === 'ARCHIVED') return { to: 'PAUSED' };
      return { refused: `The signal is not archived (it is ${status}).` };
  }
}

/**
 * pause (ACTIVE → PAUSED), resume (PAUSED → ACTIVE, due at once), archive (ACTIVE or PAUSED →
 * ARCHIVED), unarchive (ARCHIVED → PAUSED; filters, list and imports kept). Pausing a PAUSED or
 * resuming an ACTIVE signal answers it unchanged; the other wrong states are 409 CommitIssue.
 */
export async function transitionSignal(deps: SignalsDeps, organizationId: string, id: string, action: SignalAction): Promise<SignalRecord> {
  const outcome = await deps.em.transactional(async (tx) => {
    const row = await mustRow(tx, organizationId, id, true);
    const next = target(action, row.status);
    if (next === 'same') return { row, changed: null };
    if ('refused' in next) throw DomainError.conflict(next.refused, { status: row.status });
    const archivedAt = next.to === 'ARCHIVED' ? new Date() : null;
    const updatedAt = new Date(Math.max(Date.now(), new Date(row.updated_at).getTime() + 1));
    const { rows } = await sql<SignalRow>`UPDATE signals SET status = ${next.to}, archived_at = ${archivedAt}, updated_at = ${updatedAt}
      WHERE id = ${id} RETURNING ${COLUMNS}`.execute(tx.getKysely());
    return { row: rows[0], changed: row };
  });
  const { row, changed: before } = outcome;
  if (before) {
    await notifyOrUndo(deps, organizationId, row, CHANGE_OF[action], async (tx) => {
      // Only while the row still has the status this call gave it (the workflow's bookkeeping may have touched updated_at).
      await sql`UPDATE signals SET status = ${before.status}, archived_at = ${before.archived_at}, updated_at = ${new Date()}
        WHERE id = ${id} AND status = ${row.status}`.execute(tx.getKysely());
    });
  }
  return toRecord(deps.dashboardBaseUrl, row);
}
