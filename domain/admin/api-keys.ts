// API key format and hashing. A raw key is `ows_<base62 secret>`; only its SHA-256 hash and its
// first characters (the prefix, safe to log) are stored. Pure functions, no I/O.
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KEY_PREFIX = 'ows';
/** 32 base62 characters carry about 190 bits of randomness (>= 128 required). */
const SECRET_LENGTH = 32;
/** How many leading characters of the raw key are kept as `key_prefix`. */
const PREFIX_LENGTH = KEY_PREFIX.length + 1 + 8;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}_[0-9A-Za-z]{${SECRET_LENGTH}}$`);

/** Uniform base62 by rejection sampling: bytes >= 248 would bias the low digits. */
function base62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export interface GeneratedKey {
  raw: string;
  prefix: string;
  hash: string;
}

export function generateApiKey(): GeneratedKey {
  const raw = `${KEY_PREFIX}_${base62(SECRET_LENGTH)}`;
  return { raw, prefix: keyPrefixOf(raw), hash: hashApiKey(raw) };
}

export function isWellFormedKey(raw: string): boolean {
  return KEY_PATTERN.test(raw);
}

export function keyPrefixOf(raw: string): string {
  return raw.slice(0, PREFIX_LENGTH);
}

export function hashApiKey(raw: string): string {
  // One-shot hash: no Hash object per call (every authenticated request hashes its key).
  return hash('sha256', raw, 'hex');
}

/** Constant-time comparison of two hex digests of equal length. */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Extracts the key from an `Authorization: Bearer <key>` header, or null when malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return match ? match[1] : null;
}
