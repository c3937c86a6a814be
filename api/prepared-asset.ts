// A large response body that does not change while the process runs (the API reference script,
// the OpenAPI document), compressed once, off the event loop, at the best ratio (gzip level 9,
// brotli quality 11 would take seconds for the script, so 9), and sent in the encoding the request
// accepts, with a weak ETag and `If-None-Match` → 304. The compression middleware leaves a body
// that already has a Content-Encoding alone.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AppContext } from './context.ts';
import { ifNoneMatchHits, weakEtag } from './etag.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export const ASSET_BROTLI_QUALITY = 9;

export interface PreparedAsset {
  type: string;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export async function prepareAsset(bytes: Buffer, type: string): Promise<PreparedAsset> {
  const [gz, br] = await Promise.all([
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
    brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: ASSET_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  return { type, etag: weakEtag(bytes), identity: bytes, gzip: gz, br };
}

/**
 * Answers with the asset: 304 when If-None-Match names its ETag, else its bytes in the encoding the
 * request's Accept-Encoding prefers among br, gzip and identity (q-values honoured; identity when
 * nothing listed is acceptable).
 */
export function sendAsset(ctx: AppContext, asset: PreparedAsset): { status: number; body?: Buffer } {
  ctx.vary('Accept-Encoding');
  ctx.set('ETag', asset.etag);
  if (ifNoneMatchHits(ctx.get('If-None-Match'), asset.etag)) return { status: 304 };
  ctx.type = asset.type;
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br' || encoding === 'gzip') {
    ctx.set('Content-Encoding', encoding);
    return { status: 200, body: asset[encoding] };
  }
  return { status: 200, body: asset.identity };
}
