// Domains for generated companies: a primary domain's candidates and an alias domain's candidates.
import type { Rng } from './random.ts';
import { slugify } from './slugs.ts';

/** Domain candidates for a name, most natural first; all under reserved TLDs (RFC 2606). */
export function domainCandidates(rng: Rng, name: string, country: string): string[] {
  const words = slugify(name.replace(/&/g, ' ')).split('-');
  const joined = words.join('');
  const hyphenated = words.join('-');
  const short = words.length > 2 ? words.slice(0, 2).join('') : joined;
  const tld = rng.chance(0.8) ? 'test' : 'example';
  const cc = country.toLowerCase();
  return [
    `${short}.${tld}`,
    `${joined}.${tld}`,
    `${hyphenated}.${tld}`,
    `get${short}.${tld}`,
    `${short}-${cc}.${tld}`,
    `${short}hq.${tld}`,
  ];
}

export function aliasCandidates(domain: string, country: string): string[] {
  const dot = domain.indexOf('.');
  const label = domain.slice(0, dot);
  const otherTld = domain.endsWith('.test') ? 'example' : 'test';
  return [
    `${label}.${otherTld}`,
    `${label}-inc.test`,
    `get${label}.test`,
    `${label}-${country.toLowerCase()}.test`,
    `${label}hq.example`,
    `${label}-group.test`,
  ];
}
