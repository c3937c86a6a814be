// Whether a contact may be enrolled in a template. A refusal is an answer (its reason is kept on a
// REFUSED row), never an error.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TemplateStep } from '../../../db/entities/sequence-template.entity.ts';
import type { Directory } from '../../../providers/directory/index.ts';
import { DomainError } from '../../shared/errors.ts';
import { exclusionFor } from '../../exclusions/exclusion-check.ts';
import { contactRow, templateRow, type ContactRow, type TemplateRow } from './enrollment.queries.ts';
import type { EligibilityInput, EligibilityResult, RefusalReason } from './enrollment.types.ts';

/** Rows a caller read moments ago, so the check does not read them again. */
export interface KnownRows {
  template?: TemplateRow | null;
  contact?: ContactRow;
}

/** A template takes enrollments while it is ACTIVE with at least one step. */
export const enrollable = (template: TemplateRow | null): boolean =>
  template?.status === 'ACTIVE' && template.steps.length > 0;
const isLinkedinStep = (step: TemplateStep) => step.type === 'LINKEDIN_INVITATION' || step.type === 'LINKEDIN_MESSAGE';

/**
 * The eligibility rule, in order: the template still ACTIVE with a step; an identifier (email or
 * LinkedIn URL); no exclusion in force; every channel a step needs (EMAIL: an email not
 * UNDELIVERABLE/BOUNCED — a never verified one counts until verified; LinkedIn: a URL). A missing
 * channel refuses when the template STOPs on missing data, or when skipping leaves no step.
 */
export async function checkEligibility(
  em: EntityManager,
  directory: Directory,
  input: EligibilityInput,
  known: KnownRows = {},
): Promise<EligibilityResult> {
  const refuse = (refusal: RefusalReason): EligibilityResult => ({ refusal, needsVerification: false });
  const [template, contact] = await Promise.all([
    known.template !== undefined ? known.template : templateRow(em, input.organizationId, input.sequenceTemplateId),
    known.contact ?? contactRow(em, input.organizationId, input.contactId),
  ]);
  if (!template || !enrollable(template)) return refuse('TEMPLATE_NOT_ACTIVE');
  if (!contact) throw DomainError.notFound('Contact');
  if (!contact.email && !contact.linkedin_url) return refuse('NO_IDENTIFIER');
  const verdict = await exclusionFor(
    em,
    input.organizationId,
    { email: contact.email, linkedinUrl: contact.linkedin_url, accountDomain: contact.account_domain },
    new Date(),
    directory,
  );
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
  const needsVerification =
    !input.verificationDone && emailSteps > 0 && !!contact.email && contact.email_status === 'UNVERIFIED';
  return { refusal: null, needsVerification };
}
