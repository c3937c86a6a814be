// Signal presets and preview (scope signals:read): GET /v1/signals/presets lists the presets open
// for creation; POST /v1/signals/preview samples a preset's recent matches (docs/api/signals.md,
// 'Presets and preview'). Mounted before the signal routes so that /v1/signals/{signal_id} does
// not take these paths.
import { previewSignal, PREVIEW_LIMIT, PREVIEW_WINDOW_DAYS } from '../../domain/signals/preview.service.ts';
import { openPresets, presetRecord } from '../../domain/signals/presets.ts';
import { SIGNAL_TYPES } from '../../domain/signals/presets.types.ts';
import type { SignalDataProvider } from '../../providers/signals/index.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { mapKeys } from '../schemas/common.schemas.ts';
import type { JsonSchema } from '../validation.ts';
import { named } from '../schemas/named.ts';

const tags = ['Signals'];

const nullableString: JsonSchema = { type: ['string', 'null'] };

export const presetSchema: JsonSchema = named('SignalPreset', {
  type: 'object',
  required: [
    'signal_type',
    'title',
    'description',
    'category_label',
    'scope',
    'scope_selectable_at_creation',
    'filter_keys',
    'required_filter_keys',
    'requires_event_subject',
    'preview_supported',
  ],
  properties: {
    signal_type: { type: 'string', enum: [...SIGNAL_TYPES] },
    title: { type: 'string' },
    description: { type: 'string' },
    category_label: { type: 'string' },
    scope: { type: 'string', enum: ['COMPANY', 'PEOPLE'] },
    scope_selectable_at_creation: { type: 'boolean' },
    filter_keys: { type: 'array', items: { type: 'string' } },
    required_filter_keys: { type: 'array', items: { type: 'string' } },
    requires_event_subject: { type: 'boolean' },
    preview_supported: { type: 'boolean' },
  },
});

const previewBody: JsonSchema = named('SignalPreview', {
  type: 'object',
  additionalProperties: false,
  required: ['signal_type'],
  properties: {
    signal_type: { type: 'string', enum: [...SIGNAL_TYPES] },
    search_filters: {
      type: 'object',
      propertyNames: mapKeys(),
      description:
        "Filter key to a list of strings; only the preset's filter_keys, its required_filter_keys present and non-empty (422 naming the key otherwise).",
    },
  },
});

const previewSchema: JsonSchema = named('SignalPreviewResult', {
  type: 'object',
  required: ['window_days', 'total_count', 'items'],
  properties: {
    window_days: { type: 'integer' },
    total_count: { type: ['integer', 'null'] },
    items: {
      type: 'array',
      items: named('SignalPreviewItem', {
        type: 'object',
        required: [
          'event_type',
          'company_name',
          'company_domain',
          'first_name',
          'last_name',
          'job_title',
          'linkedin_url',
          'email',
        ],
        properties: {
          event_type: nullableString,
          company_name: nullableString,
          company_domain: nullableString,
          first_name: nullableString,
          last_name: nullableString,
          job_title: nullableString,
          linkedin_url: nullableString,
          email: nullableString,
        },
      }),
    },
  },
});

export function signalPresetsRoutes(deps: { signals: SignalDataProvider }): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/v1/signals/presets',
      auth: 'key',
      scope: 'signals:read',
      tags,
      operationId: 'listSignalPresets',
      summary: 'List signal presets',
      description:
        'The presets open for creation, each with its filter keys (lists of strings) and which are required.',
      responses: {
        200: { description: 'The presets.', schema: named('SignalPresetList', { type: 'array', items: presetSchema }) },
      },
      handler: () => ({ status: 200, body: openPresets().map(presetRecord) }),
    }),
    defineRoute<
      Record<string, string>,
      Record<string, unknown>,
      { signal_type: (typeof SIGNAL_TYPES)[number]; search_filters?: unknown }
    >({
      method: 'POST',
      path: '/v1/signals/preview',
      auth: 'key',
      scope: 'signals:read',
      tags,
      operationId: 'previewSignal',
      summary: 'Preview a signal',
      description:
        `Up to ${PREVIEW_LIMIT} matches of the preset and filters over the last ${PREVIEW_WINDOW_DAYS} days, newest first, with the ` +
        'count over the window; creates nothing. No import filters, no dedup against lists, no daily cap. Company-scope presets fill ' +
        "the company fields; people-scope presets fill the person fields (and the person's employer). A preset not open for creation " +
        'is 404; a preset without preview (preview_supported false) and unknown or missing filter keys are 422.',
      body: previewBody,
      responses: {
        200: { description: 'The preview.', schema: previewSchema },
        404: { description: 'signal_type names no preset open for creation (NotFoundIssue).' },
        422: {
          description:
            "A preset with preview_supported false, or search_filters that break the preset's rules (unknown keys, missing required filters).",
        },
      },
      handler: async (_ctx, { body }) => ({
        status: 200,
        body: await previewSignal(deps.signals, body.signal_type, body.search_filters),
      }),
    }),
  ];
}
