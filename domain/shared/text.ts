// Shortening text that comes from users or from outside. Limits count Unicode code points (as
// PostgreSQL and JSON Schema maxLength do); a cut never splits a surrogate pair, which PostgreSQL
// refuses in jsonb, and falls on a grapheme-cluster boundary (a whole emoji, flag or accented
// letter) whenever one exists before the limit. Pure: workflow code may import it.

// Built once. Where Intl.Segmenter is missing, cuts fall on code-point boundaries only.
const graphemes: Intl.Segmenter | null =
  typeof Intl === 'object' && typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

export interface TruncateOptions {
  /** Appended when the text is cut (e.g. '…'); counted within max. Dropped when it alone does not fit. */
  ellipsis?: string;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** The length as PostgreSQL and JSON Schema count it: code points (a lone surrogate counts as one). */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if (isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1))) i++;
    count++;
  }
  return count;
}

/** The UTF-16 index just after the first `count` code points (text.length when it has fewer). */
function codePointEnd(text: string, count: number): number {
  let i = 0;
  for (let n = 0; n < count && i < text.length; n++) {
    i += isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1)) ? 2 : 1;
  }
  return i;
}

/** How far before a cut the graphemes are segmented: longer than any real grapheme cluster. */
const GRAPHEME_WINDOW = 512;

/**
 * The last grapheme boundary at or before `limit` (a UTF-16 index), or 0 when the first grapheme is
 * longer. Only a window before the limit is segmented, so a cut deep into a long text costs what a
 * short one does; a window starts on a code point, and a grapheme longer than the window is cut on
 * a code-point boundary.
 */
function graphemeEnd(segmenter: Intl.Segmenter, text: string, limit: number): number {
  let start = limit > 2 * GRAPHEME_WINDOW ? limit - GRAPHEME_WINDOW : 0;
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start -= 1;
  let end = start;
  for (const { index, segment } of segmenter.segment(text.slice(start, limit + 2))) {
    const next = start + index + segment.length;
    if (next > limit) break;
    end = next;
  }
  return end === start && start > 0 ? limit : end;
}

/**
 * At most `max` code points of `text`: the text itself when it fits, otherwise its longest prefix
 * ending on a grapheme boundary (on a code-point boundary when a single grapheme is longer than
 * the room left), followed by the ellipsis.
 */
export function truncateText(text: string, max: number, options: TruncateOptions = {}): string {
  if (!Number.isInteger(max) || max < 0)
    throw new RangeError(`truncateText: max must be a non-negative integer, not ${max}`);
  // UTF-16 length >= code points: a text this short fits without counting.
  if (text.length <= max) return text;
  if (codePointEnd(text, max) === text.length) return text;
  const ellipsis = options.ellipsis ?? '';
  const ellipsisLength = codePointLength(ellipsis);
  const suffix = ellipsisLength <= max ? ellipsis : '';
  const room = max - (suffix ? ellipsisLength : 0);
  const limit = codePointEnd(text, room);
  if (limit === 0) return suffix;
  const end = graphemes ? graphemeEnd(graphemes, text, limit) : limit;
  return text.slice(0, end > 0 ? end : limit) + suffix;
}

/** C0 and C1 control characters that text may not carry into storage (tab, line feed and carriage return stay). */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * Text from outside (mail headers, names, bodies, diagnostics) as it may be stored: NUL and the
 * other control characters removed, lone surrogates replaced by U+FFFD, and at most `max` code
 * points, cut on a grapheme boundary. Linear in the input; a long input is first cut to a prefix
 * (with room for the controls it may lose) so a large body costs what its beginning costs.
 */
export function storableText(text: string, max: number, options: TruncateOptions = {}): string {
  if (!Number.isInteger(max) || max < 0)
    throw new RangeError(`storableText: max must be a non-negative integer, not ${max}`);
  const room = 2 * max + 1024;
  const head = text.length > room ? text.slice(0, codePointEnd(text, room)) : text;
  // A prefix that is mostly controls may come out shorter than max: what followed it is not read.
  return truncateText(head.replace(CONTROLS, '').toWellFormed(), max, options);
}
