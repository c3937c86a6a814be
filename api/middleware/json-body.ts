// The one JSON body reader: bytes (Content-Encoding undone), strict UTF-8, JSON, well-formed text,
// all checked before idempotency and route validation, so a refused body writes nothing.
import { brotliDecompress, unzip, type InputType, type ZlibOptions } from 'node:zlib';
import type { Readable } from 'node:stream';
import type { Next } from 'koa';
import type { AppContext } from '../context.ts';
import { payloadTooLarge, validationIssue, type ApiIssue } from '../errors.ts';
import { hasProtoKey, illFormedFields, mayHoldLoneSurrogate, strictUtf8 } from '../well-formed.ts';

export interface JsonBodyOptions {
  /** The largest body accepted, in bytes, both as sent and once decompressed (413 above). */
  limitBytes: number;
  /** Top-level members a route keeps as their exact source text (not looked into): POST /v1/events' payload. */
  verbatimMembers?: (ctx: AppContext) => readonly string[];
  /** The status of a ValidationIssue for ill-formed text: 400, or 422 where the route's contract says so. */
  textIssueStatus?: (ctx: AppContext) => 400 | 422;
}

export interface RequestBody {
  /** The body's exact bytes, after any Content-Encoding is undone. */
  bytes: Buffer;
  /** Those bytes as text (strict UTF-8). */
  text: string;
}

const bodies = new WeakMap<object, RequestBody>();

/** The bytes and text of this request's JSON body, when jsonBody read one. */
export function requestBody(ctx: AppContext): RequestBody | undefined {
  return bodies.get(ctx.request);
}

/** The exact bytes of this request's JSON body (e.g. an Idempotency-Key fingerprint), when jsonBody read one. */
export function requestBodyBytes(ctx: AppContext): Buffer | undefined {
  return bodies.get(ctx.request)?.bytes;
}

const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** Content-Type values that are JSON in UTF-8 as written (the header's usual spellings). */
const PLAIN_JSON = new Set([
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=UTF-8',
  'application/json;charset=utf-8',
  'application/json;charset=UTF-8',
]);
const NOT_JSON = 'The request body is not valid JSON (a JSON object or array is expected).';
// JSON text that is an object or an array (RFC 8259 white space first).
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[[{]/;

function bodyIssue(message: string, what: string): ApiIssue {
  return validationIssue(message, [{ path: '(body)', message: what }]);
}

/** The bytes of a stream, at most `limitBytes` of them (413 past that; 400 when the client goes away). */
function collect(stream: Readable, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (error: ApiIssue | null) => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      if (error) {
        // Not destroyed, so the error is still answered; the rest stays unread (the connection closes after).
        stream.pause();
        reject(error);
      } else {
        resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
      }
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) settle(payloadTooLarge(limitBytes));
      else chunks.push(chunk);
    };
    // 'close' also follows a normal 'end': the issue (an Error, costly to build) only when still unsettled.
    const unreadable = () => {
      if (!settled) settle(bodyIssue('The request body could not be read.', 'could not be read'));
    };
    // The client went away before the body was read: nothing more will come.
    if (stream.destroyed) return unreadable();
    stream.on('data', onData);
    stream.once('end', () => settle(null));
    // A listener stays: an error after settling must not go unhandled.
    stream.on('error', unreadable);
    stream.once('close', unreadable);
  });
}

type Inflate = (input: InputType, options: ZlibOptions, done: (error: Error | null, result: Buffer) => void) => void;

// Content codings read (case-insensitive); `unzip` takes both gzip and zlib-wrapped deflate data.
const INFLATERS = new Map<string, Inflate>([
  ['gzip', unzip],
  ['x-gzip', unzip],
  ['deflate', unzip],
  ['br', brotliDecompress as Inflate],
]);

/** The body's bytes with its Content-Encoding undone: 400 unsupported or corrupt, 413 over the limit. */
async function readBytes(ctx: AppContext, limitBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length'));
  if (Number.isFinite(declared) && declared > limitBytes) throw payloadTooLarge(limitBytes);
  const encoding = (ctx.get('Content-Encoding') || 'identity').trim().toLowerCase();
  const inflate = encoding === 'identity' ? null : INFLATERS.get(encoding);
  if (inflate === undefined) {
    throw bodyIssue(
      `Unsupported Content-Encoding ${JSON.stringify(encoding)}: send identity, gzip, deflate or br.`,
      'has an unsupported encoding or charset',
    );
  }
  let sent: Buffer;
  try {
    sent = await collect(ctx.req, limitBytes);
  } catch (error) {
    // The body was left part-read: this connection cannot carry another request.
    ctx.set('Connection', 'close');
    throw error;
  }
  if (!inflate) return sent;
  return new Promise((resolve, reject) =>
    inflate(sent, { maxOutputLength: limitBytes }, (error, result) => {
      if (!error) resolve(result);
      else if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') reject(payloadTooLarge(limitBytes));
      else
        reject(
          bodyIssue(
            `Content-Encoding ${encoding}: the body could not be decompressed.`,
            `could not be decompressed (not valid ${encoding} data)`,
          ),
        );
    }),
  );
}

/**
 * Middleware, after authentication and before idempotency and the routers: the body of a POST,
 * PUT or PATCH declared JSON becomes ctx.request.body (`{}` when empty, or when not declared
 * JSON: validation then names what is missing). Refused with 400 ValidationIssue: bytes that are
 * not UTF-8, another declared charset, text that is not a JSON object or array, a `__proto__`
 * member, and any string or key with an unpaired surrogate (each named by its field path).
 */
export function jsonBody(options: JsonBodyOptions) {
  return async function readJsonBody(ctx: AppContext, next: Next): Promise<void> {
    const request = ctx.request as typeof ctx.request & { body?: unknown; rawBody?: string };
    if (!PARSED_METHODS.has(ctx.method) || request.body !== undefined) return next();
    // What clients send almost always, known without parsing the header; anything else is parsed.
    if (!PLAIN_JSON.has(ctx.get('Content-Type'))) {
      if (!ctx.request.is('json', '+json')) {
        request.body = {};
        return next();
      }
      const charset = ctx.request.charset.toLowerCase();
      if (charset && charset !== 'utf-8' && charset !== 'utf8') {
        throw bodyIssue(
          `Unsupported charset ${JSON.stringify(charset)}: send UTF-8 JSON.`,
          'has an unsupported encoding or charset',
        );
      }
    }
    const bytes = await readBytes(ctx, options.limitBytes);
    const text = strictUtf8(bytes);
    if (text === null) throw bodyIssue('The request body is not valid UTF-8.', 'is not valid UTF-8');
    let parsed: unknown = {};
    if (text !== '') {
      if (!OBJECT_OR_ARRAY.test(text)) throw bodyIssue(NOT_JSON, 'is not valid JSON');
      try {
        parsed = JSON.parse(text);
      } catch {
        throw bodyIssue(NOT_JSON, 'is not valid JSON');
      }
      const verbatim = options.verbatimMembers?.(ctx) ?? [];
      if (hasProtoKey(text, parsed, verbatim))
        throw bodyIssue('The request body has a "__proto__" member, which is refused.', 'has a "__proto__" member');
      // One walk, and only when the text has a surrogate escape: strict UTF-8 text is well-formed itself.
      if (mayHoldLoneSurrogate(text)) {
        const errors = illFormedFields(parsed, verbatim);
        if (errors.length > 0) {
          const summary = errors.map((e) => `${e.path} ${e.message}`).join('; ');
          throw validationIssue(`Invalid request body: ${summary}`, errors, options.textIssueStatus?.(ctx) ?? 400);
        }
      }
    }
    bodies.set(ctx.request, { bytes, text });
    request.body = parsed;
    request.rawBody = text;
    return next();
  };
}
