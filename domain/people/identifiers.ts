// Normalisation of the identifiers people and companies are matched on: emails, LinkedIn profile
// URLs and domains. Pure functions; each returns null when the input is not such an identifier,
// so callers can name the offending field.

const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const LIMITS = {
  email: 254,
  linkedinUrl: 512,
  domain: 253,
} as const;

/** Lower-cased, trimmed email, or null when it is not a plausible address. */
/** The distinct non-empty values of a list, in first-seen order (the identifiers of a batch to look up at once). */
export const distinctPresent = (values: (string | null | undefined)[]): string[] => [
  ...new Set(values.filter((v): v is string => !!v)),
];

export function normalizeEmail(raw: string): string | null {
  const value = raw.trim().toLowerCase();
  if (value.length === 0 || value.length > LIMITS.email || !EMAIL.test(value)) return null;
  const [local] = value.split('@');
  if (local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return null;
  return value;
}

/** The domain part of a normalised email. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

/**
 * Canonical `https://www.linkedin.com/in/<slug>` for a profile URL however it was typed: with or
 * without scheme, `www.` or a country subdomain, trailing slash, query string or fragment, any
 * case. Null when it is not a LinkedIn profile (`/in/...`) URL.
 */
export function normalizeLinkedinUrl(raw: string): string | null {
  let value = raw.trim();
  if (value.length === 0 || value.length > LIMITS.linkedinUrl) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) value = `https://${value}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host !== 'linkedin.com' && !/^[a-z]{2,3}\.linkedin\.com$/.test(host)) return null;
  const match = /^\/(?:mwlite\/)?in\/([^/]+)\/?$/i.exec(url.pathname);
  if (!match) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]).toLowerCase();
  } catch {
    return null;
  }
  if (!slug || /[\s/?#]/.test(slug)) return null;
  return `https://www.linkedin.com/in/${encodeURIComponent(slug).replace(/%2D/gi, '-')}`;
}

/**
 * A bare, lower-case host name from a domain or URL: scheme, `www.`, port, path, query and a
 * trailing dot removed. Null when what remains is not a valid domain with a TLD.
 */
export function normalizeDomain(raw: string): string | null {
  let value = raw.trim().toLowerCase();
  if (value.length === 0 || value.length > 2048) return null;
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  value = value.replace(/^[^@/]*@/, '');
  value = value.split(/[/?#]/, 1)[0];
  value = value.replace(/:\d+$/, '').replace(/\.$/, '');
  if (value.startsWith('www.')) value = value.slice(4);
  if (value.length === 0 || value.length > LIMITS.domain) return null;
  const labels = value.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !/^[a-z][a-z0-9-]*$/.test(labels[labels.length - 1]))
    return null;
  return value;
}

/**
 * Why PostgreSQL cannot store a text (text and jsonb refuse NUL, and UTF-8 has no encoding for an
 * unpaired surrogate), or null when it can.
 */
export function unstorableReason(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (!value.isWellFormed()) return 'must not contain an unpaired surrogate (\\ud800-\\udfff escape)';
  return null;
}

/** Whether every string (keys included) of a parsed JSON value can be stored in jsonb. */
export function jsonStorable(value: unknown): boolean {
  if (typeof value === 'string') return unstorableReason(value) === null;
  if (Array.isArray(value)) return value.every(jsonStorable);
  if (value && typeof value === 'object')
    return Object.entries(value).every(([k, v]) => unstorableReason(k) === null && jsonStorable(v));
  return true;
}
