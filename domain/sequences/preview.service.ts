// A step as it would go out, without sending or writing anything: the preview of one step for one
// contact (POST /v1/sequence-templates/{id}/preview) and the content check a template's activation
// reports for every step and variant. Both render with the send path's own functions
// (step-email.ts: variables, Liquid, the email's parts) and check the result (content-check/).
import type { EntityManager } from '@mikro-orm/postgresql';
import { SequenceTemplate } from '../../db/entities/index.ts';
import type { TemplateStep } from '../../db/entities/sequence-template.entity.ts';
import { derivedUuid } from '../engagement/tracking.ts';
import { DomainError } from '../shared/errors.ts';
import { contentWarnings, type ContentWarning } from './content-check/content-check.ts';
import { replySubject, startingSubject } from './email-thread.ts';
import { organizationEmailRow, previewContactRow } from './preview.queries.ts';
import { isTemplateError, templateVariables } from './render.ts';
import { stepSender } from './senders.ts';
import {
  emailVariables,
  renderStepText,
  stepEmail,
  stepVariables,
  unsubscribeUrl,
  type StepEmailRow,
  type StepEmailSettings,
  type StepVariables,
} from './step-email.ts';
import { variantsOf } from './variants.ts';

export interface StepPreview {
  step: number;
  /** The variant shown (1-based), null for a step without variants. */
  variant: number | null;
  /** The subject line; null for a step that is not an email. */
  subject: string | null;
  /** The text part as sent (an email's with its links and footer), or a LinkedIn or CALL step's text. */
  text: string;
  /** The HTML part as sent; null for a step that is not an email. */
  html: string | null;
  warnings: ContentWarning[];
}

type TemplateSource = Pick<SequenceTemplate, 'id' | 'steps' | 'openTracking' | 'clickTracking'>;

/** A step's variant as written: its subject and body, its number and the template paths of both. */
function variantText(step: TemplateStep, index: number, variant: number | null) {
  const variants = variantsOf(step);
  if (!variants.length)
    return { subject: step.subject ?? null, body: step.body, variant: null, base: `steps[${index}]` };
  const n = variant ?? 1;
  return { ...variants[n - 1], variant: n, base: n === 1 ? `steps[${index}]` : `steps[${index}].variants[${n - 2}]` };
}

/**
 * One step's variant rendered with `variables`, composed as the send path composes it and checked.
 * A step that continues the thread shows "Re: <the thread's first subject>", as it goes once the
 * run's earlier emails went; its subject is checked at the step that starts the thread.
 */
async function renderedStep(
  settings: StepEmailSettings,
  source: { template: TemplateSource; org: Omit<StepEmailRow, 'open_tracking' | 'click_tracking'> },
  at: { index: number; variant: number | null; key: string },
  variables: StepVariables,
): Promise<StepPreview> {
  const { template, org } = source;
  const step = template.steps[at.index];
  const text = variantText(step, at.index, at.variant);
  const ctx = { step: at.index + 1, variant: text.variant };
  const paths = {
    subject: step.type === 'EMAIL' && !step.thread ? `${text.base}.subject` : null,
    body: `${text.base}.body`,
  };
  const render = async (liquid: string, path: string, vars: StepVariables) => {
    try {
      return await renderStepText(liquid, vars);
    } catch (error) {
      if (!isTemplateError(error)) throw error;
      throw DomainError.invalid(path, `does not render: ${error.message}`, 422);
    }
  };
  if (step.type !== 'EMAIL') {
    // The content check is about mail: a LinkedIn or CALL step's text is shown unchecked.
    const body = await render(text.body, paths.body, variables);
    return { ...ctx, subject: null, text: body, html: null, warnings: [] };
  }
  // Tokens of a run and a message that do not exist: the preview's links record nothing.
  const ids = { sequenceId: derivedUuid(`preview:${at.key}`), messageId: derivedUuid(`preview:${at.key}:${ctx.step}`) };
  const row = { ...org, open_tracking: template.openTracking, click_tracking: template.clickTracking };
  const vars = emailVariables(variables, unsubscribeUrl(settings, row, ids.sequenceId));
  const body = await render(text.body, paths.body, vars);
  const subject = step.thread
    ? replySubject(await render(startingSubject(template.steps, at.index), `steps[${at.index}].subject`, vars))
    : await render(text.subject ?? '', paths.subject!, vars);
  const email = stepEmail(settings, row, ids, body);
  const rendered = { subject, body, text: email.text, html: email.html };
  const warnings = contentWarnings(rendered, {
    ...ctx,
    paths,
    linkBaseUrl: email.linkBaseUrl,
    unsubscribeUrl: email.unsubscribeUrl,
  });
  return { ...ctx, ...rendered, warnings };
}

export interface PreviewInput {
  contact_id: string;
  /** 1-based. */
  step: number;
  /** 1-based; default 1 (the step's own text). */
  variant?: number;
}

/** One step of the template rendered for one contact, exactly as a run would send it, with its warnings. Writes nothing. */
export async function previewStep(
  em: EntityManager,
  settings: StepEmailSettings,
  organizationId: string,
  templateId: string,
  input: PreviewInput,
): Promise<StepPreview> {
  const template = await em.findOne(SequenceTemplate, { id: templateId, organization: organizationId });
  if (!template) throw DomainError.notFound('Sequence template');
  const contact = await previewContactRow(em, organizationId, input.contact_id);
  if (!contact) throw DomainError.notFound('Contact');
  const step = template.steps[input.step - 1];
  if (!step)
    throw DomainError.invalid('step', `must be between 1 and the template's ${template.steps.length} steps`, 422);
  const variants = Math.max(variantsOf(step).length, 1);
  if (input.variant !== undefined && input.variant > variants)
    throw DomainError.invalid('variant', `must be between 1 and the step's ${variants} variant(s)`, 422);
  const sender = await stepSender(em, { sender_id: null, template_sender_id: template.senderUser?.id ?? null });
  const variables = await stepVariables(em, { ...contact, variables: {} }, sender);
  const org = await organizationEmailRow(em, organizationId);
  const at = { index: input.step - 1, variant: input.variant ?? null, key: `${template.id}:${contact.contact_id}` };
  return renderedStep(settings, { template, org }, at, variables);
}

/**
 * The content check of every step and variant of the template (what activation reports): each
 * rendered with no contact (a contact's variables render empty; the sender's are the template's).
 */
export async function templateWarnings(
  em: EntityManager,
  settings: StepEmailSettings,
  organizationId: string,
  template: SequenceTemplate,
): Promise<ContentWarning[]> {
  const org = await organizationEmailRow(em, organizationId);
  const sender = await stepSender(em, { sender_id: null, template_sender_id: template.senderUser?.id ?? null });
  const variables = templateVariables({ sender });
  const warnings: ContentWarning[] = [];
  for (const [index, step] of template.steps.entries()) {
    const count = variantsOf(step).length;
    for (let v = 1; v <= Math.max(count, 1); v++) {
      const at = { index, variant: count ? v : null, key: template.id };
      try {
        warnings.push(...(await renderedStep(settings, { template, org }, at, variables)).warnings);
      } catch (error) {
        // A text that renders only with a contact's values is checked by the preview instead.
        if (!(error instanceof DomainError)) throw error;
      }
    }
  }
  return warnings;
}
