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
    throw new MailUrlError(
      option,
      `not a URL; expected ${protocol}s://USER:PASSWORD@HOST[:PORT] or ${protocol}://USER:PASSWORD@HOST[:PORT]`,
    );
  }
  const scheme = url.protocol.replace(/:$/, '').toLowerCase();
  if (scheme !== protocol && scheme !== `${protocol}s`) {
    throw new MailUrlError(
      option,
      `the scheme must be ${protocol}s:// (TLS) or ${protocol}:// (STARTTLS), not ${scheme}://`,
    );
  }
  if (!url.hostname) throw new MailUrlError(option, 'the URL names no host');
  if (!url.username || !url.password)
    throw new MailUrlError(
      option,
      'the URL must carry the login and the password (USER:PASSWORD@HOST, each URL-encoded)',
    );
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash)
    throw new MailUrlError(option, 'the URL must have no path, query or fragment');
  const tls = scheme === `${protocol}s`;
  return {
    protocol,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : (DEFAULT_PORTS[scheme] ?? 0),
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

/** Secrets shorter than this are not searched for (they would match ordinary words); mail servers refuse such passwords anyway. */
const SECRET_MIN = 3;
const MASK = '***';
/** A URL's userinfo (`scheme://user:password@`), whoever's it is. */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi;

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with the login masked where it stands on its own (a login like `ann` stays inside `cannot`). */
function maskedLogin(text: string, login: string): string {
  return text.replace(new RegExp(`(?<![A-Za-z0-9])${escaped(login)}(?![A-Za-z0-9])`, 'gi'), MASK);
}

/**
 * The one cleaning of every text that is stored or shown after talking to a mail server (a
 * mailbox's last_error, an effect's error, a workflow failure): masks the servers' passwords (as
 * given, URL-encoded, base64 as AUTH LOGIN sends it), SASL PLAIN's base64 `\0login\0password`
 * (and `login\0login\0password`), their logins (as given, URL-encoded, base64), and any URL's userinfo.
 */
export function withoutSecrets(text: string, servers: MailServer[]): string {
  const secrets = new Set<string>();
  for (const { user, password } of servers) {
    for (const plain of [`\0${user}\0${password}`, `${user}\0${user}\0${password}`]) secrets.add(base64(plain));
    if (password.length >= SECRET_MIN)
      [password, encodeURIComponent(password), base64(password)].forEach((s) => secrets.add(s));
    if (user.length >= SECRET_MIN) secrets.add(base64(user));
  }
  // Longest first: a secret inside a longer one (a password inside its PLAIN string) never breaks the longer one's mask.
  let out = text.replace(URL_USERINFO, `$1${MASK}@`);
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join(MASK);
  for (const { user } of servers) {
    if (user.length >= SECRET_MIN)
      for (const login of new Set([user, encodeURIComponent(user)])) out = maskedLogin(out, login);
  }
  return out;
}
