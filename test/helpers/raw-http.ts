// HTTP without fetch's conveniences: the bytes as sent on the wire (fetch decompresses answers and
// adds its own Accept-Encoding), for tests of compression and conditional requests.
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body bytes as received (compressed when Content-Encoding says so). */
  bytes: Buffer;
}

export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The body decoded from its Content-Encoding (gzip, br or none). */
export function decoded(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(response.bytes);
  if (encoding === 'br') return brotliDecompressSync(response.bytes);
  if (encoding === undefined) return response.bytes;
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

/** Whether a Vary header lists `name` (case-insensitive). */
export function varies(response: RawResponse, name: string): boolean {
  const vary = response.headers.vary;
  return (Array.isArray(vary) ? vary.join(',') : (vary ?? ''))
    .split(',')
    .some((v) => v.trim().toLowerCase() === name.toLowerCase());
}
