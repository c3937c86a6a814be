// Sends one webhook: a POST of the JSON body signed the Standard Webhooks way (webhook-id,
// webhook-timestamp, webhook-signature "v1,<base64 HMAC-SHA256>", one signature per live secret,
// space-separated during a rotation). Redirects are not followed, every resolved address is checked
// against the URL policy, the time is bounded and only the first bytes of the answer are read.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { addressAllowed, urlProblem, type UrlPolicy } from './url-policy.ts';

export const MAX_RESPONSE_BYTES = 16 * 1024;
/** Longest wait a receiver can ask for with Retry-After. */
export const MAX_RETRY_AFTER_MS = 10 * 60 * 60 * 1000;

export interface SendInput {
  url: string;
  /** Live secrets (`whsec_...`), newest first. */
  secrets: string[];
  webhookId: string;
  body: string;
  timeoutMs: number;
  policy: UrlPolicy;
  now?: Date;
}

export interface SendResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  /** From Retry-After on 429 and 503, capped at MAX_RETRY_AFTER_MS. */
  retryAfterMs: number | null;
  durationMs: number;
}

export function signatureHeaders(
  secrets: string[],
  webhookId: string,
  timestamp: Date,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(webhookId, timestamp, body)).join(' '),
  };
}

export function parseRetryAfter(header: string | undefined, now: Date): number | null {
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now.getTime();
  if (!Number.isFinite(ms) || ms < 0) return null;
  return Math.min(ms, MAX_RETRY_AFTER_MS);
}

export async function sendWebhook(input: SendInput): Promise<SendResult> {
  const started = performance.now();
  const done = (partial: Omit<SendResult, 'durationMs'>): SendResult => ({
    ...partial,
    durationMs: Math.round(performance.now() - started),
  });
  const problem = urlProblem(input.url, input.policy);
  if (problem) return done({ ok: false, status: null, error: `url ${problem}`, retryAfterMs: null });
  const url = new URL(input.url);
  const now = input.now ?? new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'outreach-workspace-webhooks/1',
    'content-length': String(Buffer.byteLength(input.body)),
    ...signatureHeaders(input.secrets, input.webhookId, now, input.body),
  };
  const policy = input.policy;
  // Resolve, then refuse any address the policy forbids, before a socket is opened.
  const lookup = (
    hostname: string,
    options: object,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const refused = list.find((a) => !addressAllowed(a.address, policy));
      // The message reaches the tenant (test answer, delivery last_error): it must not reveal which
      // internal address a name resolved to, or the endpoint becomes an internal DNS oracle.
      if (refused)
        return callback(
          Object.assign(new Error('the host resolves to an address that is not allowed'), { code: 'EADDRNOTALLOWED' }),
          [],
        );
      if ((options as { all?: boolean }).all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendResult>((settle) => {
    // The whole exchange is bounded, not only idle gaps: a receiver that drips bytes still times out.
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${input.timeoutMs} ms`)), input.timeoutMs);
    const resolve = (result: SendResult) => {
      clearTimeout(timer);
      settle(result);
    };
    const req = request(url, { method: 'POST', headers, lookup, timeout: input.timeoutMs }, (res: IncomingMessage) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) res.destroy();
      });
      const finish = () => {
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        const retryAfterMs =
          status === 429 || status === 503 ? parseRetryAfter(res.headers['retry-after'], new Date()) : null;
        resolve(done({ ok, status, error: ok ? null : `receiver answered ${status}`, retryAfterMs }));
      };
      res.once('end', finish);
      res.once('close', finish);
    });
    req.once('timeout', () => req.destroy(new Error(`timed out after ${input.timeoutMs} ms`)));
    req.once('error', (error) => resolve(done({ ok: false, status: null, error: error.message, retryAfterMs: null })));
    req.end(input.body);
  });
}
