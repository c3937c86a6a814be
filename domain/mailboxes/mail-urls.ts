// The SMTP and IMAP URLs a mailbox is connected with: `smtps://` and `imaps://` speak TLS from the
// first byte; `smtp://` and `imap://` upgrade with STARTTLS, which is required unless the server is
// on this machine (plain text never leaves a loopback host). Login and password are URL-encoded.
import { isIP } from 'node:net';

export type MailProtocol = 'smtp' | 'imap';

/** What connecting needs, read from a URL: secrets included, so never logged or printed as a whole. */
export interface MailServer {
  protocol: MailProtocol;
  host: string;
  port: number;
  /** TLS from the first byte (smtps, imaps). */
  tls: boolean;
  /** STARTTLS is required (smtp/imap to any host but loopback); otherwise used when offered. */
  requireStartTls: boolean;
  user: string;
  password: string;
}

/** A URL the rules refuse; `option` names the command-line option (or field) it came from. */
export class MailUrlError extends Error {
  readonly option: string;

  constructor(option: string, message: string) {
    super(`${option}: ${message}`);
    this.name = 'MailUrlError';
    this.option = option;
  }
}

const DEFAULT_PORTS: Record<string, number> = { smtps: 465, smtp: 587, imaps: 993, imap: 143 };

/** localhost, 127.0.0.0/8 and ::1: the only hosts mail may reach without TLS. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
}

function decoded(option: string, part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new MailUrlError(option, `the ${what} is not validly URL-encoded`);
  }
}

/** Reads and checks one server URL; every refusal names `option`. */
export function parseMailUrl(option: string, protocol: MailProtocol, raw: string): MailServer {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new MailUrlError(option, `not a URL; expected ${protocol}s://USER:PASSWORD@HOST[:PORT] or ${protocol}://USER:PASSWORD@HOST[:PORT]`);
  }
  const scheme = url.protocol.replace(/:$/, '').toLowerCase();
  if (scheme !== protocol && scheme !== `${protocol}s`) {
    throw new MailUrlError(option, `the scheme must be ${protocol}s:// (TLS) or ${protocol}:// (STARTTLS), not ${scheme}://`);
  }
  if (!url.hostname) throw new MailUrlError(option, 'the URL names no host');
  if (!url.username || !url.password) throw new MailUrlError(option, 'the URL must carry the login and the password (USER:PASSWORD@HOST, each URL-encoded)');
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) throw new MailUrlError(option, 'the URL must have no path, query or fragment');
  const tls = scheme === `${protocol}s`;
  return {
    protocol,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : DEFAULT_PORTS[scheme] ?? 0,
    tls,
    requireStartTls: !tls && !isLoopbackHost(url.hostname),
    user: decoded(option, url.username, 'login'),
    password: decoded(option, url.password, 'password'),
  };
}

/** The URL without its credentials (`smtps://mail.example.com:465`), for messages and logs. */
export function describeMailServer(server: MailServer): string {
  const host = isIP(server.host) === 6 ? `[${server.host}]` : server.host;
  return `${server.protocol}${server.tls ? 's' : ''}://${host}:${server.port}`;
}

/** The login when it is an email address (the mailbox's address when none is given), else null. */
export function loginAddress(server: MailServer): string | null {
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(server.user) ? server.user.toLowerCase() : null;
}

/** Removes the password (raw and URL-encoded) from a server's message before it is stored or shown. */
export function withoutSecrets(text: string, servers: MailServer[]): string {
  let out = text;
  for (const server of servers) {
    for (const secret of [server.password, encodeURIComponent(server.password)]) {
      if (secret.length >= 3) out = out.split(secret).join('***');
    }
  }
  return out;
}
