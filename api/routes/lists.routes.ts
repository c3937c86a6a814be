// Contact lists, account lists and their entries (docs/api/lists.md). Batches answer
// {items: [{index, status, resource, error}], summary}; an item that fails (schema, unknown list, refused template) does not fail the others.
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { Config } from '../../config.ts';
import * as accountEntries from '../../domain/lists/account-entries.service.ts';
import { addContactEntries, ENTRY_BATCH_MAX, type ContactEntryInput } from '../../domain/lists/add-contact-entries.ts';
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
import { ApiIssue, validationIssue } from '../errors.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { storableStrings } from '../schemas/storable.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import {
  accountEntryBatchSchema,
  accountEntryItemSchema,
  accountEntryListFilters,
  accountEntrySchema,
  accountListBatchSchema,
  accountListItemSchema,
  accountListPatchSchema,
  accountListSchema,
  batchResultSchema,
  contactEntryBatchSchema,
  contactEntryItemSchema,
  contactEntryListFilters,
  contactEntrySchema,
  contactListBatchSchema,
  contactListItemSchema,
  contactListPatchSchema,
  contactListSchema,
  listListFilters,
} from '../schemas/lists.schemas.ts';
import { bodyValidator, type JsonSchema } from '../validation.ts';
import { EXAMPLE_IDS } from '../examples/ids.ts';
import { ACCOUNT_LIST_RENAMED, CONTACT_LIST_RENAMED } from '../examples/lists.examples.ts';

export interface ListsDeps {
  workflows: WorkflowClients;
  directory: Directory;
  config: Pick<Config, 'temporalTaskQueue'>;
}

const contactTags = ['Contact lists'];
const accountTags = ['Account lists'];

/**
 * Splits a batch body into the items that fit `schema` (with their index) and FAILED results for
 * the others (ValidationIssue naming the field). More than the batch limit is a 422 for the request.
 */
function checkItems<T>(items: unknown[], schema: JsonSchema) {
  if (items.length > ENTRY_BATCH_MAX) {
    throw validationIssue(
      `items: at most ${ENTRY_BATCH_MAX} per request (got ${items.length}).`,
      [{ path: 'items', message: `must have at most ${ENTRY_BATCH_MAX} items` }],
      422,
    );
  }
  const validate = validatorFor(schema);
  const valid: { index: number; input: T }[] = [];
  const invalid: lists.BatchItem<never>[] = [];
  items.forEach((item, index) => {
    try {
      valid.push({ index, input: validate(item) as T });
    } catch (error) {
      if (!(error instanceof ApiIssue)) throw error;
      const fields = (error.data?.errors as { path: string; message: string }[] | undefined) ?? [];
      const message = fields.length ? fields.map((f) => `${f.path} ${f.message}`).join('; ') : error.message;
      invalid.push(lists.failed(index, { type: 'ValidationIssue', message }));
    }
  });
  return { valid, invalid };
}

const validators = new Map<JsonSchema, (value: unknown) => unknown>();
function validatorFor(schema: JsonSchema) {
  let validate = validators.get(schema);
  // Items are validated one by one, so their strings refuse NUL here as defineRoute does for bodies.
  if (!validate) validators.set(schema, (validate = bodyValidator(storableStrings(schema))));
  return validate;
}

type Batch = { items: unknown[] };
type ListParams = { contact_list_id: string };
type AccountListParams = { account_list_id: string };

export function listsRoutes(deps: ListsDeps): RouteDef[] {
  const leadImport: lists.LeadImportDeps = { workflows: deps.workflows };
  const templateRule =
    'A template of another organization is a NotFoundIssue (404 on PATCH, a FAILED item in a batch); an inactive or stepless one a ValidationIssue (422 on PATCH with the list unchanged, a FAILED item in a batch).';
  return [
    // ----- contact lists
    defineRoute<Record<string, string>, Record<string, never>, Batch>({
      method: 'POST',
      path: '/v1/contact-lists',
      auth: 'key',
      scope: 'contact_lists:write',
      tags: contactTags,
      operationId: 'createContactLists',
      // A batch: no one resource; the collection the created lists are in (each item's resource.id names one).
      location: '/v1/contact-lists',
      summary: 'Create contact lists (batch)',
      description: `Default template rule 1: entries added to a list with \`default_sequence_template_id\` are enrolled in it. ${templateRule}`,
      body: contactListBatchSchema,
      responses: {
        201: { description: 'Per-item results (CREATED or FAILED).', schema: batchResultSchema(contactListSchema) },
        422: { description: 'More than 100 items.' },
      },
      handler: async (ctx, { body }) => {
        const { valid, invalid } = checkItems<lists.ContactListInput>(body.items, contactListItemSchema);
        const written = await lists.createLists(ctx.state.em, 'contact', ctx.state.principal.organizationId, valid);
        return { status: 201, body: lists.batchResult([...invalid, ...written]) };
      },
    }),
    defineRoute<Record<string, string>, PageQuery<lists.ListSort> & lists.ListFilters>({
      method: 'GET',
      path: '/v1/contact-lists',
      auth: 'key',
      scope: 'contact_lists:read',
      tags: contactTags,
      operationId: 'listContactLists',
      summary: 'List contact lists',
      description: 'Default order: created_at ascending.',
      query: listQuerySchema(lists.LIST_SORT_FIELDS, listListFilters),
      responses: { 200: { description: 'Envelope of contact lists.', schema: envelopeSchema(contactListSchema) } },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await lists.listLists(
          ctx.state.em,
          'contact',
          ctx.state.principal.organizationId,
          filters,
          { ...pageWindow(query), sortBy: sort_by, sortOrder: sort_order },
        );
        return { status: 200, body: envelope(items, total, { page, size, sort_order }) };
      },
    }),
    defineRoute<ListParams>({
      method: 'GET',
      path: '/v1/contact-lists/{contact_list_id}',
      auth: 'key',
      scope: 'contact_lists:read',
      tags: contactTags,
      operationId: 'getContactList',
      summary: 'A contact list',
      description: 'The list with its default sequence template (null when none) and `entries_count`.',
      params: idParams('contact_list_id'),
      responses: { 200: { description: 'The list.', schema: contactListSchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await lists.getList(ctx.state.em, 'contact', ctx.state.principal.organizationId, params.contact_list_id),
      }),
    }),
    defineRoute<ListParams, Record<string, never>, lists.ContactListPatch>({
      method: 'PATCH',
      path: '/v1/contact-lists/{contact_list_id}',
      auth: 'key',
      scope: 'contact_lists:write',
      tags: contactTags,
      operationId: 'patchContactList',
      summary: 'Rename a contact list or set its default template',
      description:
        `Default template rules 2-4: a template sent is checked first; then every entry already resolved is enrolled in it (in the background; ` +
        `an entry is enrolled at most once per template, a contact already running it is skipped, refusals leave REFUSED sequences with their reason). null clears it. ${templateRule}`,
      params: idParams('contact_list_id'),
      body: contactListPatchSchema,
      responses: {
        200: { description: 'The list.', schema: contactListSchema, example: CONTACT_LIST_RENAMED },
        404: { description: 'List, or template, not of this organization.' },
        422: { description: 'Template not ACTIVE or without steps (ValidationIssue); the list is unchanged.' },
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await lists.patchContactList(
          ctx.state.em,
          leadImport,
          ctx.state.principal.organizationId,
          params.contact_list_id,
          body,
        ),
      }),
    }),
    defineRoute<ListParams>({
      method: 'DELETE',
      path: '/v1/contact-lists/{contact_list_id}',
      auth: 'key',
      scope: 'contact_lists:write',
      tags: contactTags,
      operationId: 'deleteContactList',
      summary: 'Delete a contact list and all its entries',
      description:
        'Every running sequence an entry of the list sourced ends STOPPED_EARLY with stopped_reason REMOVED_FROM_SOURCE_LIST; other sequences of the contacts are untouched.',
      params: idParams('contact_list_id'),
      responses: {
        200: { description: 'The deleted list (entries_count as before the delete).', schema: contactListSchema },
      },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await lists.deleteList(
          ctx.state.em,
          'contact',
          deps.workflows,
          ctx.state.principal.organizationId,
          params.contact_list_id,
        ),
      }),
    }),

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

    // ----- account lists
    defineRoute<Record<string, string>, Record<string, never>, Batch>({
      method: 'POST',
      path: '/v1/account-lists',
      auth: 'key',
      scope: 'account_lists:write',
      tags: accountTags,
      operationId: 'createAccountLists',
      // A batch: no one resource; the collection the created lists are in (each item's resource.id names one).
      location: '/v1/account-lists',
      summary: 'Create account lists (batch)',
      description:
        '1 to 100 lists in one request; each item succeeds or fails on its own (`CREATED`, or `FAILED` with its error) and the answer lists them in order.',
      body: accountListBatchSchema,
      responses: {
        201: { description: 'Per-item results (CREATED or FAILED).', schema: batchResultSchema(accountListSchema) },
        422: { description: 'More than 100 items.' },
      },
      handler: async (ctx, { body }) => {
        const { valid, invalid } = checkItems<lists.AccountListInput>(body.items, accountListItemSchema);
        const written = await lists.createLists(ctx.state.em, 'account', ctx.state.principal.organizationId, valid);
        return { status: 201, body: lists.batchResult([...invalid, ...written]) };
      },
    }),
    defineRoute<Record<string, string>, PageQuery<lists.ListSort> & lists.ListFilters>({
      method: 'GET',
      path: '/v1/account-lists',
      auth: 'key',
      scope: 'account_lists:read',
      tags: accountTags,
      operationId: 'listAccountLists',
      summary: 'List account lists',
      description: 'Default order: created_at ascending.',
      query: listQuerySchema(lists.LIST_SORT_FIELDS, listListFilters),
      responses: { 200: { description: 'Envelope of account lists.', schema: envelopeSchema(accountListSchema) } },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await lists.listLists(
          ctx.state.em,
          'account',
          ctx.state.principal.organizationId,
          filters,
          { ...pageWindow(query), sortBy: sort_by, sortOrder: sort_order },
        );
        return { status: 200, body: envelope(items, total, { page, size, sort_order }) };
      },
    }),
    defineRoute<AccountListParams>({
      method: 'GET',
      path: '/v1/account-lists/{account_list_id}',
      auth: 'key',
      scope: 'account_lists:read',
      tags: accountTags,
      operationId: 'getAccountList',
      summary: 'An account list',
      description: 'The list with `entries_count`.',
      params: idParams('account_list_id'),
      responses: { 200: { description: 'The list.', schema: accountListSchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await lists.getList(ctx.state.em, 'account', ctx.state.principal.organizationId, params.account_list_id),
      }),
    }),
    defineRoute<AccountListParams, Record<string, never>, { name?: string }>({
      method: 'PATCH',
      path: '/v1/account-lists/{account_list_id}',
      auth: 'key',
      scope: 'account_lists:write',
      tags: accountTags,
      operationId: 'patchAccountList',
      summary: 'Rename an account list',
      description: 'Only `name` changes; the entries stay.',
      params: idParams('account_list_id'),
      body: accountListPatchSchema,
      responses: { 200: { description: 'The list.', schema: accountListSchema, example: ACCOUNT_LIST_RENAMED } },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await lists.patchAccountList(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.account_list_id,
          body,
        ),
      }),
    }),
    defineRoute<AccountListParams>({
      method: 'DELETE',
      path: '/v1/account-lists/{account_list_id}',
      auth: 'key',
      scope: 'account_lists:write',
      tags: accountTags,
      operationId: 'deleteAccountList',
      summary: 'Delete an account list and its entries',
      description: 'The accounts stay.',
      params: idParams('account_list_id'),
      responses: {
        200: { description: 'The deleted list (entries_count as before the delete).', schema: accountListSchema },
      },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await lists.deleteList(
          ctx.state.em,
          'account',
          deps.workflows,
          ctx.state.principal.organizationId,
          params.account_list_id,
        ),
      }),
    }),

    // ----- account entries
    defineRoute<Record<string, string>, Record<string, never>, Batch>({
      method: 'POST',
      path: '/v1/account-entries',
      auth: 'key',
      scope: 'account_lists:write',
      tags: accountTags,
      operationId: 'addAccountEntries',
      summary: 'Add account entries (batch)',
      description:
        'Each domain is looked up in the directory: an alias resolves to the primary domain and the company profile is kept on the entry (`company`). ' +
        'Each entry is linked to the workspace account of that domain, created (named `name`) when new, so account_id is always set. ' +
        'The same account again in one list updates its entry (UPDATED).',
      body: accountEntryBatchSchema,
      responses: {
        200: { description: 'Per-item results.', schema: batchResultSchema(accountEntrySchema) },
        422: { description: 'More than 100 items.' },
      },
      handler: async (ctx, { body }) => {
        const { valid, invalid } = checkItems<accountEntries.AccountEntryInput>(body.items, accountEntryItemSchema);
        const written = valid.length
          ? await accountEntries.addAccountEntries(
              ctx.state.em,
              deps.directory,
              ctx.state.principal.organizationId,
              valid,
            )
          : [];
        return { status: 200, body: lists.batchResult([...invalid, ...written]) };
      },
    }),
    defineRoute<
      Record<string, string>,
      PageQuery<accountEntries.AccountEntrySort> & accountEntries.AccountEntryFilters
    >({
      method: 'GET',
      path: '/v1/account-entries',
      auth: 'key',
      scope: 'account_lists:read',
      tags: accountTags,
      operationId: 'listAccountEntries',
      requestExample: { query: { account_list_id: EXAMPLE_IDS.accountList } },
      summary: 'List the entries of an account list',
      description: 'Default order: created_at ascending. 404 when the list is not of this organization.',
      query: {
        ...listQuerySchema(accountEntries.ACCOUNT_ENTRY_SORT_FIELDS, accountEntryListFilters),
        required: ['account_list_id'],
      },
      responses: {
        200: { description: 'Envelope of entries.', schema: envelopeSchema(accountEntrySchema) },
        404: { description: 'The account list is not of this organization (NotFoundIssue).' },
      },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await accountEntries.listAccountEntries(
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
    defineRoute<{ account_entry_id: string }>({
      method: 'GET',
      path: '/v1/account-entries/{account_entry_id}',
      auth: 'key',
      scope: 'account_lists:read',
      tags: accountTags,
      operationId: 'getAccountEntry',
      summary: 'An account entry',
      description:
        "The entry with the workspace account of its domain and the directory's company profile (null for an unknown domain).",
      params: idParams('account_entry_id'),
      responses: { 200: { description: 'The entry.', schema: accountEntrySchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await accountEntries.getAccountEntry(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.account_entry_id,
        ),
      }),
    }),
    defineRoute<{ account_entry_id: string }>({
      method: 'DELETE',
      path: '/v1/account-entries/{account_entry_id}',
      auth: 'key',
      scope: 'account_lists:write',
      tags: accountTags,
      operationId: 'deleteAccountEntry',
      summary: 'Remove an entry from its account list',
      description: 'The account stays.',
      params: idParams('account_entry_id'),
      responses: { 200: { description: 'The deleted entry.', schema: accountEntrySchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await accountEntries.deleteAccountEntry(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.account_entry_id,
        ),
      }),
    }),
  ];
}
