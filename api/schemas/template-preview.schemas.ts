// Shapes of a template's content check and step preview (docs/api/sequence-templates.md, "Content
// check"): the warnings, the preview's request and its answer.
import type { JsonSchema } from '../validation.ts';
import { uuid } from './common.schemas.ts';
import { named } from './named.ts';
import { CONTENT_WARNING_CODES } from '../../domain/sequences/content-check/content-check.ts';
import { VARIANTS_MAX } from '../../domain/sequences/variants.ts';

export const contentWarningSchema: JsonSchema = named('ContentWarning', {
  type: 'object',
  required: ['code', 'step', 'variant', 'path', 'message'],
  description:
    'What would hurt delivery of a step as rendered; a warning, never a refusal. FOOTER_WITHOUT_UNSUBSCRIBE: the body ends with a footer of its own ' +
    '(after a `--` line) without `{{ unsubscribe_url }}`. FOREIGN_LINK: a link to a host other than the tracking domain (or the public base URL). ' +
    'HTML_CLIPPED: the HTML part is over 102 KB, where Gmail clips it. IMAGES_WITHOUT_TEXT: images and fewer than 200 characters of text. ' +
    'SPAM_PHRASE: a phrase of the documented spam-trigger list.',
  properties: {
    code: { type: 'string', enum: [...CONTENT_WARNING_CODES] },
    step: { type: 'integer', minimum: 1, description: 'The step number (1-based).' },
    variant: {
      type: ['integer', 'null'],
      minimum: 1,
      description: "The step's variant (1 is the step's own text); null for a step without variants.",
    },
    path: { type: 'string', description: 'The template field, as a ValidationIssue names it: `steps[0].body`.' },
    message: { type: 'string' },
  },
});

export const templateWarningsProperty: JsonSchema = {
  type: 'array',
  items: contentWarningSchema,
  description:
    'Added field, on the answer of a POST or PATCH that leaves the template ACTIVE only: the content check of every EMAIL step and variant, ' +
    "rendered with no contact (a contact's variables render empty). Nothing is refused for it.",
};

export const templatePreviewRequestSchema: JsonSchema = named('SequenceTemplatePreviewRequest', {
  type: 'object',
  additionalProperties: false,
  required: ['contact_id', 'step'],
  properties: {
    contact_id: uuid,
    step: { type: 'integer', minimum: 1, description: 'The step number (1-based); past the last: 422.' },
    variant: {
      type: 'integer',
      minimum: 1,
      maximum: VARIANTS_MAX,
      description: "The step's variant (default 1, the step's own text); past the last: 422.",
    },
  },
});

export const templatePreviewSchema: JsonSchema = named('SequenceTemplatePreview', {
  type: 'object',
  required: ['step', 'variant', 'subject', 'text', 'html', 'warnings'],
  properties: {
    step: { type: 'integer', minimum: 1 },
    variant: { type: ['integer', 'null'], minimum: 1 },
    subject: {
      type: ['string', 'null'],
      description:
        'The subject line; "Re: <first subject>" on a step that continues the thread. Null for a step that is not an email.',
    },
    text: {
      type: 'string',
      description:
        "The text part as sent: links tracked (click tracking on), the footer with the unsubscribe link. A LinkedIn or CALL step's text.",
    },
    html: {
      type: ['string', 'null'],
      description:
        'The HTML part as sent (the open pixel when open tracking is on); null for a step that is not an email.',
    },
    warnings: {
      type: 'array',
      items: contentWarningSchema,
      description: 'The content check of this email (empty for other steps).',
    },
  },
});
