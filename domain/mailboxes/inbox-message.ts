// An inbox message as the matching rules read it: its ids, sender, subject, text, the headers that
// mark automatic mail or carry the receiving server's authentication verdict, and (for a
// multipart/report) its parts kept apart. Built from the raw RFC 5322 source with mailparser, under
// limits: the head is tidied first (inbox-head.ts), the parser's own part and head limits are set,
// and every string leaves here storable (storableText: no NUL, well-formed, bounded). A message over
// the size limit, or one the parser refuses (too many parts, a head too large), is read from its
// headers and its first part only. No I/O.
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { storableText } from '../shared/text.ts';
import { rawPrefix, REFERENCES_KEPT, splitMessage } from './inbox-head.ts';
import { firstTextPart, mediaType, multipartParts, type MimePart } from './inbox-mime.ts';

export interface InboxMessage {
  /** The Message-ID without angle brackets (at most MESSAGE_ID_MAX code points: it is indexed), or null when the message has none. */
  messageId: string | null;
  /** Ids named by In-Reply-To then References (newest reference first), without brackets; at most REFERENCES_KEPT. */
  referencedIds: string[];
  /** The sender's address, lower-cased. */
  from: string | null;
  subject: string;
  /** The plain text (mailparser's, which includes the text of a report's parts), at most TEXT_MAX code points. */
  text: string;
  /** Header values (names lower-cased, the first of each name), storable, for the automatic-mail and authentication markers. */
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
  /** Why only the headers and the first part were read (over the size limit, or a parser limit), or null. */
  degraded: string | null;
  /** sha256 of the fields that identify the message wherever it was delivered, and its text: the key of a message without Message-ID. */
  digest: string;
}

/** The longest Message-ID kept: real ones are under 100 characters, and a b-tree entry holds about 2,700 bytes. */
export const MESSAGE_ID_MAX = 250;
/** The text kept for the rules (classification, bounce wording): enough for any reply, bounded for any message. */
export const TEXT_MAX = 256 * 1024;
/** The longest header value kept (References is reduced to its ids before). */
const HEADER_VALUE_MAX = 4096;
/** MIME parts mailparser may build; a message with more is read from its headers and first part. */
const PARTS_MAX = 200;
/** Bytes of a message whose body is read when only its first part is (over the size limit, or refused). */
const FIRST_PART_BYTES = 256 * 1024;

const PARSER_LIMITS = {
  maxChildNodes: PARTS_MAX,
  maxHeadSize: 512 * 1024,
  maxHtmlLengthToParse: 2 * 1024 * 1024,
  skipTextToHtml: true,
  skipImageLinks: true,
  skipTextLinks: true,
  checksumAlgo: false as const,
};

/** A Message-ID without its angle brackets and surrounding space. */
export function bareMessageId(id: string): string {
  return id.trim().replace(/^<|>$/g, '').trim();
}

/** Every `<id>` in header values (In-Reply-To, References), in order, bare, each once, at most `max`. */
export function messageIdsIn(value: string | string[] | undefined, max = REFERENCES_KEPT): string[] {
  const values = Array.isArray(value) ? value : value ? [value] : [];
  const ids = new Set<string>();
  for (const v of values) {
    const bracketed = v.match(/<[^<>\s]+>/g);
    for (const id of bracketed ?? v.split(/\s+/)) {
      if (ids.size >= max) return [...ids];
      const bare = storableText(bareMessageId(id), MESSAGE_ID_MAX);
      if (bare) ids.add(bare);
    }
  }
  return [...ids];
}

function firstAddress(from: AddressObject | AddressObject[] | undefined): string | null {
  const list = Array.isArray(from) ? from : from ? [from] : [];
  for (const group of list) {
    for (const entry of group.value) if (entry.address) return storableText(entry.address.toLowerCase(), 320) || null;
  }
  return null;
}

/** Header values as storable text: mailparser parses some (dates, addresses, content types) into objects. */
function plainHeaders(parsed: ParsedMail): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of parsed.headerLines) {
    const colon = line.line.indexOf(':');
    if (colon > 0 && /^[!-9;-~]+$/.test(line.key) && !headers.has(line.key))
      headers.set(
        line.key,
        storableText(
          line.line
            .slice(colon + 1)
            .replace(/\r?\n[ \t]+/g, ' ')
            .trim(),
          HEADER_VALUE_MAX,
        ),
      );
  }
  return headers;
}

/** The original message (or its headers) a report or a bounce carries, as text. */
function originalsOf(parsed: ParsedMail, parts: MimePart[]): string[] {
  const fromParts = parts
    .filter((p) => p.contentType === 'message/rfc822' || p.contentType === 'text/rfc822-headers')
    .map((p) => p.body);
  if (fromParts.length) return fromParts;
  return parsed.attachments
    .filter((a) => a.contentType === 'message/rfc822' || a.contentType === 'text/rfc822-headers')
    .map((a) => storableText(a.content.toString('utf8'), FIRST_PART_BYTES));
}

function digestOf(headers: Map<string, string>, text: string): string {
  const hash = createHash('sha256');
  for (const name of ['from', 'to', 'cc', 'date', 'subject', 'in-reply-to'])
    hash.update(`${name}:${headers.get(name) ?? ''}\n`);
  return hash.update(text).digest('hex');
}

interface Readout {
  parsed: ParsedMail;
  text: string;
  degraded: string | null;
}

/** The whole message through mailparser, or the reason the parser refused it. */
async function readWhole(source: string): Promise<Readout | string> {
  try {
    const parsed = await simpleParser(Buffer.from(source, 'latin1'), PARSER_LIMITS);
    return { parsed, text: parsed.text ?? '', degraded: null };
  } catch (error) {
    return `the parser refused the message: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The headers through mailparser (decoded words, addresses), the text from the first part only. */
async function readHeadersAndFirstPart(head: string, body: string, newline: string, reason: string): Promise<Readout> {
  const parsed = await simpleParser(Buffer.from(`${head}${newline}${newline}`, 'latin1'), PARSER_LIMITS);
  return { parsed, text: firstTextPart(head, rawPrefix(body, FIRST_PART_BYTES)), degraded: reason };
}

/**
 * Parses a raw message. `partial` says the source holds only the beginning of a message over the size
 * limit (its headers and first part). Throws only on a failure of the parser itself on a tidied head,
 * which the caller records as UNREADABLE.
 */
export async function parseInboxMessage(
  source: Buffer | string,
  options: { partial?: boolean } = {},
): Promise<InboxMessage> {
  const raw = typeof source === 'string' ? source : source.toString('latin1');
  const { head, body, newline } = splitMessage(raw);
  const tidy = `${head}${newline}${newline}${body}`;
  const whole = options.partial ? 'over the size limit: read from its headers and first part' : await readWhole(tidy);
  const readout = typeof whole === 'string' ? await readHeadersAndFirstPart(head, body, newline, whole) : whole;
  const { parsed } = readout;
  const headers = plainHeaders(parsed);
  const contentType = mediaType(headers.get('content-type'));
  const parts = contentType.startsWith('multipart/')
    ? multipartParts(readout.degraded ? rawPrefix(tidy, head.length + FIRST_PART_BYTES) : tidy)
    : [];
  const reportParam = /report-type\s*=\s*"?([\w-]+)"?/i.exec(headers.get('content-type') ?? '');
  const references = messageIdsIn(
    [...messageIdsIn(parsed.inReplyTo), ...messageIdsIn(parsed.references).reverse()].map((id) => `<${id}>`),
  );
  const text = storableText(readout.text, TEXT_MAX);
  return {
    messageId: parsed.messageId ? storableText(bareMessageId(parsed.messageId), MESSAGE_ID_MAX) || null : null,
    referencedIds: references,
    from: firstAddress(parsed.from),
    subject: storableText(parsed.subject ?? '', 998),
    text,
    headers,
    contentType,
    reportType: reportParam ? reportParam[1].toLowerCase() : null,
    parts,
    attachedOriginals: originalsOf(parsed, parts),
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null,
    degraded: readout.degraded ? storableText(readout.degraded, 300) : null,
    digest: digestOf(headers, text),
  };
}
