// Images without text: an HTML part that is mostly images (the open pixel aside) gives filters
// nothing to read and readers who block images nothing to see; a common rule of thumb is at least
// 60% text. Checked as: an image and fewer than IMAGE_TEXT_MIN characters of visible text.
import { warning, type CheckContext, type ContentWarning, type RenderedStep } from './warning.ts';

/** Visible characters (white space aside) an HTML part with images should have at least. */
export const IMAGE_TEXT_MIN = 200;

const IMG = /<img\b[^>]*>/gi;
const SRC = /\bsrc\s*=\s*"([^"]*)"/i;
const TAG = /<[^>]*>/g;

/** The HTML part's images, the service's open pixel (`<base>/t/o/...`) aside. */
export function contentImages(html: string, linkBaseUrl: string): number {
  const pixel = `${linkBaseUrl}/t/o/`;
  return [...html.matchAll(IMG)].filter((m) => !(SRC.exec(m[0])?.[1] ?? '').startsWith(pixel)).length;
}

/** Characters of the HTML part a reader sees as text: tags dropped, entities counted once, white space aside. */
export function visibleTextLength(html: string): number {
  return html
    .replace(TAG, ' ')
    .replace(/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/gi, '_')
    .replace(/\s+/g, '').length;
}

export function imagesWithoutText(rendered: RenderedStep, ctx: CheckContext): ContentWarning[] {
  if (rendered.html === null) return [];
  const images = contentImages(rendered.html, ctx.linkBaseUrl);
  const text = visibleTextLength(rendered.html);
  if (images === 0 || text >= IMAGE_TEXT_MIN) return [];
  return [
    warning(
      ctx,
      'IMAGES_WITHOUT_TEXT',
      ctx.paths.body,
      `The HTML part has ${images} image(s) and ${text} characters of text (fewer than ${IMAGE_TEXT_MIN}): add text.`,
    ),
  ];
}
