// Create and duplicate: the row, its destination list and the command that starts the signal's
// workflow in one transaction (signal-commands.ts); the start is delivered right after the commit,
// or by the outbox drain when Temporal cannot be reached then.
import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '../shared/errors.ts';
import { codePointLength, truncateText } from '../shared/text.ts';
import type { SignalPreset } from './presets.types.ts';
import {
  checkTemplate,
  eventNameTaken,
  leadLimitOf,
  openPreset,
  resolveInput,
  type SignalCreateInput,
} from './resolve-input.ts';
import { SIGNAL_NAME_MAX } from './settings.ts';
import { changeSignal } from './signal-commands.ts';
import { mustRow, toRecord, type SignalRecord, type SignalsDeps } from './signal-records.ts';
import {
  insertAccountList,
  insertContactList,
  insertSignal,
  signalOfEventName,
  type SignalRow,
} from './signals.queries.ts';

const COPY_SUFFIX = ' (Copy)';

async function createResolved(
  deps: SignalsDeps,
  organizationId: string,
  preset: SignalPreset,
  input: SignalCreateInput,
): Promise<SignalRecord> {
  const { em } = deps;
  const resolved = resolveInput(preset, input, await leadLimitOf(em, organizationId));
  await checkTemplate(em, organizationId, resolved.sequenceTemplateId);
  if (resolved.eventName) {
    const taken = await signalOfEventName(em, organizationId, resolved.eventName);
    if (taken) throw eventNameTaken(resolved.eventName, taken.id);
  }
  const id = randomUUID();
  const listId = randomUUID();
  const people = resolved.importTarget === 'PEOPLE';
  let row: SignalRow;
  try {
    row = await changeSignal(deps, organizationId, async (tx) => {
      const now = new Date();
      // The destination list: its default template stays null (the signal enrolls its own imports).
      if (people) {
        await insertContactList(tx, {
          id: listId,
          organization_id: organizationId,
          name: resolved.name,
          default_sequence_template_id: null,
          created_at: now,
          updated_at: now,
        });
      } else {
        await insertAccountList(tx, {
          id: listId,
          organization_id: organizationId,
          name: resolved.name,
          created_at: now,
          updated_at: now,
        });
      }
      const created = await insertSignal(tx, {
        id,
        organization_id: organizationId,
        name: resolved.name,
        signal_type: resolved.signalType,
        status: 'ACTIVE',
        cadence: resolved.cadence,
        search_filters: resolved.searchFilters,
        import_search_filters: resolved.importSearchFilters,
        import_target: resolved.importTarget,
        event_subject: resolved.eventSubject,
        event_name: resolved.eventName,
        sequence_template_id: resolved.sequenceTemplateId,
        enrich_email: resolved.enrichEmail,
        enrich_phones: resolved.enrichPhones,
        max_per_run: resolved.maxPerRun,
        max_companies_per_run: resolved.maxCompaniesPerRun,
        max_contacts_per_company: resolved.maxContactsPerCompany,
        max_per_day: resolved.maxPerDay,
        imported_count: 0,
        contact_list_id: people ? listId : null,
        account_list_id: people ? null : listId,
        created_at: now,
        updated_at: now,
      });
      return { result: created, signalId: id, change: 'CREATE' };
    });
  } catch (error) {
    // A concurrent create for the same event name passed the check above; the partial unique index caught it.
    if (resolved.eventName && isUniqueViolation(error)) throw eventNameTaken(resolved.eventName, null);
    throw error;
  }
  return toRecord(deps.dashboardBaseUrl, row);
}

export async function createSignal(
  deps: SignalsDeps,
  organizationId: string,
  input: SignalCreateInput,
): Promise<SignalRecord> {
  return createResolved(deps, organizationId, openPreset(input.signal_type), input);
}

export type DuplicateInput = Partial<SignalCreateInput>;

/**
 * A new signal (ACTIVE, new destination list) from the source's configuration, with any create
 * field of the body overriding it; the copy is validated as a create. When the override changes
 * signal_type, import_target and event_subject follow the new preset unless sent.
 */
export async function duplicateSignal(
  deps: SignalsDeps,
  organizationId: string,
  sourceId: string,
  overrides: DuplicateInput,
): Promise<SignalRecord> {
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
