// Contact and account exclusions: create, read, list, patch, delete (docs/api/exclusions.md).
import type { Directory } from '../../providers/directory/index.ts';
import * as exclusions from '../../domain/exclusions/exclusions.service.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import {
  accountExclusionCreateSchema,
  accountExclusionListFilters,
  accountExclusionSchema,
  contactExclusionCreateSchema,
  contactExclusionListFilters,
  contactExclusionSchema,
  exclusionPatchSchema,
} from '../schemas/exclusions.schemas.ts';
import { EXAMPLE_IDS } from '../examples/ids.ts';
import { ACCOUNT_EXCLUSION_UPDATED, CONTACT_EXCLUSION_UPDATED } from '../examples/outbound.examples.ts';

type ExclusionParams = { exclusion_id: string };
const tags = ['Exclusions'];
/** The account exclusion routes share the path parameter name of the contact ones, not its example. */
const accountExclusion = { params: { exclusion_id: EXAMPLE_IDS.accountExclusion } };
const inForce =
  'An exclusion is in force while `until` is null or in the future; once `until` passes it lifts by itself (nothing rewrites the row).';

export function exclusionsRoutes(deps: { directory: Directory }): RouteDef[] {
  return [
    defineRoute<Record<string, string>, Record<string, never>, exclusions.ContactExclusionInput>({
      method: 'POST',
      path: '/v1/contact-exclusions',
      auth: 'key',
      scope: 'contact_exclusions:write',
      tags,
      operationId: 'createContactExclusion',
      location: '/v1/contact-exclusions/{id}',
      summary: 'Exclude a person',
      description: `By email and/or LinkedIn URL, normalised as contacts are. Emits \`contact_exclusion.created\` (with the workspace contact of that email or URL embedded when there is one). ${inForce}`,
      body: contactExclusionCreateSchema,
      responses: {
        201: { description: 'The exclusion.', schema: contactExclusionSchema },
        409: {
          description: 'The email or LinkedIn URL is already excluded (CommitIssue, `data.existing_exclusion_id`).',
        },
        422: { description: 'Neither email nor linkedin_url (ValidationIssue naming both).' },
      },
      handler: async (ctx, { body }) => {
        const { record } = await exclusions.createContactExclusion(
          ctx.state.em,
          ctx.state.principal.organizationId,
          body,
          { source: 'API' },
        );
        return { status: 201, body: record };
      },
    }),
    defineRoute<
      Record<string, string>,
      PageQuery<exclusions.ContactExclusionSort> & exclusions.ContactExclusionFilters
    >({
      method: 'GET',
      path: '/v1/contact-exclusions',
      auth: 'key',
      scope: 'contact_exclusions:read',
      tags,
      operationId: 'listContactExclusions',
      summary: 'List contact exclusions',
      description: 'Default order: created_at ascending. Lifted exclusions (until passed) are listed too.',
      query: listQuerySchema(exclusions.CONTACT_EXCLUSION_SORT_FIELDS, contactExclusionListFilters),
      responses: {
        200: { description: 'Envelope of contact exclusions.', schema: envelopeSchema(contactExclusionSchema) },
      },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await exclusions.listContactExclusions(
          ctx.state.em,
          ctx.state.principal.organizationId,
          filters,
          {
            ...pageWindow(query),
            sortBy: sort_by,
            sortOrder: sort_order,
          },
        );
        return { status: 200, body: envelope(items, total, { page, size, sort_order }) };
      },
    }),
    defineRoute<ExclusionParams>({
      method: 'GET',
      path: '/v1/contact-exclusions/{exclusion_id}',
      auth: 'key',
      scope: 'contact_exclusions:read',
      tags,
      operationId: 'getContactExclusion',
      summary: 'A contact exclusion',
      description: 'The exclusion: its email and/or LinkedIn URL, reason, message and `until` (null: permanent).',
      params: idParams('exclusion_id'),
      responses: { 200: { description: 'The exclusion.', schema: contactExclusionSchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await exclusions.getContactExclusion(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.exclusion_id,
        ),
      }),
    }),
    defineRoute<ExclusionParams, Record<string, never>, exclusions.ExclusionPatch>({
      method: 'PATCH',
      path: '/v1/contact-exclusions/{exclusion_id}',
      auth: 'key',
      scope: 'contact_exclusions:write',
      tags,
      operationId: 'patchContactExclusion',
      summary: 'Change the reason, message or until of a contact exclusion',
      description:
        'Only the fields sent change; `updated_at` moves. Emits no event (only creation emits `contact_exclusion.created`).',
      params: idParams('exclusion_id'),
      body: exclusionPatchSchema,
      responses: {
        200: { description: 'The exclusion.', schema: contactExclusionSchema, example: CONTACT_EXCLUSION_UPDATED },
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await exclusions.patchContactExclusion(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.exclusion_id,
          body,
        ),
      }),
    }),
    defineRoute<ExclusionParams>({
      method: 'DELETE',
      path: '/v1/contact-exclusions/{exclusion_id}',
      auth: 'key',
      scope: 'contact_exclusions:write',
      tags,
      operationId: 'deleteContactExclusion',
      summary: 'Delete a contact exclusion',
      description: 'Does not re-enroll the contact in any sequence.',
      params: idParams('exclusion_id'),
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { params }) => {
        await exclusions.deleteContactExclusion(ctx.state.em, ctx.state.principal.organizationId, params.exclusion_id);
        return { status: 204 };
      },
    }),

    defineRoute<Record<string, string>, Record<string, never>, exclusions.AccountExclusionInput>({
      method: 'POST',
      path: '/v1/account-exclusions',
      auth: 'key',
      scope: 'account_exclusions:write',
      tags,
      operationId: 'createAccountExclusion',
      location: '/v1/account-exclusions/{id}',
      summary: 'Exclude a company domain',
      description: `Excludes every contact whose linked account has this domain or whose email is at it. ${inForce}`,
      body: accountExclusionCreateSchema,
      responses: {
        201: { description: 'The exclusion.', schema: accountExclusionSchema },
        409: { description: 'The domain is already excluded (CommitIssue, `data.existing_exclusion_id`).' },
      },
      handler: async (ctx, { body }) => ({
        status: 201,
        body: await exclusions.createAccountExclusion(
          ctx.state.em,
          deps.directory,
          ctx.state.principal.organizationId,
          body,
        ),
      }),
    }),
    defineRoute<
      Record<string, string>,
      PageQuery<exclusions.AccountExclusionSort> & exclusions.AccountExclusionFilters
    >({
      method: 'GET',
      path: '/v1/account-exclusions',
      auth: 'key',
      scope: 'account_exclusions:read',
      tags,
      operationId: 'listAccountExclusions',
      summary: 'List account exclusions',
      description: 'Default order: created_at ascending. Lifted exclusions (until passed) are listed too.',
      query: listQuerySchema(exclusions.ACCOUNT_EXCLUSION_SORT_FIELDS, accountExclusionListFilters),
      responses: {
        200: { description: 'Envelope of account exclusions.', schema: envelopeSchema(accountExclusionSchema) },
      },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await exclusions.listAccountExclusions(
          ctx.state.em,
          deps.directory,
          ctx.state.principal.organizationId,
          filters,
          {
            ...pageWindow(query),
            sortBy: sort_by,
            sortOrder: sort_order,
          },
        );
        return { status: 200, body: envelope(items, total, { page, size, sort_order }) };
      },
    }),
    defineRoute<ExclusionParams>({
      method: 'GET',
      path: '/v1/account-exclusions/{exclusion_id}',
      auth: 'key',
      scope: 'account_exclusions:read',
      tags,
      operationId: 'getAccountExclusion',
      requestExample: accountExclusion,
      summary: 'An account exclusion',
      description: 'The exclusion: its domain, reason, message and `until` (null: permanent).',
      params: idParams('exclusion_id'),
      responses: { 200: { description: 'The exclusion.', schema: accountExclusionSchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await exclusions.getAccountExclusion(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.exclusion_id,
        ),
      }),
    }),
    defineRoute<ExclusionParams, Record<string, never>, exclusions.ExclusionPatch>({
      method: 'PATCH',
      path: '/v1/account-exclusions/{exclusion_id}',
      auth: 'key',
      scope: 'account_exclusions:write',
      tags,
      operationId: 'patchAccountExclusion',
      requestExample: accountExclusion,
      summary: 'Change the reason, message or until of an account exclusion',
      description: 'Only the fields sent change; `until: null` makes it permanent, omitting `until` leaves it.',
      params: idParams('exclusion_id'),
      body: exclusionPatchSchema,
      responses: {
        200: { description: 'The exclusion.', schema: accountExclusionSchema, example: ACCOUNT_EXCLUSION_UPDATED },
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await exclusions.patchAccountExclusion(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.exclusion_id,
          body,
        ),
      }),
    }),
    defineRoute<ExclusionParams>({
      method: 'DELETE',
      path: '/v1/account-exclusions/{exclusion_id}',
      auth: 'key',
      scope: 'account_exclusions:write',
      tags,
      operationId: 'deleteAccountExclusion',
      requestExample: accountExclusion,
      summary: 'Delete an account exclusion',
      description: "The domain's people may be enrolled and imported again; nobody is re-enrolled by the delete.",
      params: idParams('exclusion_id'),
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { params }) => {
        await exclusions.deleteAccountExclusion(ctx.state.em, ctx.state.principal.organizationId, params.exclusion_id);
        return { status: 204 };
      },
    }),
  ];
}
