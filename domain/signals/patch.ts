// Patch: the editable configuration of a signal, validated as a create; its workflow hears of it
// through the outbox (signal-commands.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../shared/errors.ts';
import { isSignalType, presetOf } from './presets.ts';
import { changeSignal } from './signal-commands.ts';
import { checkTemplate, leadLimitOf, resolveInput, type SignalCreateInput, type SignalPatch } from './resolve-input.ts';
import { mustRow, toDetail, type SignalDetail, type SignalsDeps } from './signal-records.ts';
import { renameAccountList, renameContactList, updateSignal, type SignalRow } from './signals.queries.ts';

const IMMUTABLE = ['signal_type', 'import_target', 'event_subject'] as const;
const EDITABLE = [
  'name',
  'search_filters',
  'import_search_filters',
  'max_per_run',
  'max_companies_per_run',
  'max_contacts_per_company',
  'enrich_email',
  'enrich_phones',
  'sequence_template_id',
  'cadence',
] as const;

async function renameList(
  em: EntityManager,
  row: Pick<SignalRow, 'contact_list_id' | 'account_list_id'>,
  name: string,
): Promise<void> {
  const now = new Date();
  if (row.contact_list_id) await renameContactList(em, row.contact_list_id, name, now);
  if (row.account_list_id) await renameAccountList(em, row.account_list_id, name, now);
}

/**
 * Patch rules 1-6: editable fields only (signal_type, import_target, event_subject: 422), filters
 * replaced wholesale, null clears a cap or the template, an archived signal is only renamable
 * (anything else 422), creation's 422 rules on the patched configuration; any refusal leaves the
 * signal unchanged. A rename renames the destination list. CUSTOM_EVENT: the event name is fixed.
 */
export async function patchSignal(
  deps: SignalsDeps,
  organizationId: string,
  id: string,
  patch: SignalPatch,
): Promise<SignalDetail> {
  const after = await changeSignal(deps, organizationId, async (tx) => {
    const row = await mustRow(tx, organizationId, id, true);
    const immutable = IMMUTABLE.filter((k) => patch[k] !== undefined);
    if (immutable.length) {
      throw DomainError.invalidFields(
        `${immutable.join(', ')} cannot change after creation; duplicate the signal with the new configuration and archive this one.`,
        immutable.map((path) => ({
          path,
          message: 'cannot change after creation (duplicate with the new configuration, then archive this signal)',
        })),
        422,
      );
    }
    const edits = EDITABLE.filter((k) => patch[k] !== undefined);
    if (row.status === 'ARCHIVED') {
      const refused = edits.filter((k) => k !== 'name');
      if (refused.length) {
        throw DomainError.invalidFields(
          'An archived signal can only be renamed; unarchive it first.',
          refused.map((path) => ({
            path,
            message: 'cannot be edited on an archived signal (only name can); unarchive it first',
          })),
          422,
        );
      }
    }
    const preset = isSignalType(row.signal_type) ? presetOf(row.signal_type) : null;
    if (!preset) throw new Error(`signal ${row.id} has an unknown signal_type ${row.signal_type}`);
    const merged: SignalCreateInput = {
      signal_type: row.signal_type,
      name: patch.name ?? row.name,
      search_filters: patch.search_filters ?? row.search_filters,
      import_search_filters: patch.import_search_filters ?? row.import_search_filters,
      sequence_template_id:
        patch.sequence_template_id !== undefined ? patch.sequence_template_id : row.sequence_template_id,
      enrich_email: patch.enrich_email ?? row.enrich_email,
      enrich_phones: patch.enrich_phones ?? row.enrich_phones,
      max_per_run: patch.max_per_run !== undefined ? patch.max_per_run : row.max_per_run,
      max_companies_per_run:
        patch.max_companies_per_run !== undefined ? patch.max_companies_per_run : row.max_companies_per_run,
      max_contacts_per_company:
        patch.max_contacts_per_company !== undefined ? patch.max_contacts_per_company : row.max_contacts_per_company,
      cadence: patch.cadence ?? row.cadence,
    };
    const resolved = resolveInput(preset, merged, await leadLimitOf(tx, organizationId), {
      importTarget: row.import_target,
      eventSubject: row.event_subject,
    });
    if (row.event_name !== null && resolved.eventName !== row.event_name) {
      throw DomainError.invalid(
        'search_filters.first_party_event_name',
        `the watched event name is fixed at creation (${JSON.stringify(row.event_name)}); create another signal for another event`,
        422,
      );
    }
    if (patch.sequence_template_id) await checkTemplate(tx, organizationId, patch.sequence_template_id);
    const updatedAt = new Date(Math.max(Date.now(), new Date(row.updated_at).getTime() + 1));
    const updated = await updateSignal(tx, id, {
      name: resolved.name,
      cadence: resolved.cadence,
      search_filters: resolved.searchFilters,
      import_search_filters: resolved.importSearchFilters,
      sequence_template_id: resolved.sequenceTemplateId,
      enrich_email: resolved.enrichEmail,
      enrich_phones: resolved.enrichPhones,
      max_per_run: resolved.maxPerRun,
      max_companies_per_run: resolved.maxCompaniesPerRun,
      max_contacts_per_company: resolved.maxContactsPerCompany,
      max_per_day: resolved.maxPerDay,
      updated_at: updatedAt,
    });
    if (resolved.name !== row.name) await renameList(tx, row, resolved.name);
    // An archived signal's workflow has nothing to re-read (only its name changed).
    return { result: updated, signalId: id, change: updated.status === 'ARCHIVED' ? null : 'EDIT' };
  });
  return toDetail(deps.dashboardBaseUrl, after);
}
