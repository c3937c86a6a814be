// Contacts: upsert, read, list, owner, variables and erasure (docs/api/people.md).
import type { Directory } from '../../providers/directory/index.ts';
import * as contacts from '../../domain/people/contacts.service.ts';
import * as variables from '../../domain/people/variables.service.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import {
  contactListFilters,
  contactSchema,
  contactUpsertSchema,
  contactVariablesPatchSchema,
  contactVariablesSchema,
  ownerBodySchema,
  variableKeyParams,
} from '../schemas/people.schemas.ts';
import { CONTACT_REASSIGNED, CONTACT_VARIABLES_AFTER_DELETE } from '../examples/people.examples.ts';

type ContactParams = { contact_id: string };
const tags = ['Contacts'];

export function contactsRoutes(deps: { directory: Directory }): RouteDef[] {
  return [
    defineRoute<Record<string, string>, Record<string, never>, contacts.ContactInput>({
      method: 'POST',
      path: '/v1/contacts',
      auth: 'key',
      scope: 'contacts:write',
      tags,
      operationId: 'upsertContact',
      location: '/v1/contacts/{id}',
      summary: 'Create or update a contact',
      description:
        'Matched on normalised email, then LinkedIn URL. 201 for create and update alike. An email and a LinkedIn URL of two different contacts are refused ' +
        '(409, `data.email_contact_id` and `data.linkedin_url_contact_id`). A person erased at a privacy request is refused (422, `data.reason` ERASED).',
      body: contactUpsertSchema,
      responses: {
        201: { description: 'The contact.', schema: contactSchema },
        409: {
          description:
            'The email and the linkedin_url belong to two different existing contacts (CommitIssue): `data` is ' +
            '`{"email_contact_id": "<the contact with this email>", "linkedin_url_contact_id": "<the contact with this LinkedIn URL>"}` and nothing is written. ' +
            'Also: a request with the same `Idempotency-Key` is still being processed (CommitIssue, with `Retry-After`); retry later.',
        },
        422: { description: 'Refused (BusinessIssue).' },
      },
      handler: async (ctx, { body }) => {
        const { record } = await contacts.upsertContact(
          ctx.state.rootEm,
          deps.directory,
          ctx.state.principal.organizationId,
          body,
          ctx.state.audit,
        );
        return { status: 201, body: record };
      },
    }),
    defineRoute<Record<string, string>, PageQuery<contacts.ContactSort> & contacts.ContactFilters>({
      method: 'GET',
      path: '/v1/contacts',
      auth: 'key',
      scope: 'contacts:read',
      tags,
      operationId: 'listContacts',
      requestExample: { query: { company_domain: 'example.com' } },
      summary: 'List contacts',
      description: 'Default order: created_at ascending.',
      query: listQuerySchema(contacts.CONTACT_SORT_FIELDS, contactListFilters),
      responses: { 200: { description: 'Envelope of contacts.', schema: envelopeSchema(contactSchema) } },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await contacts.listContacts(
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
    defineRoute<ContactParams>({
      method: 'GET',
      path: '/v1/contacts/{contact_id}',
      auth: 'key',
      scope: 'contacts:read',
      tags,
      operationId: 'getContact',
      summary: 'A contact',
      description:
        'The full record: identity, company, phone, owner embed, email verification status, first and last seen times.',
      params: idParams('contact_id'),
      responses: { 200: { description: 'The contact.', schema: contactSchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await contacts.getContact(ctx.state.em, ctx.state.principal.organizationId, params.contact_id),
      }),
    }),
    defineRoute<ContactParams>({
      method: 'DELETE',
      path: '/v1/contacts/{contact_id}',
      auth: 'key',
      scope: 'contacts:write',
      tags,
      operationId: 'eraseContact',
      summary: 'Erase a person (privacy request)',
      description:
        'Deletes the contact and its variables; only a SHA-256 of its email and LinkedIn URL stays, so the person is not imported or added again.',
      params: idParams('contact_id'),
      responses: { 204: { description: 'Erased.' } },
      handler: async (ctx, { params }) => {
        await contacts.eraseContact(ctx.state.em, ctx.state.principal.organizationId, params.contact_id);
        return { status: 204 };
      },
    }),
    defineRoute<ContactParams, Record<string, never>, { owner_user_id: string | null }>({
      method: 'PATCH',
      path: '/v1/contacts/{contact_id}/owner',
      auth: 'key',
      scope: 'contacts:write',
      tags,
      operationId: 'setContactOwner',
      summary: 'Reassign the owner of a contact',
      description:
        'Sets `owner_user_id` (an active user of the organization) or clears it with null; the answer embeds the new owner.',
      params: idParams('contact_id'),
      body: ownerBodySchema,
      responses: {
        200: { description: 'The contact.', schema: contactSchema, example: CONTACT_REASSIGNED },
        422: { description: 'owner_user_id is not an active user of the organization (ValidationIssue).' },
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await contacts.setContactOwner(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.contact_id,
          body.owner_user_id,
        ),
      }),
    }),
    defineRoute<ContactParams>({
      method: 'GET',
      path: '/v1/contacts/{contact_id}/variables',
      auth: 'key',
      scope: 'contacts:read',
      tags,
      operationId: 'getContactVariables',
      summary: 'Contact and account variables of a contact',
      description:
        "The contact's own variables and its account's (shared by every contact of the account, empty without an account), as sequence " +
        'templates read them.',
      params: idParams('contact_id'),
      responses: { 200: { description: 'Both scopes.', schema: contactVariablesSchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await variables.getContactVariables(ctx.state.em, ctx.state.principal.organizationId, params.contact_id),
      }),
    }),
    defineRoute<
      ContactParams,
      Record<string, never>,
      { contact_variables?: variables.Variables; account_variables?: variables.Variables }
    >({
      method: 'PATCH',
      path: '/v1/contacts/{contact_id}/variables',
      auth: 'key',
      scope: 'contacts:write',
      tags,
      operationId: 'patchContactVariables',
      summary: 'Merge contact and account variables',
      description: `Keys merge into each scope; null keeps the slot. Over ${variables.VARIABLE_LIMIT} keys in a scope: 422 BusinessIssue naming the limit.`,
      params: idParams('contact_id'),
      body: contactVariablesPatchSchema,
      responses: {
        200: { description: 'Both scopes after the merge.', schema: contactVariablesSchema },
        422: { description: 'Limit reached, or account variables for a contact without account (BusinessIssue).' },
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await variables.patchContactVariables(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.contact_id,
          body,
        ),
      }),
    }),
    defineRoute<ContactParams & { key: string }, { scope: 'contact' | 'account' }>({
      method: 'DELETE',
      path: '/v1/contacts/{contact_id}/variables/{key}',
      auth: 'key',
      scope: 'contacts:write',
      tags,
      operationId: 'deleteContactVariable',
      requestExample: { query: { scope: 'contact' } },
      summary: 'Delete a variable and free its slot',
      description:
        "Removes the key from the scope named by `scope` (`contact`, or `account`: the contact's account) so the slot counts no more " +
        'against the limit; a key not set there is 404.',
      params: variableKeyParams('contact_id'),
      query: {
        type: 'object',
        additionalProperties: false,
        required: ['scope'],
        properties: { scope: { type: 'string', enum: ['contact', 'account'] } },
      },
      responses: {
        200: {
          description: 'Both scopes after the delete.',
          schema: contactVariablesSchema,
          example: CONTACT_VARIABLES_AFTER_DELETE,
        },
      },
      handler: async (ctx, { params, query }) => ({
        status: 200,
        body: await variables.deleteContactVariable(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.contact_id,
          query.scope,
          params.key,
        ),
      }),
    }),
  ];
}
