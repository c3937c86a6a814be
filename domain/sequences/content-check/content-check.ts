// The content check of a step before it is sent (docs/api/sequence-templates.md, "Content check"):
// pure checks of a rendered step, each its own function, reporting what would hurt delivery.
// Warnings, never refusals: template activation and the preview show them; nothing blocks a send.
import { footerWithoutUnsubscribe } from './custom-footer.ts';
import { imagesWithoutText } from './images.ts';
import { foreignLinks } from './links.ts';
import { htmlClipped } from './size.ts';
import { spamPhrases } from './spam-phrases.ts';
import type { CheckContext, ContentWarning, RenderedStep } from './warning.ts';

export type { CheckContext, ContentWarning, ContentWarningCode, RenderedStep } from './warning.ts';
export { CONTENT_WARNING_CODES } from './warning.ts';

const CHECKS = [footerWithoutUnsubscribe, foreignLinks, htmlClipped, imagesWithoutText, spamPhrases];

/** Every check's warnings about one rendered step, in the checks' order. */
export function contentWarnings(rendered: RenderedStep, ctx: CheckContext): ContentWarning[] {
  return CHECKS.flatMap((check) => check(rendered, ctx));
}
