// Helpers of the text-corpus tests: the free-text string fields of a request schema, the corpus of
// awkward values (emoji across length limits, lone surrogates, NUL, marks, 10,000 characters, bytes
// that are not UTF-8), dotted paths into JSON bodies, a fetch with a deadline, and activity attempts.
import type { Client } from '@temporalio/client';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;

/** A sample of ordinary prose: a string field whose every pattern accepts it takes free text. */
const PROSE = 'Ab c😀é';
/** Where a map's key appears in a walked path (`variables.<key>`); tests put a real key there. */
export const MAP_KEY = '<key>';

export interface StringField {
  path: string;
  /** The smallest maxLength declared on the field (code points, as JSON Schema counts). */
  maxLength?: number;
  /** Free text; false: an identifier, date, id or enum (its format, enum or pattern refuses prose). */
  free?: boolean;
}

interface Occurrence {
  isString: boolean;
  closed: boolean;
  patterns: string[];
  maxLength?: number;
}

/**
 * Every string field of `schema`, free text or not. Free text: declared a string somewhere, with no
 * format, enum or const, and every pattern it carries (in any branch) accepting ordinary prose. Walks
 * properties, items, additionalProperties (maps, keyed MAP_KEY), allOf/anyOf/oneOf and if/then/else.
 */
export function stringFields(schema: unknown, resolveRef: (ref: string) => unknown = () => undefined): StringField[] {
  const seen = new Map<string, Occurrence[]>();
  const visit = (node: unknown, path: string, depth: number): void => {
    if (!node || typeof node !== 'object' || depth > 20) return;
    let s = node as Schema;
    for (let hops = 0; typeof s.$ref === 'string' && hops < 10; hops++) s = (resolveRef(s.$ref) ?? {}) as Schema;
    for (const key of ['allOf', 'anyOf', 'oneOf'])
      for (const branch of (s[key] as unknown[] | undefined) ?? []) visit(branch, path, depth + 1);
    for (const key of ['if', 'then', 'else']) visit(s[key], path, depth + 1);
    const types = Array.isArray(s.type) ? s.type : [s.type];
    const constrains =
      types.includes('string') || s.pattern !== undefined || s.maxLength !== undefined || s.format !== undefined;
    if (path && constrains) {
      const list = seen.get(path) ?? [];
      list.push({
        isString: types.includes('string'),
        closed: s.format !== undefined || s.enum !== undefined || s.const !== undefined,
        patterns: typeof s.pattern === 'string' ? [s.pattern] : [],
        maxLength: typeof s.maxLength === 'number' ? s.maxLength : undefined,
      });
      seen.set(path, list);
    }
    for (const [name, child] of Object.entries((s.properties as Schema | undefined) ?? {}))
      visit(child, path ? `${path}.${name}` : name, depth + 1);
    if (s.items && typeof s.items === 'object') visit(s.items, `${path}[0]`, depth + 1);
    if (s.additionalProperties && typeof s.additionalProperties === 'object')
      visit(s.additionalProperties, `${path}.${MAP_KEY}`, depth + 1);
  };
  visit(schema, '', 0);
  const out: StringField[] = [];
  for (const [path, list] of seen) {
    if (!list.some((o) => o.isString)) continue;
    const free =
      !list.some((o) => o.closed) && list.every((o) => o.patterns.every((p) => new RegExp(p, 'u').test(PROSE)));
    const limits = list.map((o) => o.maxLength).filter((n): n is number => n !== undefined);
    out.push({ path, maxLength: limits.length ? Math.min(...limits) : undefined, free });
  }
  return out;
}

/** The free-text string fields of `schema` (see stringFields). */
export function freeTextFields(schema: unknown, resolveRef?: (ref: string) => unknown): StringField[] {
  return stringFields(schema, resolveRef).filter((f) => f.free);
}

// ----- the corpus

export const EMOJI = '😀';
export const FAMILY = '👨‍👩‍👧‍👦';
/** Stands for one byte 0xFF in the JSON text sent (see encodeBody). */
export const BAD_BYTE_MARK = 'ZZbadbyteZZ';

/**
 * valid: well-formed and within the declared limit (stored exactly, or refused by a business rule).
 * invalid: over the declared limit (refused naming the field).
 * either: a lone surrogate or NUL (refused naming the field, or stored exactly: PostgreSQL text can
 * hold neither, JSON text kept verbatim can).
 * badbytes: a byte that is not UTF-8 (refused naming the field).
 */
export type Expectation = 'valid' | 'invalid' | 'either' | 'badbytes';

export interface Variant {
  kind: string;
  value: string;
  expect: Expectation;
}

export function codePoints(text: string): number {
  return [...text].length;
}

/** `n` ASCII characters starting with the case tag (so every value sent is unique). */
function filler(tag: string, n: number): string {
  return `${tag}-${'x'.repeat(Math.max(0, n))}`.slice(0, Math.max(0, n));
}

/**
 * The values one free-text field gets: emoji across its maxLength (N-1 ASCII + emoji: N code points,
 * N+1 UTF-16 units; N-2 + emoji; N + emoji: one over) and across each internal cut `c` the field
 * flows into (c-1 ASCII + emoji: the pair straddles a UTF-16 cut at c), lone surrogates, NUL,
 * combining and right-to-left marks, a ZWJ family, 10,000 characters and a byte that is not UTF-8.
 * Any other string field gets the values that are not well-formed text (lone surrogates, NUL, the byte).
 */
export function variantsFor(field: StringField, tag: () => string, cuts: number[] = []): Variant[] {
  const broken: Variant[] = [
    { kind: 'lone high surrogate', value: `${tag()} a\ud800b`, expect: 'either' },
    { kind: 'lone low surrogate', value: `${tag()} a\udc00b`, expect: 'either' },
    { kind: 'NUL', value: `${tag()} a\u0000b`, expect: 'either' },
    { kind: 'byte 0xFF (not UTF-8)', value: `${tag()} a${BAD_BYTE_MARK}b`, expect: 'badbytes' },
  ];
  if (field.free === false) return broken;
  const n = field.maxLength;
  const byLength = (kind: string, value: string): Variant => ({
    kind,
    value,
    expect: n !== undefined && codePoints(value) > n ? 'invalid' : 'valid',
  });
  const out: Variant[] = [];
  if (n !== undefined) {
    out.push(byLength(`${n - 1} ASCII + emoji`, filler(tag(), n - 1) + EMOJI));
    if (n >= 3) out.push(byLength(`${n - 2} ASCII + emoji`, filler(tag(), n - 2) + EMOJI));
    out.push(byLength(`${n} ASCII + emoji (over)`, filler(tag(), n) + EMOJI));
  }
  for (const cut of cuts)
    if (cut !== n) out.push(byLength(`${cut - 1} ASCII + emoji (cut ${cut})`, filler(tag(), cut - 1) + EMOJI));
  out.push(byLength('combining marks', `${tag()} e\u0301 n\u0303`));
  out.push(byLength('right-to-left marks', `${tag()} \u200fabc \u202edef`));
  out.push(byLength('ZWJ family emoji', `${tag()} ${FAMILY}`));
  out.push(byLength('10,000 characters', filler(tag(), 10_000)));
  return [...out, ...broken];
}

// ----- paths

function segments(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]));
}

/** Writes `value` at a dotted path (`steps[0].body`, `variables.k`), creating objects and arrays on the way. */
export function setAt(target: { [key: string]: Json }, path: string, value: Json): void {
  const parts = segments(path);
  let node: Json = target;
  parts.forEach((part, i) => {
    const container = node as Record<string | number, Json>;
    if (i === parts.length - 1) {
      container[part] = value;
      return;
    }
    if (container[part] === undefined || container[part] === null)
      container[part] = typeof parts[i + 1] === 'number' ? [] : {};
    node = container[part];
  });
}

export function getAt(source: unknown, path: string): unknown {
  let node: unknown = source;
  for (const part of segments(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node;
}

// ----- sending

export interface Answer {
  status: number;
  text: string;
  body: unknown;
  ms: number;
  error?: string;
}

/** The JSON text of `body` as bytes; each BAD_BYTE_MARK becomes the byte 0xFF. */
export function encodeBody(body: unknown): Buffer {
  const parts = Buffer.from(JSON.stringify(body), 'utf8').toString('latin1').split(BAD_BYTE_MARK);
  return Buffer.concat(
    parts.flatMap((p, i) => (i === 0 ? [Buffer.from(p, 'latin1')] : [Buffer.from([0xff]), Buffer.from(p, 'latin1')])),
  );
}

/** One JSON request with a deadline: an answer that does not come in time is `status` 0 with `error`. */
export async function send(
  baseUrl: string,
  key: string,
  method: string,
  path: string,
  body: unknown,
  timeoutMs = 10_000,
): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : new Uint8Array(encodeBody(body)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: response.status, text, body: parsed, ms: Date.now() - started };
  } catch (error) {
    const name = (error as Error).name;
    return {
      status: 0,
      text: '',
      body: undefined,
      ms: Date.now() - started,
      error: name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : String(error),
    };
  }
}

/** A value shown so that the failure output is readable: non-ASCII as \uXXXX escapes, long runs elided. */
export function show(value: unknown, max = 160): string {
  if (value === undefined) return 'undefined';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const escaped = [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if (code >= 0x20 && code < 0x7f) return ch;
      return [...Array.from({ length: ch.length }, (_x, i) => ch.charCodeAt(i))]
        .map((u) => `\\u${u.toString(16).padStart(4, '0')}`)
        .join('');
    })
    .join('')
    .replace(/(.)\1{19,}/g, (run, ch: string) => `${ch}…(${run.length}×)`);
  const quoted = typeof value === 'string' ? `"${escaped}" (${text.length} units)` : escaped;
  return quoted.length > max ? `${quoted.slice(0, max)}…` : quoted;
}

// ----- Temporal

export interface Attempts {
  workflowId: string;
  activity: string;
  attempt: number;
  state: 'done' | 'pending';
  failure?: string;
}

/** Each activity of a workflow with its attempt count: from the history (finished) and describe() (pending). */
export async function activityAttempts(temporal: Client, workflowId: string): Promise<Attempts[]> {
  const handle = temporal.workflow.getHandle(workflowId);
  let history;
  let description;
  try {
    history = await handle.fetchHistory();
    description = await handle.describe();
  } catch (error) {
    // A workflow that never ran (an enrollment that needed no verification runs none): no attempts.
    // fetchHistory reports it as the bare gRPC NOT_FOUND (code 5), describe as WorkflowNotFoundError.
    if ((error as Error).name === 'WorkflowNotFoundError' || (error as { code?: number }).code === 5) return [];
    throw error;
  }
  const names = new Map<string, string>();
  const out: Attempts[] = [];
  for (const event of history.events ?? []) {
    const scheduled = event.activityTaskScheduledEventAttributes;
    if (scheduled) names.set(String(event.eventId), scheduled.activityType?.name ?? '?');
    const started = event.activityTaskStartedEventAttributes;
    if (started) {
      out.push({
        workflowId,
        activity: names.get(String(started.scheduledEventId)) ?? '?',
        attempt: started.attempt ?? 0,
        state: 'done',
        failure: started.lastFailure?.message ?? undefined,
      });
    }
  }
  for (const pending of description.raw.pendingActivities ?? []) {
    out.push({
      workflowId,
      activity: pending.activityType?.name ?? '?',
      attempt: pending.attempt ?? 0,
      state: 'pending',
      failure: pending.lastFailure?.message ?? undefined,
    });
  }
  return out;
}
