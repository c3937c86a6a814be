// Where `mailbox connect` takes a server URL's password from: never the command line (other users
// of the machine read it in `ps` and /proc, and it stays in the shell history). A URL given as an
// argument carries the login but no password, and the password comes on standard input
// (`--password-stdin`, one password for every URL given without one); or the whole URL, password
// included, is in an environment variable named by `--smtp-url-env` / `--imap-url-env`.
import { MailUrlError, type MailProtocol } from './mail-urls.ts';

/** Where one server URL was given. */
export type UrlSource = { from: 'argument'; url: string } | { from: 'environment'; name: string };

/** The option each way of giving a protocol's URL is named by in messages. */
const optionOf = (protocol: MailProtocol, source: UrlSource) =>
  source.from === 'argument' ? `--${protocol}-url` : `--${protocol}-url-env`;

function parsed(raw: string): URL | null {
  try {
    return new URL(raw.trim());
  } catch {
    return null;
  }
}

/**
 * The URL of `protocol` with its password, from `source`: refuses a password on the command line,
 * a URL that has none when no password came on standard input, and a password given twice.
 * `stdinPassword` is null without `--password-stdin`. What is not a URL is left for parseMailUrl
 * to refuse (its message never repeats the text).
 */
export function resolveMailUrl(
  protocol: MailProtocol,
  source: UrlSource,
  env: Record<string, string | undefined>,
  stdinPassword: string | null,
): string {
  const option = optionOf(protocol, source);
  const raw = source.from === 'argument' ? source.url : env[source.name];
  if (raw === undefined || raw === '') {
    throw new MailUrlError(
      option,
      source.from === 'environment'
        ? `the environment variable ${source.name} is not set or empty`
        : 'the URL is empty',
    );
  }
  const url = parsed(raw);
  if (!url) return raw;
  if (url.password) {
    if (source.from === 'argument') {
      throw new MailUrlError(
        option,
        'the URL carries a password, which other users of this machine can read on the command line: give the URL without it ' +
          `(${url.protocol}//USER@HOST) and the password on standard input with --password-stdin, or the whole URL in an environment variable (--${protocol}-url-env NAME)`,
      );
    }
    if (stdinPassword !== null)
      throw new MailUrlError(
        '--password-stdin',
        `the URL in ${source.name} carries its password already; give the password once`,
      );
    return raw;
  }
  if (stdinPassword === null) {
    throw new MailUrlError(
      option,
      `the URL has no password: give it on standard input with --password-stdin, or the whole URL in an environment variable (--${protocol}-url-env NAME)`,
    );
  }
  if (!url.username) return raw; // parseMailUrl refuses a URL without a login, naming the option
  url.password = encodeURIComponent(stdinPassword);
  return url.href;
}

/** The password read from standard input: its one line, without the line break that ends it. */
export function stdinPasswordOf(input: string): string {
  const password = input.replace(/\r?\n$/, '');
  if (password === '') throw new MailUrlError('--password-stdin', 'standard input held no password');
  if (/[\r\n]/.test(password))
    throw new MailUrlError('--password-stdin', 'standard input must hold the password on one line');
  return password;
}
