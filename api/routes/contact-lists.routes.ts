// Contact lists and their entries (docs/api/lists.md): the lists with their default sequence
// template (their routes declared with the account lists' in list-crud.ts, from this kind's names and
// wording), and the entries that resolve to workspace contacts (lead import) and enroll. Batches answer
// {items: [{index, status, resource, error}], summary}; an item that fails (schema, unknown list, refused template) does not fail the others.
import type { WorkflowClients } from '../../workflows/clients.ts';
import { addContactEntries, type ContactEntryInput } from '../../domain/lists/add-contact-entries.ts';
import {
  CONTACT_ENTRY_SORT_FIELDS,
  getContactEntry,
  listContactEntries,
  type ContactEntryFilters,
  type ContactEntrySort,
} from '../../domain/lists/contact-entry-reads.ts';
import { deleteContactEntry } from '../../domain/lists/delete-contact-entry.ts';
import * as lists from '../../domain/lists/lists.service.ts';
import type { Directory } from '../../providers/directory/index.ts';
import { checkItems, type Batch } from '../list-batches.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import {
  batchResultSchema,
  contactEntryBatchSchema,
  contactEntryItemSchema,
  contactEntryListFilters,
  contactEntrySchema,
  contactListBatchSchema,
  contactListItemSchema,
  contactListPatchSchema,
  contactListSchema,
} from '../schemas/lists.schemas.ts';
import { EXAMPLE_IDS } from '../examples/ids.ts';
import { CONTACT_LIST_RENAMED } from '../examples/lists.examples.ts';
import { listCrudRoutes } from './list-crud.ts';

export interface ContactListsDeps {
  workflows: WorkflowClients;
  directory: Directory;
}

const contactTags = ['Contact lists'];

export function contactListsRoutes(deps: ContactListsDeps): RouteDef[] {
  const leadImport: lists.LeadImportDeps = { workflows: deps.workflows };
  const templateRule =
    'A template of another organization is a NotFoundIssue (404 on PATCH, a FAILED item in a batch); an inactive or stepless one a ValidationIssue (422 on PATCH with the list unchanged, a FAILED item in a batch).';
  return [
    ...listCrudRoutes<'contact_list_id', lists.ContactListPatch>(
      {
        kind: 'contact',
        path: '/v1/contact-lists',
        idParam: 'contact_list_id',
        scopes: { read: 'contact_lists:read', write: 'contact_lists:write' },
        tags: contactTags,
        operationNoun: 'ContactList',
        plural: 'contact lists',
        schemas: { list: contactListSchema, item: contactListItemSchema, batch: contactListBatchSchema },
        wording: {
          createDescription: `Default template rule 1: entries added to a list with \`default_sequence_template_id\` are enrolled in it. ${templateRule}`,
          get: {
            summary: 'A contact list',
            description: 'The list with its default sequence template (null when none) and `entries_count`.',
          },
          delete: {
            summary: 'Delete a contact list and all its entries',
            description:
              'Every running sequence an entry of the list sourced ends STOPPED_EARLY with stopped_reason REMOVED_FROM_SOURCE_LIST; other sequences of the contacts are untouched.',
          },
        },
        patch: {
          summary: 'Rename a contact list or set its default template',
          description:
            `Default template rules 2-4: a template sent is checked first; then every entry already resolved is enrolled in it (in the background; ` +
            `an entry is enrolled at most once per template, a contact already running it is skipped, refusals leave REFUSED sequences with their reason). null clears it. ${templateRule}`,
          body: contactListPatchSchema,
          example: CONTACT_LIST_RENAMED,
          refusals: {
            404: { description: 'List, or template, not of this organization.' },
            422: { description: 'Template not ACTIVE or without steps (ValidationIssue); the list is unchanged.' },
          },
          apply: (ctx, id, body) =>
            lists.patchContactList(ctx.state.em, leadImport, ctx.state.principal.organizationId, id, body),
        },
      },
      deps.workflows,
    ),

    // ----- contact entries
    defineRoute<Record<string, string>, Record<string, never>, Batch>({
      method: 'POST',
      path: '/v1/contact-entries',
      auth: 'key',
      scope: 'contact_lists:write',
      tags: contactTags,
      operationId: 'addContactEntries',
      summary: 'Add contact entries (batch)',
      description:
        'Each entry is linked to a workspace contact during the request (contact_id set). A known contact (email, then LinkedIn URL) resolves at once ' +
        '(enrichment_status DONE, `contact_entry.resolved` emitted, enrollment started when the list has a default template). An unknown person becomes a contact ' +
        'from the fields sent (enrichment_status PENDING); one lead-import workflow per batch completes the profiles from the directory, then emits ' +
        '`contact_entry.resolved` and enrolls (DONE), or FAILED with enrichment_error. The same contact again in one list updates its entry (UPDATED; ' +
        'a FAILED entry sent again is imported again); a contact in another list gets a new entry there.',
      body: contactEntryBatchSchema,
      responses: {
        200: { description: 'Per-item results.', schema: batchResultSchema(contactEntrySchema) },
        422: { description: 'More than 100 items.' },
      },
      handler: async (ctx, { body }) => {
        const { valid, invalid } = checkItems<ContactEntryInput>(body.items, contactEntryItemSchema);
        const written = valid.length
          ? await addContactEntries(ctx.state.em, deps.directory, leadImport, ctx.state.principal.organizationId, valid)
          : [];
        return { status: 200, body: lists.batchResult([...invalid, ...written]) };
      },
    }),
    defineRoute<Record<string, string>, PageQuery<ContactEntrySort> & ContactEntryFilters>({
      method: 'GET',
      path: '/v1/contact-entries',
      auth: 'key',
      scope: 'contact_lists:read',
      tags: contactTags,
      operationId: 'listContactEntries',
      requestExample: { query: { contact_list_id: EXAMPLE_IDS.contactList } },
      summary: 'List the entries of a contact list',
      description: 'Default order: created_at ascending. 404 when the list is not of this organization.',
      query: { ...listQuerySchema(CONTACT_ENTRY_SORT_FIELDS, contactEntryListFilters), required: ['contact_list_id'] },
      responses: {
        200: { description: 'Envelope of entries.', schema: envelopeSchema(contactEntrySchema) },
        404: { description: 'The contact list is not of this organization (NotFoundIssue).' },
      },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await listContactEntries(
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
    defineRoute<{ contact_entry_id: string }>({
      method: 'GET',
      path: '/v1/contact-entries/{contact_entry_id}',
      auth: 'key',
      scope: 'contact_lists:read',
      tags: contactTags,
      operationId: 'getContactEntry',
      summary: 'A contact entry (poll its enrichment_status)',
      description:
        'The entry with the contact it resolved to, the fields it was sent with, its `enrichment_status` (PENDING until the lead import ' +
        'completes, then DONE or FAILED) and the latest sequence it sourced.',
      params: idParams('contact_entry_id'),
      responses: { 200: { description: 'The entry.', schema: contactEntrySchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await getContactEntry(ctx.state.em, ctx.state.principal.organizationId, params.contact_entry_id),
      }),
    }),
    defineRoute<{ contact_entry_id: string }>({
      method: 'DELETE',
      path: '/v1/contact-entries/{contact_entry_id}',
      auth: 'key',
      scope: 'contact_lists:write',
      tags: contactTags,
      operationId: 'deleteContactEntry',
      summary: 'Remove an entry from its list',
      description:
        'The running sequence this entry sourced ends STOPPED_EARLY with stopped_reason REMOVED_FROM_SOURCE_LIST; other sequences of the contact are untouched. The contact stays.',
      params: idParams('contact_entry_id'),
      responses: { 200: { description: 'The deleted entry.', schema: contactEntrySchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await deleteContactEntry(
          ctx.state.em,
          deps.workflows,
          ctx.state.principal.organizationId,
          params.contact_entry_id,
        ),
      }),
    }),
  ];
}
