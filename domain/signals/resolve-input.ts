// Create-time resolution: one input in, the columns of a valid signal out (or every 422 at once).
//
// Validation order of create (and of duplicate, which validates its copy as a create):
//   1. the preset: unknown signal_type or a preset not open for creation: 404 NotFoundIssue;
//   2. every 422 rule at once (ValidationIssue, data.errors names each field): name, filters,
//      import_target, event_subject, template for a COMPANIES destination, caps;
//   3. the template: not of this organization: 404;
//   4. CUSTOM_EVENT: another signal of the organization (archived ones included) holds the
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../shared/errors.ts';
import { unstorableReason } from '../people/identifiers.ts';
import { codePointLength } from '../shared/text.ts';
import { isSignalType, presetOf } from './presets.ts';
import { validateFilters, validateImportFilters } from './filters.ts';
import type { SignalPreset, SignalType } from './presets.types.ts';
import {
  CUSTOM_EVENT_MAX_PER_DAY,
  DEFAULT_CONTACTS_PER_COMPANY,
  DEFAULT_MAX_PER_DAY,
  EVENT_NAME_MAX,
  SIGNAL_NAME_MAX,
  type Filters,
  type ImportTarget,
  type SignalCadence,
} from './settings.ts';
import { isOrganizationTemplate, organizationLeadLimit } from './signals.queries.ts';

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

export type SignalPatch = Partial<Omit<SignalCreateInput, 'signal_type' | 'import_target' | 'event_subject'>> & {
  signal_type?: unknown;
  import_target?: unknown;
  event_subject?: unknown;
};

export interface Resolved {
  signalType: SignalType;
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
  if (error instanceof DomainError && error.status === 422)
    return error.fields.length ? error.fields : [{ path: '(body)', message: error.message }];
  const issue = error as { status?: number; type?: string; data?: { errors?: FieldError[] } | null; message?: string };
  if (issue?.status === 422 && issue.type === 'ValidationIssue')
    return issue.data?.errors?.length
      ? issue.data.errors
      : [{ path: '(body)', message: issue.message ?? 'is invalid' }];
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
export function openPreset(signalType: string): SignalPreset {
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
export function resolveInput(
  preset: SignalPreset,
  input: SignalCreateInput,
  leadLimit: number,
  fixed?: { importTarget: ImportTarget; eventSubject: ImportTarget | null },
): Resolved {
  const errors: FieldError[] = [];
  const isEvent = preset.requires_event_subject;

  const name = (input.name ?? '').trim();
  if (!name) errors.push({ path: 'name', message: 'must not be blank' });
  else if (codePointLength(name) > SIGNAL_NAME_MAX)
    errors.push({ path: 'name', message: `must be at most ${SIGNAL_NAME_MAX} characters` });
  else if (unstorableReason(name)) errors.push({ path: 'name', message: unstorableReason(name)! });

  let searchFilters: Filters = {};
  collect(errors, () => {
    searchFilters = validateFilters(preset, input.search_filters ?? {}, 'search_filters');
  });

  // event_subject and import_target
  let eventSubject: ImportTarget | null = fixed ? fixed.eventSubject : (input.event_subject ?? null);
  let importTarget: ImportTarget;
  if (!fixed) {
    if (isEvent && !eventSubject)
      errors.push({
        path: 'event_subject',
        message: `is required for the ${preset.signal_type} preset (PEOPLE or COMPANIES)`,
      });
    if (!isEvent && input.event_subject != null) {
      errors.push({
        path: 'event_subject',
        message: `is only accepted by the custom-event preset, not ${preset.signal_type}`,
      });
      eventSubject = null;
    }
  }
  if (fixed) {
    importTarget = fixed.importTarget;
  } else if (isEvent) {
    importTarget = eventSubject ?? 'PEOPLE';
    if (input.import_target && eventSubject && input.import_target !== eventSubject) {
      errors.push({
        path: 'import_target',
        message: `must equal event_subject (${eventSubject}) for a custom-event signal`,
      });
    }
  } else {
    importTarget = input.import_target ?? defaultTarget(preset);
    if (preset.scope === 'PEOPLE' && importTarget === 'COMPANIES' && !preset.scope_selectable_at_creation) {
      errors.push({
        path: 'import_target',
        message: `a PEOPLE-scope preset (${preset.signal_type}) cannot import COMPANIES`,
      });
    }
  }

  let importSearchFilters: Filters = {};
  collect(errors, () => {
    importSearchFilters = validateImportFilters(
      importTarget,
      input.import_search_filters ?? {},
      'import_search_filters',
    );
  });

  // CUSTOM_EVENT: the one watched event name
  let eventName: string | null = null;
  if (isEvent) {
    const names = searchFilters.first_party_event_name;
    if (Array.isArray(names)) {
      if (names.length !== 1)
        errors.push({
          path: 'search_filters.first_party_event_name',
          message: `must hold exactly one event name (got ${names.length})`,
        });
      else if (names[0].length < 1 || names[0].length > EVENT_NAME_MAX)
        errors.push({
          path: 'search_filters.first_party_event_name',
          message: `must be 1 to ${EVENT_NAME_MAX} characters`,
        });
      else eventName = names[0];
    } else if (!errors.some((e) => e.path.startsWith('search_filters'))) {
      errors.push({ path: 'search_filters.first_party_event_name', message: 'is required' });
    }
  }

  // template: people destinations only
  const sequenceTemplateId = input.sequence_template_id ?? null;
  if (sequenceTemplateId && importTarget === 'COMPANIES') {
    errors.push({
      path: 'sequence_template_id',
      message: 'enrolls imported people: it is only accepted when import_target is PEOPLE',
    });
  }

  // caps
  const maxPerRun = input.max_per_run ?? null;
  const maxCompanies = input.max_companies_per_run ?? null;
  const maxContacts = input.max_contacts_per_company ?? null;
  let maxPerDay: number;
  if (isEvent) {
    for (const [path, value] of [
      ['max_per_run', maxPerRun],
      ['max_companies_per_run', maxCompanies],
      ['max_contacts_per_company', maxContacts],
    ] as const) {
      if (value !== null)
        errors.push({
          path,
          message: `custom-event signals take no caps (every kept event lands, at most ${CUSTOM_EVENT_MAX_PER_DAY} a poll)`,
        });
    }
    maxPerDay = CUSTOM_EVENT_MAX_PER_DAY;
    if (input.cadence === 'WEEKLY')
      errors.push({
        path: 'cadence',
        message:
          'custom-event signals poll on their own schedule (within the hour of creation, then daily): DAILY only',
      });
  } else {
    if (maxPerRun !== null && (maxPerRun < 1 || maxPerRun > leadLimit)) {
      errors.push({
        path: 'max_per_run',
        message: `must be between 1 and the organization's lead limit (${leadLimit})`,
      });
    }
    if (maxPerRun !== null && maxCompanies !== null)
      errors.push({ path: 'max_per_run', message: 'cannot be combined with max_companies_per_run' });
    if (maxCompanies !== null) {
      if (maxCompanies < 1) errors.push({ path: 'max_companies_per_run', message: 'must be at least 1' });
      if (preset.scope !== 'COMPANY' || importTarget !== 'PEOPLE') {
        errors.push({
          path: 'max_companies_per_run',
          message:
            'is only valid on a company signal importing people (a COMPANY-scope preset with import_target PEOPLE)',
        });
      }
    }
    if (maxContacts !== null) {
      if (maxContacts < 1) errors.push({ path: 'max_contacts_per_company', message: 'must be at least 1' });
      if (maxCompanies === null)
        errors.push({ path: 'max_contacts_per_company', message: 'requires max_companies_per_run' });
    }
    if (maxPerRun !== null) maxPerDay = maxPerRun;
    else if (maxCompanies !== null) maxPerDay = maxCompanies * (maxContacts ?? DEFAULT_CONTACTS_PER_COMPANY);
    else maxPerDay = Math.min(DEFAULT_MAX_PER_DAY, leadLimit);
    if (
      maxPerRun === null &&
      maxCompanies !== null &&
      maxCompanies >= 1 &&
      (maxContacts ?? 1) >= 1 &&
      maxPerDay > leadLimit
    ) {
      errors.push({
        path: 'max_companies_per_run',
        message: `max_companies_per_run × max_contacts_per_company (${maxPerDay}) must stay within the organization's lead limit (${leadLimit})`,
      });
    }
  }

  if (errors.length) {
    throw DomainError.invalidFields(
      `The signal is invalid: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
      errors,
      422,
    );
  }
  return {
    signalType: preset.signal_type,
    name,
    searchFilters,
    importSearchFilters,
    importTarget,
    eventSubject,
    eventName,
    sequenceTemplateId,
    enrichEmail: input.enrich_email ?? true,
    enrichPhones: input.enrich_phones ?? true,
    maxPerRun,
    maxCompaniesPerRun: maxCompanies,
    maxContactsPerCompany: maxContacts,
    maxPerDay,
    cadence: input.cadence ?? 'DAILY',
  };
}

export async function leadLimitOf(em: EntityManager, organizationId: string): Promise<number> {
  return Number((await organizationLeadLimit(em, organizationId)) ?? 0);
}

/** A template of another organization (or none at all) is a 404, as documented for signal create. */
export async function checkTemplate(
  em: EntityManager,
  organizationId: string,
  templateId: string | null,
): Promise<void> {
  if (!templateId) return;
  if (!(await isOrganizationTemplate(em, organizationId, templateId))) throw DomainError.notFound('Sequence template');
}

export function eventNameTaken(eventName: string, signalId: string | null): DomainError {
  return DomainError.conflict(
    `A signal of this organization already watches the event ${JSON.stringify(eventName)} (archived signals included); one signal per event name.`,
    { event_name: eventName, ...(signalId ? { signal_id: signalId } : {}) },
  );
}
