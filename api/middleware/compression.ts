// Response compression (koa-compress): gzip or brotli, as the request's Accept-Encoding prefers
// (q-values honoured, brotli on a tie, `*` taken as gzip; `identity`, no header or nothing
// acceptable: sent as is), for answers of at least COMPRESSION_THRESHOLD_BYTES. Smaller answers
// (GET /v1/me, one contact) go out uncompressed: compressing them saves a few hundred bytes and
// costs more time than sending them. Every answer says `Vary: Accept-Encoding`. A body that
// already has a Content-Encoding (the docs assets, compressed once: api/prepared-asset.ts) or
// `Cache-Control: no-transform` is left alone.
import type { Next } from 'koa';
import compress from 'koa-compress';
import { constants } from 'node:zlib';
import type { AppContext } from '../context.ts';

/** Answers of at least this many bytes are compressed (docs/benchmarks.md has the measurements). */
export const COMPRESSION_THRESHOLD_BYTES = 2048;

/** A plain object or array: what Koa would serialize as JSON when it sends the answer. */
function isJsonValue(body: unknown): body is object {
  if (body === null || typeof body !== 'object') return false;
  const proto = Object.getPrototypeOf(body) as unknown;
  return proto === Object.prototype || proto === Array.prototype || proto === null;
}

export function compression() {
  const compressor = compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Per-request compression trades ratio for speed: gzip's default level, brotli's quality 4.
    gzip: { level: constants.Z_DEFAULT_COMPRESSION },
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    // gzip and brotli are what clients send and decode; deflate is ambiguous in practice, and zstd
    // is still experimental in Node.
    deflate: false,
    zstd: false,
  });
  const answered = () => Promise.resolve();
  return async function compressAnswers(ctx: AppContext, next: Next): Promise<void> {
    // Nothing has set Vary this early; ctx.vary (which parses the header to merge) only when something did.
    if (ctx.response.get('Vary')) ctx.vary('Accept-Encoding');
    else ctx.set('Vary', 'Accept-Encoding');
    await next();
    // Serialized here, once: the threshold is measured on the text, which is then sent (or
    // compressed) as is, rather than Koa serializing the object a second time.
    if (isJsonValue(ctx.body)) ctx.body = JSON.stringify(ctx.body);
    // Under the threshold (text and bytes know their length; a stream does not): nothing more to
    // decide, so a small answer costs the Vary header and no more.
    const length = ctx.response.length;
    if (length !== undefined && length < COMPRESSION_THRESHOLD_BYTES) return;
    // Nothing acceptable, identity refused too (`identity;q=0`, `*;q=0`): koa-compress would fail
    // with a 500; the answer goes out as is instead, as HTTP allows.
    if (ctx.get('Accept-Encoding').includes('q=0') && ctx.acceptsEncodings('br', 'gzip', 'identity') === false) return;
    await compressor(ctx, answered);
  };
}
