// Buying signals (docs/api/signals.md): create, list, detail, patch, duplicate, pause, resume, archive,
// unarchive. The presets, preview and imports routes live elsewhere; app.ts mounts them before
// these, so that `/v1/signals/presets` and `/v1/signals/imports` never reach `/v1/signals/{signal_id}`.
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { Config } from '../../config.ts';
import { createSignal, duplicateSignal, type DuplicateInput } from '../../domain/signals/create.ts';
import { transitionSignal, type SignalAction } from '../../domain/signals/lifecycle.ts';
import { patchSignal } from '../../domain/signals/patch.ts';
import { getSignal, listSignals } from '../../domain/signals/reads.ts';
import type { SignalCreateInput, SignalPatch } from '../../domain/signals/resolve-input.ts';
import {
  CUSTOM_EVENT_MAX_PER_DAY,
  DEFAULT_CONTACTS_PER_COMPANY,
  DEFAULT_MAX_PER_DAY,
} from '../../domain/signals/settings.ts';
import type { SignalsDeps } from '../../domain/signals/signal-records.ts';
import type { AppContext } from '../context.ts';
import { envelope, envelopeSchema, fixedKeyListQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import {
  signalCreateSchema,
  signalDetailSchema,
  signalDuplicateSchema,
  signalListFilters,
  signalPatchSchema,
  signalSchema,
} from '../schemas/signals.schemas.ts';
import type { JsonSchema } from '../validation.ts';
import { SIGNAL_AFTER, SIGNAL_COPY, SIGNAL_UPDATED } from '../examples/signals.examples.ts';

export interface SignalsRoutesDeps {
  workflows: WorkflowClients;
  config: Pick<Config, 'temporalTaskQueue' | 'dashboardBaseUrl'>;
}

const tags = ['Signals'];
type Params = { signal_id: string };

/** Pagination and include_archived; ordered by created_at (newest first unless sort_order=asc), so no sort_by. */
const listQuery: JsonSchema = fixedKeyListQuerySchema('created_at', 'desc', signalListFilters);

const createRules =
  "Rules (422 ValidationIssue naming each field, all reported at once): name not blank after trimming; search_filters only the preset's filter_keys " +
  "with every required key non-empty; import_search_filters only persona keys (PEOPLE) or firmographic keys (COMPANIES); import_target defaults to the preset's " +
  'scope, a COMPANY-scope preset may choose PEOPLE, a PEOPLE-scope preset may choose COMPANIES only when scope_selectable_at_creation; event_subject required ' +
  "for CUSTOM_EVENT (import_target follows it) and rejected otherwise; sequence_template_id only for PEOPLE; max_per_run 1 to the organization's lead limit and " +
  'not with max_companies_per_run; max_companies_per_run only on a COMPANY-scope preset importing PEOPLE; max_contacts_per_company requires ' +
  'max_companies_per_run; CUSTOM_EVENT takes no caps and exactly one search_filters.first_party_event_name. max_per_day: max_per_run; else ' +
  `max_companies_per_run × (max_contacts_per_company or ${DEFAULT_CONTACTS_PER_COMPANY}), within the lead limit; else min(${DEFAULT_MAX_PER_DAY}, lead limit); ` +
  `CUSTOM_EVENT ${CUSTOM_EVENT_MAX_PER_DAY}.`;

export function signalsRoutes(deps: SignalsRoutesDeps): RouteDef[] {
  const serviceDeps = (ctx: AppContext): SignalsDeps => ({
    em: ctx.state.em,
    workflows: deps.workflows,
    dashboardBaseUrl: deps.config.dashboardBaseUrl,
    logger: ctx.state.logger,
  });
  const lifecycle = (action: SignalAction, summary: string, description: string, conflict: string) =>
    defineRoute<Params>({
      method: 'POST',
      path: `/v1/signals/{signal_id}/${action}`,
      auth: 'key',
      scope: 'signals:write',
      tags,
      operationId: `${action}Signal`,
      summary,
      description,
      params: idParams('signal_id'),
      responses: {
        200: { description: 'The signal.', schema: signalSchema, example: SIGNAL_AFTER[action] },
        404: { description: 'No such signal in the organization.' },
        409: { description: `${conflict} (CommitIssue; data.status is the signal's status, unchanged).` },
      },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await transitionSignal(serviceDeps(ctx), ctx.state.principal.organizationId, params.signal_id, action),
      }),
    });

  return [
    defineRoute<Record<string, string>, Record<string, never>, SignalCreateInput>({
      method: 'POST',
      path: '/v1/signals',
      auth: 'key',
      scope: 'signals:write',
      tags,
      operationId: 'createSignal',
      location: '/v1/signals/{id}',
      summary: 'Create a signal',
      description:
        'Provisions the destination list (a contact list for PEOPLE, an account list for COMPANIES, named after the signal; its default template stays null: ' +
        'the signal enrolls its own imports in sequence_template_id), starts ACTIVE and checks at once (a custom-event signal polls within the hour). ' +
        `${createRules} A custom-event signal for an event_name another signal of the organization holds (archived ones included): 409.`,
      body: signalCreateSchema,
      // Text PostgreSQL cannot store is the documented 422 here (the service names the field).
      bodyTextCheckedByService: true,
      responses: {
        201: { description: 'The signal.', schema: signalSchema },
        404: {
          description:
            'signal_type unknown or not open for creation; or sequence_template_id not of this organization (NotFoundIssue).',
        },
        409: {
          description:
            'CUSTOM_EVENT: another signal of the organization already watches this event name (CommitIssue; data.event_name, data.signal_id).',
        },
        422: { description: 'A create rule (ValidationIssue naming the fields).' },
      },
      handler: async (ctx, { body }) => ({
        status: 201,
        body: await createSignal(serviceDeps(ctx), ctx.state.principal.organizationId, body),
      }),
    }),
    defineRoute<Record<string, string>, PageQuery & { include_archived: boolean }>({
      method: 'GET',
      path: '/v1/signals',
      auth: 'key',
      scope: 'signals:read',
      tags,
      operationId: 'listSignals',
      summary: 'List signals',
      description:
        'Ordered by created_at, most recently created first; `sort_order=asc` reads oldest first (no `sort_by`: the key is fixed). ' +
        'ARCHIVED signals are hidden unless include_archived=true.',
      query: listQuery,
      responses: { 200: { description: 'Envelope of signals.', schema: envelopeSchema(signalSchema) } },
      handler: async (ctx, { query }) => {
        const { items, total } = await listSignals(
          serviceDeps(ctx),
          ctx.state.principal.organizationId,
          { include_archived: query.include_archived },
          { ...pageWindow(query), sortOrder: query.sort_order },
        );
        return { status: 200, body: envelope(items, total, query) };
      },
    }),
    defineRoute<Params>({
      method: 'GET',
      path: '/v1/signals/{signal_id}',
      auth: 'key',
      scope: 'signals:read',
      tags,
      operationId: 'getSignal',
      summary: 'A signal (detail form)',
      description:
        'Adds search_filters, import_search_filters, sequence_template_id, import_target and event_subject to the record; filters in the shape create and patch accept.',
      params: idParams('signal_id'),
      responses: {
        200: { description: 'The signal detail.', schema: signalDetailSchema },
        404: { description: 'No such signal in the organization.' },
      },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await getSignal(serviceDeps(ctx), ctx.state.principal.organizationId, params.signal_id),
      }),
    }),
    defineRoute<Params, Record<string, never>, SignalPatch>({
      method: 'PATCH',
      path: '/v1/signals/{signal_id}',
      auth: 'key',
      scope: 'signals:write',
      tags,
      operationId: 'patchSignal',
      summary: 'Edit a signal',
      description:
        'Patch rules: editable are name (renames the destination list too), search_filters, import_search_filters (each replaced wholesale: send the ' +
        'complete set), max_per_run, max_companies_per_run, max_contacts_per_company, enrich_email, enrich_phones, sequence_template_id and cadence; null clears ' +
        'a cap or the template. signal_type, import_target and event_subject cannot change (422: duplicate with the new configuration and archive this one). ' +
        'An ARCHIVED signal can only be renamed (any other field: 422). The create rules apply to the patched configuration (a cap sent alongside a contradicting ' +
        'one already set is 422: clear the other with null). CUSTOM_EVENT: first_party_event_name is fixed (422). Any refusal leaves the signal unchanged.',
      params: idParams('signal_id'),
      body: signalPatchSchema,
      // Text PostgreSQL cannot store is the documented 422 here (the service names the field).
      bodyTextCheckedByService: true,
      responses: {
        200: { description: 'The full signal detail.', schema: signalDetailSchema, example: SIGNAL_UPDATED },
        404: { description: 'No such signal, or sequence_template_id not of this organization.' },
        422: { description: 'A patch or create rule (ValidationIssue naming the fields); the signal is unchanged.' },
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await patchSignal(serviceDeps(ctx), ctx.state.principal.organizationId, params.signal_id, body),
      }),
    }),
    defineRoute<Params, Record<string, never>, DuplicateInput>({
      method: 'POST',
      path: '/v1/signals/{signal_id}/duplicate',
      auth: 'key',
      scope: 'signals:write',
      tags,
      operationId: 'duplicateSignal',
      location: '/v1/signals/{id}',
      summary: 'Duplicate a signal',
      description:
        'Copies preset, filters, import filters, caps, enrichment, template and cadence onto a new signal with a new destination list (ACTIVE, checks at once); ' +
        'the source (also an ARCHIVED one) is untouched. Any create field in the body overrides the copy, which is validated as a create: this is how a client ' +
        'changes signal_type or import_target. When signal_type changes, import_target and event_subject follow the new preset unless sent. A CUSTOM_EVENT copy ' +
        'needs another first_party_event_name (the same one: 409).',
      params: idParams('signal_id'),
      body: signalDuplicateSchema,
      // Text PostgreSQL cannot store is the documented 422 here (the service names the field).
      bodyTextCheckedByService: true,
      responses: {
        201: { description: 'The new signal.', schema: signalSchema, example: SIGNAL_COPY },
        404: {
          description:
            "No such signal; or an override names a preset not open for creation or another workspace's template.",
        },
        409: { description: 'CUSTOM_EVENT: the event name is already watched (CommitIssue).' },
        422: { description: 'A create rule on the copy (ValidationIssue naming the fields).' },
      },
      handler: async (ctx, { params, body }) => ({
        status: 201,
        body: await duplicateSignal(serviceDeps(ctx), ctx.state.principal.organizationId, params.signal_id, body ?? {}),
      }),
    }),
    lifecycle(
      'pause',
      'Pause a signal',
      'ACTIVE → PAUSED: no checks until resumed. A PAUSED signal answers 200 unchanged.',
      'The signal is ARCHIVED',
    ),
    lifecycle(
      'resume',
      'Resume a signal',
      'PAUSED → ACTIVE, due immediately (the next check does not wait for its slot). An ACTIVE signal answers 200 unchanged.',
      'The signal is ARCHIVED (unarchive it first)',
    ),
    lifecycle(
      'archive',
      'Archive a signal',
      'ACTIVE or PAUSED → ARCHIVED: no checks; hidden from the list unless include_archived; only renamable. ' +
        'Its destination list and imported entries stay.',
      'The signal is already ARCHIVED',
    ),
    lifecycle(
      'unarchive',
      'Unarchive a signal',
      'ARCHIVED → PAUSED; filters, destination list and imported entries kept. Resume it to check again.',
      'The signal is not ARCHIVED',
    ),
  ];
}
