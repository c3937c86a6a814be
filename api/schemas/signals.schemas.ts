// Request and response schemas of the signal endpoints (docs/api/signals.md). Shapes are
// checked here (400 ValidationIssue); the create and patch rules are the
// service's (422 naming the field), so that every rule answers one way whether it is a create, a
// patch or a duplicate's override.
import { IMPORT_TARGETS, SIGNAL_CADENCES, SIGNAL_STATUSES } from '../../db/entities/signal.entity.ts';
import type { JsonSchema } from '../validation.ts';
import { mapKeys, nullable, nullableTimestamp, timestamp, uuid } from './common.schemas.ts';
import { named } from './named.ts';

const nullableUuid: JsonSchema = { type: ['string', 'null'], format: 'uuid' };

/** A filters object: filter key to a list of plain strings (which keys: the preset's filter_keys, checked by the service). */
export const filtersSchema: JsonSchema = named('SignalFilters', {
  type: 'object',
  maxProperties: 50,
  propertyNames: mapKeys({ maxLength: 100 }),
  additionalProperties: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 1000 } },
  description: 'Filter key to a list of plain strings.',
});

const cap = (description: string): JsonSchema => ({
  type: ['integer', 'null'],
  minimum: -2147483648,
  maximum: 2147483647,
  description,
});

const createProperties: Record<string, JsonSchema> = {
  signal_type: {
    type: 'string',
    maxLength: 100,
    description: 'A value of GET /v1/signals/presets; a type not open for creation (or unknown): 404.',
  },
  name: {
    type: 'string',
    maxLength: 1000,
    description: 'Trimmed; empty after trimming: 422. Also names the destination list.',
  },
  search_filters: filtersSchema,
  import_search_filters: {
    allOf: [filtersSchema],
    description:
      'Narrows who or what is imported: personas (job_title_or, seniority_or, person_country_code_or) for PEOPLE, firmographics for COMPANIES.',
  },
  import_target: { type: 'string', enum: [...IMPORT_TARGETS], description: "Default follows the preset's scope." },
  event_subject: {
    type: ['string', 'null'],
    enum: [...IMPORT_TARGETS, null],
    description: 'Required for CUSTOM_EVENT, rejected (422) for other presets.',
  },
  sequence_template_id: {
    ...nullableUuid,
    description:
      "Imported people are enrolled in it; PEOPLE destinations only (422); another workspace's template: 404.",
  },
  // No schema defaults here: a patch or a duplicate's override would receive them (the service defaults a create's).
  enrich_email: { type: 'boolean', description: 'Create default true.' },
  enrich_phones: { type: 'boolean', description: 'Create default true.' },
  max_per_run: cap(
    "Daily ceiling on imported entries: 1 to the organization's lead limit; not with max_companies_per_run.",
  ),
  max_companies_per_run: cap(
    'Daily ceiling on detected companies consumed; only on a COMPANY-scope preset importing PEOPLE.',
  ),
  max_contacts_per_company: cap('People imported per detected company (default 3); requires max_companies_per_run.'),
  cadence: { type: 'string', enum: [...SIGNAL_CADENCES], description: 'How often the signal checks (default DAILY).' },
};

export const signalCreateSchema: JsonSchema = named('SignalCreate', {
  type: 'object',
  additionalProperties: false,
  required: ['signal_type', 'name'],
  properties: createProperties,
});

export const signalPatchSchema: JsonSchema = named('SignalUpdate', {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  description:
    'Patch rules 1-6. signal_type, import_target and event_subject are accepted by the schema only to be refused with 422 (they cannot change).',
  properties: {
    ...createProperties,
    signal_type: { type: 'string', maxLength: 100, description: 'Cannot change: 422.' },
    import_target: { type: 'string', maxLength: 100, description: 'Cannot change: 422.' },
    event_subject: { type: ['string', 'null'], maxLength: 100, description: 'Cannot change: 422.' },
  },
});

export const signalDuplicateSchema: JsonSchema = named('SignalDuplicate', {
  type: 'object',
  additionalProperties: false,
  description:
    'All optional. name defaults to the source name followed by " (Copy)". Any create field overrides the copied configuration; the copy is validated as a create. ' +
    'When signal_type changes, import_target and event_subject follow the new preset unless sent.',
  properties: createProperties,
});

export const signalListFilters: Record<string, JsonSchema> = {
  include_archived: { type: 'boolean', default: false, description: 'Include ARCHIVED signals (hidden by default).' },
};

const recordProperties: Record<string, JsonSchema> = {
  id: uuid,
  name: { type: 'string' },
  signal_type: { type: 'string' },
  status: { type: 'string', enum: [...SIGNAL_STATUSES] },
  cadence: { type: 'string', enum: [...SIGNAL_CADENCES] },
  max_per_run: { type: ['integer', 'null'] },
  max_companies_per_run: { type: ['integer', 'null'] },
  max_contacts_per_company: { type: ['integer', 'null'] },
  max_per_day: {
    type: 'integer',
    description: 'The ceiling a check enforces, resolved from the caps (docs/api/signals.md).',
  },
  enrich_email: { type: 'boolean' },
  enrich_phones: { type: 'boolean' },
  imported_count: { type: 'integer', minimum: 0 },
  contact_list_id: nullableUuid,
  account_list_id: nullableUuid,
  last_checked_at: { ...nullableTimestamp, description: 'When the last check ran (null before the first).' },
  created_at: timestamp,
  updated_at: timestamp,
  archived_at: nullableTimestamp,
  url: { type: 'string', description: 'Deep link to the signal in the dashboard (DASHBOARD_BASE_URL/signals/<id>).' },
  list_url: {
    type: ['string', 'null'],
    description: 'Deep link to the destination list (DASHBOARD_BASE_URL/lists/contacts/<id> or /lists/accounts/<id>).',
  },
};

/** PEOPLE or COMPANIES: what a signal imports, and whom the events of a custom-event signal are about. */
const signalImportTarget: JsonSchema = named('SignalImportTarget', { type: 'string', enum: [...IMPORT_TARGETS] });

export const signalSchema: JsonSchema = named('Signal', {
  type: 'object',
  required: Object.keys(recordProperties),
  properties: recordProperties,
});

export const signalDetailSchema: JsonSchema = named('SignalDetail', {
  type: 'object',
  required: [
    ...Object.keys(recordProperties),
    'search_filters',
    'import_search_filters',
    'sequence_template_id',
    'import_target',
    'event_subject',
  ],
  properties: {
    ...recordProperties,
    search_filters: filtersSchema,
    import_search_filters: filtersSchema,
    sequence_template_id: nullableUuid,
    import_target: signalImportTarget,
    event_subject: nullable(signalImportTarget),
  },
});
