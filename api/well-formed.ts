// Well-formed text at the edge (strict UTF-8, no unpaired surrogate, so what is stored is what was
// sent): pure helpers of the JSON body reader and the query-string check.
import type { FieldError } from './errors.ts';
import { childPath } from './validation.ts';

export const NOT_WELL_FORMED = 'is not well-formed Unicode (it holds an unpaired surrogate, \\ud800-\\udfff)';
export const KEY_NOT_WELL_FORMED =
  'is a key that is not well-formed Unicode (it holds an unpaired surrogate, \\ud800-\\udfff)';
export const QUERY_NOT_UTF8 = 'is not valid UTF-8 once percent-decoded';

/** At most this many fields are named per request: enough to fix a body, never an answer as large as the body. */
export const MAX_FIELD_ERRORS = 20;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as strict UTF-8 text (a leading BOM dropped), or null when they are not valid UTF-8. */
export function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

// A `\u` escape of a surrogate code unit, the only way JSON text that is itself well-formed can yield
// an unpaired surrogate once parsed. A paired escape (an emoji) matches too: the walk then finds nothing.
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** Whether JSON text can parse into a value holding an unpaired surrogate: only then is a walk needed. */
export function mayHoldLoneSurrogate(text: string): boolean {
  return SURROGATE_ESCAPE.test(text) || !text.isWellFormed();
}

/**
 * Every string of a parsed JSON value, object keys included, that is not well-formed Unicode, named
 * by its field path (`variables.k`, `steps[0].body`); at most `limit`. Top-level members listed in
 * `skip` are not looked into. Iterative, so a deeply nested document cannot overflow the stack.
 */
export function illFormedFields(value: unknown, skip: readonly string[] = [], limit = MAX_FIELD_ERRORS): FieldError[] {
  const out: FieldError[] = [];
  const stack: Visit[] = [{ node: value, path: '', top: true, badKey: false }];
  while (stack.length > 0 && out.length < limit) {
    const { node, path, top, badKey } = stack.pop() as Visit;
    if (badKey) out.push({ path, message: KEY_NOT_WELL_FORMED });
    if (typeof node === 'string') {
      if (!node.isWellFormed()) out.push({ path: path || '(root)', message: NOT_WELL_FORMED });
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const children: Visit[] = [];
    if (Array.isArray(node)) {
      node.forEach((item, i) =>
        children.push({ node: item, path: childPath(path, String(i)), top: false, badKey: false }),
      );
    } else {
      for (const [key, item] of Object.entries(node)) {
        if (top && skip.includes(key)) continue;
        // The path itself stays well-formed text: the offending code unit shows as U+FFFD.
        children.push({
          node: item,
          path: childPath(path, key.toWellFormed()),
          top: false,
          badKey: !key.isWellFormed(),
        });
      }
    }
    // Reversed onto the stack, so that fields are named in document order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  out.length = Math.min(out.length, limit);
  return out;
}

interface Visit {
  node: unknown;
  path: string;
  /** The document itself: its members may be skipped. */
  top: boolean;
  /** Reached through a key that is not well-formed: the key is named before its value is looked at. */
  badKey: boolean;
}

// The name of an own `__proto__` member, spelled plainly or with escapes, as @hapi/bourne finds it.
const PROTO_KEY =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;

/**
 * Whether a parsed JSON document has an own `__proto__` member (outside the top-level members in
 * `skip`): such a key would set an object's prototype once merged with `Object.assign`, so bodies
 * holding one are refused as the body parser used to refuse them. Only walks when the text names one.
 */
export function hasProtoKey(text: string, value: unknown, skip: readonly string[] = []): boolean {
  if (!PROTO_KEY.test(text)) return false;
  const stack: { node: unknown; top: boolean }[] = [{ node: value, top: true }];
  while (stack.length > 0) {
    const { node, top } = stack.pop() as { node: unknown; top: boolean };
    if (node === null || typeof node !== 'object') continue;
    if (Object.prototype.hasOwnProperty.call(node, '__proto__')) return true;
    for (const [key, item] of Object.entries(node))
      if (!(top && skip.includes(key))) stack.push({ node: item, top: false });
  }
  return false;
}

// A percent-escape of a byte above 0x7F: only then can a query string fail to decode as UTF-8.
const NON_ASCII_ESCAPE = /%[89a-fA-F][0-9a-fA-F]/;

function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/**
 * The query parameters whose name or value is not valid UTF-8 once percent-decoded (e.g.
 * `%FF`, or `%ED%A0%80`, an encoded surrogate), named by their parameter name (`(query)` when the
 * name itself is undecodable). Node's query parser would silently turn those bytes into U+FFFD.
 */
export function queryEncodingErrors(querystring: string, limit = MAX_FIELD_ERRORS): FieldError[] {
  if (!NON_ASCII_ESCAPE.test(querystring)) return [];
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const part of querystring.split('&')) {
    if (!NON_ASCII_ESCAPE.test(part)) continue;
    const [rawName, ...rawValue] = part.split('=');
    const name = decodeComponent(rawName);
    const value = decodeComponent(rawValue.join('='));
    if (name !== null && value !== null) continue;
    const path = name === null || name === '' ? '(query)' : name;
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, message: QUERY_NOT_UTF8 });
    if (out.length >= limit) break;
  }
  return out;
}
