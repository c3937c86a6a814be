// The content check's vocabulary (docs/api/sequence-templates.md, "Content check"): a rendered step
// as checked, where it came from, and the warnings a check reports. Warnings never refuse anything.

export const CONTENT_WARNING_CODES = [
  'FOOTER_WITHOUT_UNSUBSCRIBE',
  'FOREIGN_LINK',
  'HTML_CLIPPED',
  'IMAGES_WITHOUT_TEXT',
  'SPAM_PHRASE',
] as const;
export type ContentWarningCode = (typeof CONTENT_WARNING_CODES)[number];

export interface ContentWarning {
  code: ContentWarningCode;
  /** The step's number (1-based). */
  step: number;
  /** The step's variant (1-based; 1 is the step's own text), null for a step without variants. */
  variant: number | null;
  /** The template field the warning is about, as a ValidationIssue names it: `steps[0].body`, `steps[1].variants[0].body`. */
  path: string;
  message: string;
}

/** One step's text as it would go out. */
export interface RenderedStep {
  /** The subject line (null: not an email). */
  subject: string | null;
  /** The rendered body alone, before the service adds its footer. */
  body: string;
  /** The text part as sent (the body with tracked links and the footer); the body for a step that is not an email. */
  text: string;
  /** The HTML part as sent; null for a step that is not an email. */
  html: string | null;
}

/** Where the rendered step came from, and the one host its links should use. */
export interface CheckContext {
  step: number;
  variant: number | null;
  /** The template paths of the subject (null when the step has none of its own) and the body. */
  paths: { subject: string | null; body: string };
  /** The tracking base URL (the organization's tracking domain, else the service's public base URL). */
  linkBaseUrl: string;
  /** The run's unsubscribe link as the body would carry it (`{{ unsubscribe_url }}`). */
  unsubscribeUrl: string;
}

/** A warning about the rendered step, placed at `path`. */
export function warning(ctx: CheckContext, code: ContentWarningCode, path: string, message: string): ContentWarning {
  return { code, step: ctx.step, variant: ctx.variant, path, message };
}
