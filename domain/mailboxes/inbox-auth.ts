// What the receiving mail server said about a message's authenticity: its Authentication-Results
// header (RFC 8601), read with mailauth's parser. Only the topmost such header is read: it is the one
// the mailbox's own provider prepended on delivery; any lower one was written by whoever sent the
// message and proves nothing. A failed DMARC result means the From address may be forged, so the
// message may not speak for that address (an opt-out, a bounce). Pure.
import { createRequire } from 'node:module';
import { storableText } from '../shared/text.ts';

/** The longest header value handed to the parser; a real one is a few hundred characters. */
const HEADER_MAX = 4096;

interface ParsedResult {
  value?: string;
}
interface ParsedAuthenticationResults {
  parsed?: {
    value?: string;
    spf?: ParsedResult | ParsedResult[];
    dkim?: ParsedResult | ParsedResult[];
    dmarc?: ParsedResult | ParsedResult[];
  };
}

// mailauth ships its header parser as a CommonJS module without types of its own.
const parseHeader = createRequire(import.meta.url)('mailauth/lib/parse-dkim-headers.js') as (
  line: string,
) => ParsedAuthenticationResults;

export interface AuthenticationVerdict {
  /** The server that wrote the header (its authserv-id). */
  server: string | null;
  spf: string | null;
  dkim: string | null;
  dmarc: string | null;
}

/** The first result of a method (pass, fail, none, ...), lower-cased and storable. */
function resultOf(entry: ParsedResult | ParsedResult[] | undefined): string | null {
  const first = Array.isArray(entry) ? entry[0] : entry;
  return typeof first?.value === 'string' ? storableText(first.value.toLowerCase(), 40) || null : null;
}

/** The verdict of the topmost Authentication-Results header, or null when there is none or it cannot be read. */
export function authenticationOf(headers: Map<string, string>): AuthenticationVerdict | null {
  const value = headers.get('authentication-results');
  if (!value || value.length > HEADER_MAX) return null;
  try {
    const { parsed } = parseHeader(`Authentication-Results: ${value}`);
    if (!parsed) return null;
    return {
      server: typeof parsed.value === 'string' ? storableText(parsed.value, 255) || null : null,
      spf: resultOf(parsed.spf),
      dkim: resultOf(parsed.dkim),
      dmarc: resultOf(parsed.dmarc),
    };
  } catch {
    return null;
  }
}

/** True when the receiving server found the From domain's DMARC policy failed: the sender may be forged. */
export function dmarcFailed(verdict: AuthenticationVerdict | null): boolean {
  return verdict?.dmarc === 'fail';
}
