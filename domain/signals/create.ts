// Create and duplicate: the row, its destination list and the command that starts the signal's
// workflow in one transaction (signal-commands.ts); the start is delivered right after the commit.
// When the workflow service does not answer before the commit, the request is refused (503) with
// nothing written.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { isUniqueViolation } from '../shared/errors.ts';
import { codePointLength, truncateText } from '../shared/text.ts';
import type { SignalPreset } from './presets.types.ts';
import { checkTemplate, eventNameTaken, leadLimitOf, openPreset, resolveInput, type SignalCreateInput } from './resolve-input.ts';
import { SIGNAL_NAME_MAX } from './settings.ts';
import { changeSignal } from './signal-commands.ts';
import { COLUMNS, mustRow, toRecord, type SignalRecord, type SignalRow, type SignalsDeps } from './signal-records.ts';

const COPY_SUFFIX = ' (Copy)';

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
    row = await changeSignal(deps, organizationId, async (tx) => {
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
      return { result: rows[0], signalId: id, change: 'CREATE' };
    });
  } catch (error) {
    // A concurrent create for the same event name passed the check above; the partial unique index caught it.
    if (resolved.eventName && isUniqueViolation(error)) throw eventNameTaken(resolved.eventName, null);
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
