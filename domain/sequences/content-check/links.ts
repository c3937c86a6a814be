// Links to hosts other than the tracking host: with click tracking on every link of the body goes
// through the tracking domain; a link that does not (click tracking off, an image's source) points
// readers and filters at a domain the sender's reputation does not cover, which mail filters
// weigh as a phishing sign when it differs from the sending and tracking domains.
import { warning, type CheckContext, type ContentWarning, type RenderedStep } from './warning.ts';

/** Warnings name at most this many hosts per step. */
export const FOREIGN_HOSTS_MAX = 10;

const TEXT_LINK = /https?:\/\/[^\s<>"'`]+/gi;
const HTML_LINK = /\b(?:href|src)\s*=\s*"([^"]*)"/gi;

/** The host of an absolute http(s) URL (lower case), or null. */
function hostOf(url: string): string | null {
  try {
    const parsed = new URL(url.replace(/&amp;/g, '&'));
    return /^https?:$/.test(parsed.protocol) ? parsed.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The distinct hosts of the links of the text part and the HTML part's href and src, in order of appearance. */
export function linkHosts(rendered: Pick<RenderedStep, 'text' | 'html'>): string[] {
  const urls = [
    ...[...rendered.text.matchAll(TEXT_LINK)].map((m) => m[0]),
    ...[...(rendered.html ?? '').matchAll(HTML_LINK)].map((m) => m[1]),
  ];
  const hosts = new Set<string>();
  for (const url of urls) {
    const host = hostOf(url);
    if (host) hosts.add(host);
  }
  return [...hosts];
}

export function foreignLinks(rendered: RenderedStep, ctx: CheckContext): ContentWarning[] {
  const own = hostOf(ctx.linkBaseUrl);
  const foreign = linkHosts(rendered).filter((host) => host !== own);
  return foreign
    .filter((_, i) => i < FOREIGN_HOSTS_MAX)
    .map((host) =>
      warning(
        ctx,
        'FOREIGN_LINK',
        ctx.paths.body,
        `A link points at ${host}, not at the tracking domain ${own ?? ctx.linkBaseUrl}: ` +
          'turn click tracking on or link to the sending domain.',
      ),
    );
}
