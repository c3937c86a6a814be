// Whether a contact may be enrolled in a template, and the template row the check reads. A refusal
// is an answer (its reason is kept on a REFUSED row), never an error.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TemplateStep } from '../../../db/entities/sequence-template.entity.ts';
import type { Row } from '../../../db/kysely.ts';
import { statement } from '../../../db/statement.ts';
import type { Directory } from '../../../providers/directory/index.ts';
import type { EligibilityInput, EligibilityResult, RefusalReason } from '../../../workflows/enrollment.definitions.ts';
import { DomainError } from '../../shared/errors.ts';
import { contactExclusionFor } from '../../exclusions/exclusions.service.ts';

const TEMPLATE_COLUMNS = ['id', 'name', 'status', 'steps', 'on_missing_channel', 'sender_user_id', 'requires_lead_review'] as const;
export type TemplateRow = Pick<Row<'sequence_templates'>, (typeof TEMPLATE_COLUMNS)[number]>;

// The reads of every enrollment: compiled once (db/statement.ts).
const selectTemplate = statement((db, organizationId: string, id: string) => db
  .selectFrom('sequence_templates').select(TEMPLATE_COLUMNS)
  .where('id', '=', id).where('organization_id', '=', organizationId));

export async function templateRow(em: EntityManager, organizationId: string, id: string): Promise<TemplateRow | null> {
  return (await selectTemplate(em, organizationId, id)).rows[0] ?? null;
}

/** What eligibility reads of the contact. */
export type ContactChannels = Pick<Row<'contacts'>, 'email' | 'linkedin_url' | 'email_status'>;

const selectChannels = statement((db, organizationId: string, contactId: string) => db
  .selectFrom('contacts').select(['email', 'linkedin_url', 'email_status'])
  .where('id', '=', contactId).where('organization_id', '=', organizationId));

export async function contactChannels(em: EntityManager, organizationId: string, contactId: string): Promise<ContactChannels | undefined> {
  return (await selectChannels(em, organizationId, contactId)).rows[0];
}

/** Rows a caller read moments ago in the same request, so the check does not read them again. */
export interface KnownRows {
  template?: TemplateRow;
  contact?: ContactChannels;
}

/** A template takes enrollments while it is ACTIVE with at least one step. */
export const enrollable = (template: TemplateRow | null): boolean => template?.status === 'ACTIVE' && template.steps.length > 0;
const isLinkedinStep = (step: TemplateStep) => step.type === 'LINKEDIN_INVITATION' || step.type === 'LINKEDIN_MESSAGE';

/**
 * The eligibility rule, in order: the template still ACTIVE with a step; an identifier (email or
 * LinkedIn URL); no exclusion in force; every channel a step needs (EMAIL: an email not
 * UNDELIVERABLE/BOUNCED — a never verified one counts until verified; LinkedIn: a URL). A missing
 * channel refuses when the template STOPs on missing data, or when skipping leaves no step.
 */
export async function checkEligibility(em: EntityManager, directory: Directory, input: EligibilityInput, known: KnownRows = {}): Promise<EligibilityResult> {
  const refuse = (refusal: RefusalReason): EligibilityResult => ({ refusal, needsVerification: false });
  const template = known.template ?? await templateRow(em, input.organizationId, input.sequenceTemplateId);
  if (!template || !enrollable(template)) return refuse('TEMPLATE_NOT_ACTIVE');
  const contact = known.contact ?? await contactChannels(em, input.organizationId, input.contactId);
  if (!contact) throw DomainError.notFound('Contact');
  if (!contact.email && !contact.linkedin_url) return refuse('NO_IDENTIFIER');
  const verdict = await contactExclusionFor(em, input.organizationId, input.contactId, new Date(), directory);
  if (verdict.excluded) return refuse('EXCLUDED');

  const emailSteps = template.steps.filter((s) => s.type === 'EMAIL').length;
  const linkedinSteps = template.steps.filter(isLinkedinStep).length;
  const emailBad = contact.email_status === 'UNDELIVERABLE' || contact.email_status === 'BOUNCED';
  const emailMissing = emailSteps > 0 && (!contact.email || emailBad);
  const linkedinMissing = linkedinSteps > 0 && !contact.linkedin_url;
  const emailReason: RefusalReason = contact.email ? 'EMAIL_UNDELIVERABLE' : 'NO_CHANNEL';
  if (emailMissing || linkedinMissing) {
    const left = template.steps.length - (emailMissing ? emailSteps : 0) - (linkedinMissing ? linkedinSteps : 0);
    if (template.on_missing_channel === 'STOP' || left === 0) return refuse(emailMissing ? emailReason : 'NO_CHANNEL');
  }
  const needsVerification = !input.verificationDone && emailSteps > 0 && !!contact.email && contact.email_status === 'UNVERIFIED';
  return { refusal: null, needsVerification };
}
