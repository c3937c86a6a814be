// POST /v1/contact-entries: the batch add (resolution rules), and the lead import it starts for new people.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Directory } from '../../providers/directory/index.ts';
import type { EnrichmentStatus } from '../../db/entities/contact-entry.entity.ts';
import { primaryDomain } from '../people/accounts.service.ts';
import { contactIdentifiers, upsertContact } from '../people/contacts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { failed, itemError, runItems, startLeadImport, type BatchItem, type LeadImportDeps } from './lists.service.ts';
import { FAST_PATH_GRACE_MS, claimCommandsById, markDone, markEntryCommandsDone } from '../workflow-commands/outbox.ts';
import { entryRecord, toRecord, type ContactEntryRecord } from './contact-entry-record.ts';
import {
  ENTRY_TEXT_FIELDS,
  contactsWithIdentifiers,
  listTemplates,
  upsertEntryWithCommand,
} from './contact-entries.queries.ts';
import { emitResolved } from './entry-resolved-event.ts';
import { failEntries, ITEM_CONCURRENCY } from './lead-import-steps.ts';

export const ENTRY_BATCH_MAX = 100;

export interface ContactEntryInput {
  contact_list_id: string;
  email?: string | null;
  linkedin_url?: string | null;
  external_contact_id?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  company_domain?: string | null;
  job_title?: string | null;
  phone?: string | null;
}

interface Prepared {
  index: number;
  input: ContactEntryInput;
  email: string | null;
  linkedinUrl: string | null;
  companyDomain: string | null | undefined;
}

const clean = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() || null : value);

/** Normalised identifiers and domain of one item; a malformed value is a ValidationIssue naming it. */
async function prepare(directory: Directory, index: number, input: ContactEntryInput): Promise<Prepared> {
  const { email, linkedinUrl } = contactIdentifiers(input);
  if (!email && !linkedinUrl) {
    throw DomainError.invalidFields('At least one of email or linkedin_url is required.', [
      { path: 'email', message: 'is required when linkedin_url is absent' },
      { path: 'linkedin_url', message: 'is required when email is absent' },
    ]);
  }
  const companyDomain =
    typeof input.company_domain === 'string'
      ? (await primaryDomain(directory, input.company_domain, 'company_domain')).domain
      : input.company_domain;
  return { index, input, email: email ?? null, linkedinUrl: linkedinUrl ?? null, companyDomain };
}

interface Written {
  item: BatchItem<ContactEntryRecord>;
  /** A person new to the workspace (or a FAILED entry sent again): the lead import completes it. */
  importId: string | null;
  /** A resolved entry of a list with a default template: enrolled (at most once per template). */
  enrollId: string | null;
  /** The outbox command that carries the entry to its lead import, when it has one. */
  commandId: string | null;
}

/**
 * Resolution rules 1-4 for one item: a known contact (email first, then LinkedIn URL) is used as
 * is and the entry resolves now (DONE, contact_entry.resolved in the same transaction); an unknown
 * person becomes a contact from the fields sent and the entry waits for the lead import (PENDING).
 * The same contact again in the same list updates its one entry (fields sent overwrite; omitted
 * ones stay); a FAILED entry sent again is imported again.
 */
async function writeItem(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  p: Prepared,
  templateOf: Map<string, string | null>,
): Promise<Written> {
  const matches = await contactsWithIdentifiers(em, organizationId, p.email, p.linkedinUrl);
  const byEmail = p.email ? matches.find((m) => m.email === p.email) : undefined;
  const byLinkedin = p.linkedinUrl ? matches.find((m) => m.linkedin_url === p.linkedinUrl) : undefined;
  if (byEmail && byLinkedin && byEmail.id !== byLinkedin.id) {
    throw DomainError.conflict('The email and the linkedin_url belong to two different contacts.', {
      email_contact_id: byEmail.id,
      linkedin_url_contact_id: byLinkedin.id,
    });
  }
  let contactId = (byEmail ?? byLinkedin)?.id;
  let known = !!contactId;
  if (!contactId) {
    const { record, created } = await upsertContact(em, directory, organizationId, {
      email: p.email,
      linkedin_url: p.linkedinUrl,
      first_name: p.input.first_name,
      last_name: p.input.last_name,
      job_title: p.input.job_title,
      company_name: p.input.company_name,
      company_domain: p.companyDomain ?? undefined,
      phone: p.input.phone,
    });
    contactId = record.id;
    known = !created; // a concurrent request created it first
  }

  // A known contact's entry resolves now: the row and its event in one transaction. A new person's
  // entry is one statement (no event yet), the batch's hot path.
  const write = async (tx: EntityManager): Promise<Written> => {
    const now = new Date();
    const text = Object.fromEntries(ENTRY_TEXT_FIELDS.map((f) => [f, clean(p.input[f])]));
    const status: EnrichmentStatus = known ? 'DONE' : 'PENDING';
    // The entry and, when it needs the lead import (a new person, a FAILED entry sent again, or a
    // resolved entry of a list with a default template), its outbox command: one statement.
    const hasTemplate = !!templateOf.get(p.input.contact_list_id);
    const row = await upsertEntryWithCommand(tx, {
      organizationId,
      listId: p.input.contact_list_id,
      contactId: contactId!,
      email: p.email,
      linkedinUrl: p.linkedinUrl,
      companyDomain: p.companyDomain,
      text,
      status,
      known,
      hasTemplate,
      now,
      commandDueAt: new Date(now.getTime() + FAST_PATH_GRACE_MS),
    });
    if (row.inserted && known) await emitResolved(tx, organizationId, { ...row, contact_id: contactId });
    // A new entry sourced nothing yet; an updated one may have.
    const { command_id: commandId, ...entry } = row;
    const record = row.inserted ? toRecord(entry) : (await entryRecord(tx, organizationId, row.id))!;
    const reimport = row.inserted ? !known : row.was_failed;
    const enroll = !reimport && row.enrichment_status === 'DONE' && hasTemplate;
    return {
      item: { index: p.index, status: row.inserted ? 'CREATED' : 'UPDATED', resource: record, error: null },
      importId: reimport ? row.id : null,
      enrollId: enroll ? row.id : null,
      commandId,
    };
  };
  return known ? em.fork().transactional(write) : write(em);
}

/**
 * POST /v1/contact-entries for the items that passed the schema (`items`, with their index in the
 * request). Answers the items' results; one lead-import workflow (at most) carries the batch's new
 * people and its resolved entries to enroll. If that workflow cannot be started, the entries it
 * would import are FAILED with the reason (sending them again retries).
 */
export async function addContactEntries(
  em: EntityManager,
  directory: Directory,
  deps: LeadImportDeps,
  organizationId: string,
  items: { index: number; input: ContactEntryInput }[],
): Promise<BatchItem<ContactEntryRecord>[]> {
  const listIds = [...new Set(items.map((i) => i.input.contact_list_id))];
  const lists = !listIds.length ? [] : await listTemplates(em, organizationId, listIds);
  const templateOf = new Map(lists.map((l) => [l.id, l.default_sequence_template_id]));

  const out: BatchItem<ContactEntryRecord>[] = [];
  const ready: Prepared[] = [];
  for (const { index, input } of items) {
    if (!templateOf.has(input.contact_list_id)) {
      out.push(failed(index, { type: 'NotFoundIssue', message: 'contact_list_id: Contact list not found.' }));
      continue;
    }
    try {
      ready.push(await prepare(directory, index, input));
    } catch (error) {
      out.push(failed(index, itemError(error)));
    }
  }
  const imports: string[] = [];
  const enrolls: string[] = [];
  const commandIds: string[] = [];
  const keysOf = (p: Prepared) =>
    [p.email ? `e:${p.email}` : null, p.linkedinUrl ? `l:${p.linkedinUrl}` : null].filter((k): k is string => !!k);
  await runItems(ready, keysOf, ITEM_CONCURRENCY, async (p) => {
    try {
      const written = await writeItem(em.fork(), directory, organizationId, p, templateOf);
      out.push(written.item);
      if (written.importId) imports.push(written.importId);
      if (written.enrollId) enrolls.push(written.enrollId);
      if (written.commandId) commandIds.push(written.commandId);
    } catch (error) {
      out.push(failed(p.index, itemError(error)));
    }
  });

  // The fast path of the batch's outbox commands: one lead import for the batch, as recorded.
  await claimCommandsById(em.fork(), commandIds);
  try {
    await startLeadImport(deps, organizationId, imports, enrolls);
    await markDone(em.fork(), commandIds);
  } catch {
    // The entries to import are FAILED (sending them again retries); the ones to enroll stay with the drain.
    const reason =
      'The lead import could not be started (the workflow service is unavailable); send the entry again to retry.';
    await em.fork().transactional(async (tx) => {
      await failEntries(tx, organizationId, imports, reason);
      await markEntryCommandsDone(tx, imports);
    });
    for (const item of out) {
      if (item.resource && imports.includes(item.resource.id))
        Object.assign(item.resource, { enrichment_status: 'FAILED', enrichment_error: reason });
    }
  }
  return out;
}
