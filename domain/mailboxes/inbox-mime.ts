// Just enough MIME to read a delivery report: the header block of a part (folded lines unfolded,
// names lower-cased) and the top-level parts of a multipart body, decoded from base64 or
// quoted-printable. mailparser folds a report's machine-readable parts into the text; the
// bounce rules need them apart. Bounded: at most PARTS_MAX parts of at most PART_MAX_CHARS each.
// Linear in the input. Pure.
import { storableText } from '../shared/text.ts';
import { rawPrefix } from './inbox-head.ts';

/** Top-level parts read; a delivery report has three. */
const PARTS_MAX = 20;
/** The longest part body read (a returned original's headers fit many times over). */
const PART_MAX_CHARS = 256 * 1024;

export interface MimePart {
  /** The part's Content-Type, lower-cased, without parameters (text/plain when absent). */
  contentType: string;
  headers: Map<string, string>;
  /** The decoded body as storable text (UTF-8; U+FFFD for bytes that are not), at most PART_MAX_CHARS. */
  body: string;
}

/** A part as found: its headers and its body still transfer-encoded. */
interface RawPart {
  contentType: string;
  headers: Map<string, string>;
  rawBody: string;
}

/** The longest header value kept from a part or a report block. */
const HEADER_VALUE_MAX = 4096;

/** Header fields of a block of `Name: value` lines (continuation lines joined); the first of a name wins. */
export function parseHeaderBlock(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!/^[!-9;-~]+$/.test(name) || fields.has(name)) continue;
    fields.set(name, storableText(line.slice(colon + 1).trim(), HEADER_VALUE_MAX));
  }
  return fields;
}

/** Splits a header block from its body at the first empty line. */
export function splitHead(raw: string): { head: string; body: string } {
  const bare = /^\r?\n/.exec(raw);
  if (bare) return { head: '', body: raw.slice(bare[0].length) };
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

const HEX = /^[0-9A-Fa-f]{2}$/;

function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes = Buffer.alloc(soft.length);
  let n = 0;
  for (let i = 0; i < soft.length; i++) {
    const pair = soft[i] === '=' ? soft.slice(i + 1, i + 3) : '';
    if (HEX.test(pair)) {
      bytes[n++] = parseInt(pair, 16);
      i += 2;
    } else {
      bytes[n++] = soft.charCodeAt(i) & 0xff;
    }
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, n).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      // The raw text is the message's bytes read as latin1: read them again as the UTF-8 they mostly are.
      return Buffer.from(body, 'latin1').toString('utf8');
  }
}

/** The media type of a Content-Type value, lower-cased. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? 'text/plain').split(';')[0].trim().toLowerCase() || 'text/plain';
}

/** One parameter of a Content-Type value (`boundary`, `report-type`), unquoted. */
export function contentTypeParam(contentType: string | undefined, name: string): string | null {
  const pattern = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i');
  const match = pattern.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]) : null;
}

/** The top-level parts of a multipart body under `headers`, at most `max` of them. */
function partsOf(headers: Map<string, string>, body: string, max: number): RawPart[] {
  const boundary = contentTypeParam(headers.get('content-type'), 'boundary');
  if (!boundary || !mediaType(headers.get('content-type')).startsWith('multipart/')) return [];
  const parts: RawPart[] = [];
  const delimiter = `--${boundary}`;
  let current: string[] | null = null;
  let size = 0;
  for (const match of body.matchAll(/[^\n]*(?:\n|$)/g)) {
    const line = match[0].replace(/\r?\n$/, '');
    if (line.startsWith(delimiter)) {
      if (current) parts.push(toPart(current.join('\n')));
      if (line.startsWith(`${delimiter}--`) || parts.length >= max) return parts;
      current = [];
      size = 0;
      continue;
    }
    if (current && size < PART_MAX_CHARS) {
      current.push(rawPrefix(line, PART_MAX_CHARS - size));
      size += line.length + 1;
    }
    if (match[0] === '') break;
  }
  if (current) parts.push(toPart(current.join('\n')));
  return parts;
}

/** The top-level parts of a multipart message given whole (headers and body), or [] when it is not multipart. */
export function multipartParts(raw: string): MimePart[] {
  const { head, body } = splitHead(raw);
  return partsOf(parseHeaderBlock(head), body, PARTS_MAX).map((part) => ({
    contentType: part.contentType,
    headers: part.headers,
    body: decodedText(part),
  }));
}

const decodedText = (part: RawPart) =>
  storableText(decodeBody(part.rawBody, part.headers.get('content-transfer-encoding')), PART_MAX_CHARS);

/**
 * The text of a message read from its first part only: the decoded body of a single-part message,
 * or of the first text part of a multipart one (empty when it has none).
 */
export function firstTextPart(head: string, body: string, depth = 0): string {
  const headers = parseHeaderBlock(head);
  if (!mediaType(headers.get('content-type')).startsWith('multipart/')) {
    return decodeBody(rawPrefix(body, PART_MAX_CHARS), headers.get('content-transfer-encoding'));
  }
  const [first] = partsOf(headers, body, 1);
  if (!first) return '';
  if (first.contentType.startsWith('multipart/')) {
    return depth < 4
      ? firstTextPart([...first.headers].map(([k, v]) => `${k}: ${v}`).join('\n'), first.rawBody, depth + 1)
      : '';
  }
  return first.contentType.startsWith('text/') ? decodedText(first) : '';
}

function toPart(raw: string): RawPart {
  const { head, body } = splitHead(raw);
  const headers = parseHeaderBlock(head);
  return { contentType: mediaType(headers.get('content-type')), headers, rawBody: body };
}
