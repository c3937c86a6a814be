// An inbox message as the matching rules read it: its ids, sender, subject, text, the headers
// that mark automatic mail, and (for a multipart/report) its parts kept apart. Built from the raw
// RFC 5322 source with mailparser; no I/O.
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { mediaType, multipartParts, type MimePart } from './inbox-mime.ts';

export interface InboxMessage {
  /** The Message-ID without angle brackets, or null when the message has none. */
  messageId: string | null;
  /** Ids named by In-Reply-To then References (newest reference first), without brackets. */
  referencedIds: string[];
  /** The sender's address, lower-cased. */
  from: string | null;
  subject: string;
  /** The plain text (mailparser's, which includes the text of a report's parts). */
  text: string;
  /** Header values as sent (names lower-cased), for the automatic-mail markers. */
  headers: Map<string, string>;
  /** The top-level media type, e.g. multipart/report. */
  contentType: string;
  /** The report-type parameter of a multipart/report, lower-cased. */
  reportType: string | null;
  /** A multipart message's top-level parts (a delivery report's explanation, status and original). */
  parts: MimePart[];
  /** Attachments that carry an original message or its headers (message/rfc822, text/rfc822-headers). */
  attachedOriginals: string[];
  date: Date | null;
}

/** A Message-ID without its angle brackets and surrounding space. */
export function bareMessageId(id: string): string {
  return id.trim().replace(/^<|>$/g, '').trim();
}

/** Every `<id>` in a header value (In-Reply-To, References), in order, bare. */
export function messageIdsIn(value: string | string[] | undefined): string[] {
  const values = Array.isArray(value) ? value : value ? [value] : [];
  const ids: string[] = [];
  for (const v of values) {
    const bracketed = v.match(/<[^<>\s]+>/g);
    for (const id of bracketed ?? v.split(/\s+/)) {
      const bare = bareMessageId(id);
      if (bare && !ids.includes(bare)) ids.push(bare);
    }
  }
  return ids;
}

function firstAddress(from: AddressObject | AddressObject[] | undefined): string | null {
  const list = Array.isArray(from) ? from : from ? [from] : [];
  for (const group of list) {
    for (const entry of group.value) if (entry.address) return entry.address.toLowerCase();
  }
  return null;
}

/** Header values as text: mailparser parses some (dates, addresses, content types) into objects. */
function plainHeaders(parsed: ParsedMail): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of parsed.headerLines) {
    const colon = line.line.indexOf(':');
    if (colon > 0 && !headers.has(line.key)) headers.set(line.key, line.line.slice(colon + 1).replace(/\r?\n[ \t]+/g, ' ').trim());
  }
  return headers;
}

/** The original message (or its headers) a report or a bounce carries, as text. */
function originalsOf(parsed: ParsedMail, parts: MimePart[]): string[] {
  const fromParts = parts.filter((p) => p.contentType === 'message/rfc822' || p.contentType === 'text/rfc822-headers').map((p) => p.body);
  if (fromParts.length) return fromParts;
  return parsed.attachments
    .filter((a) => a.contentType === 'message/rfc822' || a.contentType === 'text/rfc822-headers')
    .map((a) => a.content.toString('utf8'));
}

export async function parseInboxMessage(source: Buffer | string): Promise<InboxMessage> {
  const raw = typeof source === 'string' ? source : source.toString('latin1');
  const parsed = await simpleParser(source);
  const headers = plainHeaders(parsed);
  const contentType = mediaType(headers.get('content-type'));
  const parts = contentType.startsWith('multipart/') ? multipartParts(raw) : [];
  const reportParam = /report-type\s*=\s*"?([\w-]+)"?/i.exec(headers.get('content-type') ?? '');
  const references = [...messageIdsIn(parsed.inReplyTo), ...messageIdsIn(parsed.references).reverse()];
  return {
    messageId: parsed.messageId ? bareMessageId(parsed.messageId) : null,
    referencedIds: [...new Set(references)],
    from: firstAddress(parsed.from),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    headers,
    contentType,
    reportType: reportParam ? reportParam[1].toLowerCase() : null,
    parts,
    attachedOriginals: originalsOf(parsed, parts),
    date: parsed.date ?? null,
  };
}
