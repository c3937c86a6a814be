// The header block of an inbox message, cut to a size a parser can take in bounded time and memory
// before any parser sees it: the fields the rules read (ESSENTIAL) kept once each, the others while
// the head stays within HEAD_MAX_CHARS and FIELDS_MAX, every field at most FIELD_MAX_CHARS, and a
// References field reduced to its first id (the thread's root) and its newest REFERENCES_KEPT - 1
// ids. The whole header is scanned (its size is bounded by the message's: MAILBOX_MESSAGE_MAX_BYTES),
// once, line by line; no I/O.

/** The most header text kept; fields past it are dropped unless the rules read them. */
export const HEAD_MAX_CHARS = 256 * 1024;
/** Header fields kept, in order; a message with more (a forged Received chain) loses the rest but the essential ones. */
const FIELDS_MAX = 300;
/** The fields the rules read: the first of each is kept wherever it stands in the head. */
const ESSENTIAL = new Set([
  'message-id',
  'in-reply-to',
  'references',
  'from',
  'to',
  'cc',
  'subject',
  'date',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'authentication-results',
  'auto-submitted',
  'x-autoreply',
  'x-autorespond',
  'precedence',
  'x-failed-recipients',
  'original-message-id',
  'x-original-message-id',
]);
/** The longest field kept whole; a longer one keeps its first folded lines up to this size. */
const FIELD_MAX_CHARS = 16 * 1024;
/** Ids a References field keeps: its first and its newest. */
export const REFERENCES_KEPT = 100;

export interface SplitMessage {
  /** The header block, tidied (see tidyHead), without the empty line that ends it. */
  head: string;
  /** Everything after the empty line (empty when there is none within HEAD_MAX_CHARS). */
  body: string;
  /** The line break the message uses, to put head and body back together. */
  newline: string;
}

/**
 * The first `n` characters of a message's raw text. The raw text is the message's bytes read as
 * latin1 (one character a byte), so a cut cannot split a character pair; decoding comes later.
 */
export function rawPrefix(raw: string, n: number): string {
  return raw.length > n ? raw.slice(0, n) : raw;
}

/** The `<id>` tokens of a References value, reduced to the first one and the newest REFERENCES_KEPT - 1. */
export function keptReferences(value: string): string[] {
  const ids: string[] = [];
  let first: string | null = null;
  for (const match of value.matchAll(/<[^<>\s]{1,998}>/g)) {
    if (first === null) {
      first = match[0];
      continue;
    }
    ids.push(match[0]);
    if (ids.length > 2 * REFERENCES_KEPT) ids.splice(0, ids.length - (REFERENCES_KEPT - 1));
  }
  const newest = ids.length > REFERENCES_KEPT - 1 ? ids.splice(ids.length - (REFERENCES_KEPT - 1)) : ids;
  return first === null ? [] : [first, ...newest.filter((id) => id !== first)];
}

/** The lower-cased name of a field whose first line is `line`, or '' when it has none. */
function fieldName(line: string): string {
  const colon = line.indexOf(':');
  return colon > 0 ? line.slice(0, colon).trim().toLowerCase() : '';
}

/** One field of the head (its first line with the name, then its folded continuations), bounded. */
function tidyField(name: string, lines: string[], newline: string): string | null {
  if (name === 'references') {
    const ids = keptReferences(lines.join(' '));
    return ids.length ? `References: ${ids.join(`${newline} `)}` : null;
  }
  let size = 0;
  const kept: string[] = [];
  for (const line of lines) {
    size += line.length + newline.length;
    if (size > FIELD_MAX_CHARS && kept.length) break;
    kept.push(rawPrefix(line, FIELD_MAX_CHARS));
  }
  return kept.join(newline);
}

/** The head with its fields bounded in number and size (see the top of this file). */
export function tidyHead(head: string, newline: string): string {
  const fields: string[] = [];
  const seen = new Set<string>();
  let size = 0;
  let current: string[] | null = null;
  const flush = () => {
    if (!current) return;
    const lines = current;
    current = null;
    const name = fieldName(lines[0]);
    const essential = ESSENTIAL.has(name) && !seen.has(name);
    if (!essential && (fields.length >= FIELDS_MAX || size >= HEAD_MAX_CHARS)) return;
    seen.add(name);
    const field = tidyField(name, lines, newline);
    if (field === null) return;
    fields.push(field);
    size += field.length + newline.length;
  };
  for (const match of head.matchAll(/[^\n]*(?:\n|$)/g)) {
    if (match[0] === '') break;
    const line = match[0].replace(/\r?\n$/, '');
    if (/^[ \t]/.test(line) && current) {
      current.push(line);
      continue;
    }
    flush();
    current = [line];
  }
  flush();
  return fields.join(newline);
}

/** Splits a raw message into its tidied head and its body. */
export function splitMessage(raw: string): SplitMessage {
  const newline = /\r\n/.test(rawPrefix(raw, 4096)) ? '\r\n' : '\n';
  if (/^\r?\n/.test(raw)) return { head: '', body: raw.replace(/^\r?\n/, ''), newline };
  const end = /\r?\n\r?\n/.exec(raw);
  if (!end) return { head: tidyHead(raw, newline), body: '', newline };
  return { head: tidyHead(rawPrefix(raw, end.index), newline), body: raw.slice(end.index + end[0].length), newline };
}
