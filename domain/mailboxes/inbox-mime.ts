// Just enough MIME to read a delivery report: the header block of a part (folded lines unfolded,
// names lower-cased) and the top-level parts of a multipart body, decoded from base64 or
// quoted-printable. mailparser folds a report's machine-readable parts into the text; the
// bounce rules need them apart. Pure.

export interface MimePart {
  /** The part's Content-Type, lower-cased, without parameters (text/plain when absent). */
  contentType: string;
  headers: Map<string, string>;
  /** The decoded body as text (latin1 for bytes that are not UTF-8). */
  body: string;
}

/** Header fields of a block of `Name: value` lines (continuation lines joined); the first of a name wins. */
export function parseHeaderBlock(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!/^[!-9;-~]+$/.test(name) || fields.has(name)) continue;
    fields.set(name, line.slice(colon + 1).trim());
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

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? /^[0-9A-Fa-f]{2}/.exec(soft.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(soft.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
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

/** The top-level parts of a multipart message given whole (headers and body), or [] when it is not multipart. */
export function multipartParts(raw: string): MimePart[] {
  const { head, body } = splitHead(raw);
  const headers = parseHeaderBlock(head);
  const boundary = contentTypeParam(headers.get('content-type'), 'boundary');
  if (!boundary || !mediaType(headers.get('content-type')).startsWith('multipart/')) return [];
  const parts: MimePart[] = [];
  const delimiter = `--${boundary}`;
  const chunks = body.split(/\r?\n/);
  let current: string[] | null = null;
  for (const line of chunks) {
    if (line.startsWith(delimiter)) {
      if (current) parts.push(toPart(current.join('\n')));
      current = line.startsWith(`${delimiter}--`) ? null : [];
      if (line.startsWith(`${delimiter}--`)) break;
      continue;
    }
    current?.push(line);
  }
  if (current) parts.push(toPart(current.join('\n')));
  return parts;
}

function toPart(raw: string): MimePart {
  const { head, body } = splitHead(raw);
  const headers = parseHeaderBlock(head);
  return { contentType: mediaType(headers.get('content-type')), headers, body: decodeBody(body, headers.get('content-transfer-encoding')) };
}
