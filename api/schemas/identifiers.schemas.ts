// The identifiers people and companies are matched on, as JSON Schema patterns that accept exactly
// what domain/people/identifiers.ts turns into an identifier (surrounding spaces, any case, the usual URL
// forms), so the document states the real rule and the fuzzer's valid values are valid. ASCII
// classes only and no lookarounds: the same text is an ECMAScript regex for Ajv and a Python one
// for Schemathesis. api/validation.ts names a failure in words instead of quoting the pattern.
import { LIMITS } from '../../domain/people/identifiers.ts';
import type { JsonSchema } from '../json-schema.ts';

const WS = '[ \\t]*';
/** A DNS label, and a top-level one (it starts with a letter, so a name is never an IP address). */
export const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
export const TLD = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** Printable ASCII without `@` (the normaliser would read what precedes an `@` as user info). */
const REST = '[!-?A-~]*';

/** A domain, or a URL of one: optional scheme, `www.`, port, trailing dot, path, query. */
export const DOMAIN_PATTERN = `^${WS}(?:[A-Za-z][A-Za-z0-9+.-]*://)?(?:${LABEL}\\.)+${TLD}\\.?(?::[0-9]+)?(?:[/?#]${REST})?${WS}$`;

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
/** An address: dot-atom local part (no leading, trailing or double dot) at a domain with a letter TLD. */
export const EMAIL_PATTERN = `^${WS}${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+[A-Za-z]{2,63}${WS}$`;
/** The local part is at most 64 characters: a second pattern, as one regex cannot bound it without a lookahead. */
export const EMAIL_LOCAL_PATTERN = `^${WS}[^@ \\t]{1,64}@`;

// A slug character: unreserved ASCII, or a percent-escape of a printable ASCII character other than
// `#`, `.`, `/`, `?`, or a two-byte UTF-8 sequence of U+00C0-U+07FF (é, ü, ß, Greek, Cyrillic...).
const SLUG_CHAR =
  '(?:[A-Za-z0-9_.~-]|%(?:2[124-9A-Da-d]|3[0-9A-Ea-e]|[4-6][0-9A-Fa-f]|7[0-9A-Ea-e])|%(?:[Cc][3-9A-Fa-f]|[Dd][0-9A-Fa-f])%[89ABab][0-9A-Fa-f])';
const SLUG_FIRST = SLUG_CHAR.replace('[A-Za-z0-9_.~-]', '[A-Za-z0-9_~-]');
/** A word in any letter case, as a pattern (`ci('in')` is `[Ii][Nn]`). */
export const ci = (word: string) => [...word].map((c) => `[${c.toUpperCase()}${c}]`).join('');
/** A LinkedIn profile URL: http(s) optional, `www.` or a country subdomain, /in/<slug> (or /mwlite/in/), slash, query, fragment. */
export const LINKEDIN_URL_PATTERN =
  `^${WS}(?:${ci('http')}[Ss]?://)?(?:[A-Za-z]{2,3}\\.)?${ci('linkedin')}\\.${ci('com')}\\.?` +
  `/(?:${ci('mwlite')}/)?${ci('in')}/${SLUG_FIRST}${SLUG_CHAR}*/?(?:[?#][!-~]*)?${WS}$`;

/** ECMAScript white space (what String.prototype.trim removes), as a class body without surrogates. */
export const WHITE_SPACE = ' \\t\\n\\v\\f\\r\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
/** Text that is not blank once trimmed. */
export const NOT_BLANK_PATTERN = `[^${WHITE_SPACE}]`;

/**
 * Patterns no string with NUL can match (printable ASCII classes, anchored): api/schemas/storable.ts
 * adds no second NUL pattern beside them, which would only make generators filter.
 */
/** Any text PostgreSQL can store: no NUL (api/schemas/storable.ts adds it to every declared string). */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

export const NUL_FREE_PATTERNS = new Set<string>([DOMAIN_PATTERN, EMAIL_PATTERN, LINKEDIN_URL_PATTERN, NO_NUL_PATTERN]);

/** Pattern → what a value breaking it is, in the words the services use for the same rule. */
export const PATTERN_MESSAGES: Record<string, string> = {
  [NO_NUL_PATTERN]: 'must not contain the NUL character (\\u0000)',
  [DOMAIN_PATTERN]: 'is not a valid domain',
  [EMAIL_PATTERN]: 'is not a valid email address',
  [EMAIL_LOCAL_PATTERN]: 'is not a valid email address',
  [LINKEDIN_URL_PATTERN]: 'is not a LinkedIn profile URL (https://www.linkedin.com/in/...)',
  [NOT_BLANK_PATTERN]: 'must not be blank',
};

type Base = JsonSchema & { type: 'string' | ['string', 'null'] };

/** The pattern needs a character already: a minLength beside it would name the same field twice. */
function withoutMinLength(base: Base): JsonSchema {
  const { minLength: _minLength, ...rest } = base;
  return rest;
}

/** `base` (type, description, ...) as a domain field. */
export function domainField(base: Base): JsonSchema {
  return { ...withoutMinLength(base), maxLength: LIMITS.domain, pattern: DOMAIN_PATTERN };
}

export function emailField(base: Base): JsonSchema {
  return {
    ...withoutMinLength(base),
    maxLength: LIMITS.email,
    pattern: EMAIL_PATTERN,
    allOf: [{ pattern: EMAIL_LOCAL_PATTERN }],
  };
}

export function linkedinUrlField(base: Base): JsonSchema {
  return { ...withoutMinLength(base), maxLength: LIMITS.linkedinUrl, pattern: LINKEDIN_URL_PATTERN };
}
