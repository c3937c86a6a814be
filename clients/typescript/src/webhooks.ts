// Verifies a webhook delivery the way the service signs it (Standard Webhooks): the headers
// `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` ("v1,<base64>", space-
// separated when several secrets sign during a rotation), the signature being the HMAC-SHA256 of
// `<id>.<timestamp>.<raw body>` under the subscription secret (`whsec_<base64 key>`). Signatures are
// compared in constant time, and a timestamp outside the tolerance is refused, so a captured
// delivery cannot be replayed later.
import { createHmac, timingSafeEqual } from 'node:crypto';

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** Request headers as fetch (`Headers`) or node:http (`req.headers`) give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** Largest difference between the delivery's timestamp and now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The current time (default: the clock). */
  now?: Date;
}

function header(headers: WebhookHeaders, name: string): string {
  const value = headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()]);
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) throw new WebhookVerificationError(`missing ${name} header`);
  return text;
}

function secretKey(secret: string): Buffer {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  if (key.length === 0) throw new WebhookVerificationError('the secret is not a whsec_<base64> secret');
  return key;
}

/**
 * The parsed payload of a delivery whose signature matches one of `secrets` (the subscription's
 * secret; during a rotation either may be given). `body` is the raw request body, exactly as
 * received: re-serialised JSON would not match. Throws WebhookVerificationError otherwise.
 */
export function verifyWebhook<Payload = unknown>(
  secrets: string | string[],
  body: string | Uint8Array,
  headers: WebhookHeaders,
  options: VerifyOptions = {},
): Payload {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not Unix seconds');
  const skew = Math.abs((options.now ?? new Date()).getTime() / 1000 - Number(timestamp));
  if (skew > (options.toleranceSeconds ?? 300))
    throw new WebhookVerificationError('webhook-timestamp is outside the tolerance');
  const raw = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  const signed = Buffer.concat([Buffer.from(`${id}.${timestamp}.`, 'utf8'), raw]);
  const expected = (Array.isArray(secrets) ? secrets : [secrets]).map((secret) =>
    createHmac('sha256', secretKey(secret)).update(signed).digest(),
  );
  const given = signatures.split(' ').flatMap((entry) => {
    const [version, signature] = entry.split(',', 2);
    return version === 'v1' && signature ? [Buffer.from(signature, 'base64')] : [];
  });
  const matches = given.some((candidate) =>
    expected.some((mac) => mac.length === candidate.length && timingSafeEqual(mac, candidate)),
  );
  if (!matches) throw new WebhookVerificationError('no signature matches');
  return JSON.parse(raw.toString('utf8')) as Payload;
}
