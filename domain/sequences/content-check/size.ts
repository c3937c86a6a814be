// The HTML part's size: Gmail clips a message whose HTML is over 102 KB ("[Message clipped]  View
// entire message"), hiding what follows, the footer with the unsubscribe link and the open pixel
// included.
import { warning, type CheckContext, type ContentWarning, type RenderedStep } from './warning.ts';

/** Gmail's clipping threshold, in bytes of the HTML part (102 KB). */
export const HTML_CLIP_BYTES = 102 * 1024;

export function htmlClipped(rendered: RenderedStep, ctx: CheckContext): ContentWarning[] {
  if (rendered.html === null) return [];
  const bytes = Buffer.byteLength(rendered.html, 'utf8');
  if (bytes <= HTML_CLIP_BYTES) return [];
  return [
    warning(
      ctx,
      'HTML_CLIPPED',
      ctx.paths.body,
      `The HTML part is ${bytes} bytes; Gmail clips HTML over ${HTML_CLIP_BYTES} bytes, hiding the footer and the unsubscribe link: shorten the body.`,
    ),
  ];
}
