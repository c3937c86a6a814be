// What follows a page's or poll's commit for each imported person: enrichment of the contact's
// gaps and enrollment in the signal's template, and the resumption of enrollments an earlier
// attempt of the same check committed but did not finish.
import { sql } from 'kysely';
import { typedKysely } from '../../db/kysely.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { enrichPerson } from '../people/enrichment.service.ts';
import { enrollContact } from '../sequences/enrollment/enroll-contact.ts';
import type { SignalCheckDeps } from './check-deps.ts';
import { checkAtText, type PersonFields } from './import-writes.ts';
import type { SignalRow } from './signal-row.ts';

/** Enrolls an imported contact in the signal's template (eligibility includes exclusions: an excluded person is REFUSED). */
export async function enroll(em: EntityManager, deps: SignalCheckDeps, signal: SignalRow, contactId: string, entryId: string): Promise<void> {
  if (!signal.sequence_template_id) return;
  await enrollContact(em, deps, {
    organizationId: signal.organization_id, contactId, sequenceTemplateId: signal.sequence_template_id,
    enrollmentRunId: `signal/${signal.id}/${entryId}`, sourceContactEntryId: entryId,
  });
}

/** Fills the contact's email and phone gaps from the enrichment provider, one credit per answer; no credits (or no answer): left as is. */
export async function enrich(em: EntityManager, deps: SignalCheckDeps, signal: SignalRow, contactId: string, p: PersonFields): Promise<void> {
  if (!signal.enrich_email && !signal.enrich_phones) return;
  const current = await typedKysely(em).selectFrom('contacts').select(['email', 'phone']).where('id', '=', contactId).executeTakeFirst();
  if (!current) return;
  const wantEmail = signal.enrich_email && !current.email;
  const wantPhone = signal.enrich_phones && !current.phone;
  if (!wantEmail && !wantPhone) return;
  try {
    const answer = await enrichPerson(em.fork(), deps.enrichment, signal.organization_id, {
      email: p.email, linkedin_url: p.linkedin_url, first_name: p.first_name, last_name: p.last_name, company_domain: p.company_domain,
    });
    const data = answer.data;
    if (!data) return;
    // An email another contact of the workspace holds is not copied (the contacts' unique email).
    // SQL: each column decides in the statement itself (CASE with a NOT EXISTS on the same table).
    await sql`
      UPDATE contacts SET
        email = CASE WHEN ${wantEmail} AND email IS NULL AND ${data.email ?? null}::text IS NOT NULL AND NOT EXISTS (
                  SELECT 1 FROM contacts o WHERE o.organization_id = ${signal.organization_id} AND o.email = ${data.email ?? null}::text) THEN ${data.email ?? null}::text ELSE email END,
        phone = CASE WHEN ${wantPhone} AND phone IS NULL THEN ${data.phone ?? null}::text ELSE phone END,
        updated_at = ${new Date()}
      WHERE id = ${contactId}`.execute(em.getKysely());
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
export async function resumeEnrollments(em: EntityManager, deps: SignalCheckDeps, signal: SignalRow, at: Date): Promise<void> {
  if (!signal.sequence_template_id || !signal.contact_list_id) return;
  // SQL: the match is on a jsonb path of the metadata (->>), as signal_imports_check_at_index is built.
  const { rows } = await sql<{ contact_id: string; entry_id: string }>`
    SELECT e.contact_id, e.id AS entry_id
      FROM signal_imports i JOIN contact_entries e ON e.contact_list_id = ${signal.contact_list_id} AND e.contact_id = i.contact_id
     WHERE i.signal_id = ${signal.id} AND i.status = 'IMPORTED' AND (i.metadata->>'check_at') = ${checkAtText(at.getTime())}
     ORDER BY i.occurred_at DESC, i.fact_key`.execute(em.getKysely());
  for (const r of rows) {
    deps.heartbeat?.();
    await enroll(em, deps, signal, r.contact_id, r.entry_id);
  }
}
