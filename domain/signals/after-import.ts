// What follows a page's or poll's commit for each imported person: enrichment of the contact's
// gaps and enrollment in the signal's template, and the resumption of enrollments an earlier
// attempt of the same check committed but did not finish.
import type { EntityManager } from '@mikro-orm/postgresql';
import { enrichPerson } from '../people/enrichment.service.ts';
import { enrollInStep } from '../sequences/enrollment/enroll.ts';
import { DomainError } from '../shared/errors.ts';
import type { SignalCheckDeps } from './check-deps.ts';
import { checkAtText } from './import-writes.ts';
import {
  contactEmailAndPhone,
  fillContactGaps,
  importedEntriesOfCheck,
  type PersonFields,
} from './signal-imports.queries.ts';
import type { SignalRow } from './signal-row.ts';

/**
 * Enrolls an imported contact in the signal's template through the one enrollment (eligibility
 * includes exclusions: an excluded person is REFUSED). An email to verify first is handed to the
 * enrollment workflow, not waited for; an entry or contact deleted meanwhile is not enrolled.
 */
export async function enroll(
  em: EntityManager,
  deps: SignalCheckDeps,
  signal: SignalRow,
  contactId: string,
  entryId: string,
): Promise<void> {
  if (!signal.sequence_template_id) return;
  await enrollInStep(em, deps, {
    organizationId: signal.organization_id,
    contactId,
    sequenceTemplateId: signal.sequence_template_id,
    enrollmentRunId: `signal/${signal.id}/${entryId}`,
    sourceContactEntryId: entryId,
  }).catch((error: unknown) => {
    if (!(error instanceof DomainError && error.kind === 'not_found')) throw error;
  });
}

/** Fills the contact's email and phone gaps from the enrichment provider, one credit per answer; no credits (or no answer): left as is. */
export async function enrich(
  em: EntityManager,
  deps: SignalCheckDeps,
  signal: SignalRow,
  contactId: string,
  p: PersonFields,
): Promise<void> {
  if (!signal.enrich_email && !signal.enrich_phones) return;
  const current = await contactEmailAndPhone(em, contactId);
  if (!current) return;
  const wantEmail = signal.enrich_email && !current.email;
  const wantPhone = signal.enrich_phones && !current.phone;
  if (!wantEmail && !wantPhone) return;
  try {
    const answer = await enrichPerson(em.fork(), deps.enrichment, signal.organization_id, {
      email: p.email,
      linkedin_url: p.linkedin_url,
      first_name: p.first_name,
      last_name: p.last_name,
      company_domain: p.company_domain,
    });
    const data = answer.data;
    if (!data) return;
    // An email another contact of the workspace holds is not copied (the contacts' unique email).
    await fillContactGaps(em, signal.organization_id, contactId, {
      fillEmail: wantEmail,
      fillPhone: wantPhone,
      email: data.email ?? null,
      phone: data.phone ?? null,
    });
  } catch {
    // No credits left (422) or an unusable description: the contact is imported without enrichment.
  }
}

/**
 * A retried check (same `at`) first enrolls what an earlier attempt imported: that attempt may
 * have died between a page's commit and its enrollments, and the facts it recorded are not looked
 * at again. enroll() is idempotent per entry (its run id), so people already enrolled are left as
 * they are. A first attempt finds no rows of its own check: one indexed read, and only for
 * signals with a sequence template. (Enrichment is not resumed: an answer costs a credit.)
 */
export async function resumeEnrollments(
  em: EntityManager,
  deps: SignalCheckDeps,
  signal: SignalRow,
  at: Date,
): Promise<void> {
  if (!signal.sequence_template_id || !signal.contact_list_id) return;
  const rows = await importedEntriesOfCheck(em, signal.id, signal.contact_list_id, checkAtText(at.getTime()));
  for (const r of rows) {
    deps.heartbeat?.();
    await enroll(em, deps, signal, r.contact_id, r.entry_id);
  }
}
