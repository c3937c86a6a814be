// GreenMail: a real SMTP and IMAP server (one Java process) for the mailbox tests, the benchmark and
// trying connected mailboxes locally. Plain SMTP and IMAP on loopback ports, logins by email
// address, users created at run time through its REST API. `npm run mailserver` runs one in the
// foreground with fixed ports and two users (see docs/api/mailboxes.md, "Trying it locally").
import { spawn } from 'node:child_process';
import { freePort, portOpen, stopChild } from './local-stack.ts';
import { greenmailJar } from './tools.ts';

export interface RunningGreenMail {
  host: string;
  smtpPort: number;
  imapPort: number;
  apiPort: number;
  /** Creates a mail user whose login is its address (idempotent for the same address). */
  addUser(email: string, password: string): Promise<void>;
  /** `smtp://` and `imap://` URLs with the login and password URL-encoded, as `mailbox connect` takes them. */
  urls(email: string, password: string): { smtpUrl: string; imapUrl: string };
  stop(): Promise<void>;
}

async function waitUntil(ready: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer within ${timeoutMs} ms`);
}

export async function startGreenMail(
  options: { smtpPort?: number; imapPort?: number; apiPort?: number; log?: (line: string) => void } = {},
): Promise<RunningGreenMail> {
  const host = '127.0.0.1';
  const smtpPort = options.smtpPort ?? (await freePort());
  const imapPort = options.imapPort ?? (await freePort());
  const apiPort = options.apiPort ?? (await freePort());
  // Authentication stays on (any -Dgreenmail.auth.disabled, even =false, turns it off), so a wrong
  // password is refused as a real server would.
  const child = spawn(
    'java',
    [
      `-Dgreenmail.smtp.port=${smtpPort}`,
      `-Dgreenmail.imap.port=${imapPort}`,
      `-Dgreenmail.hostname=${host}`,
      `-Dgreenmail.api.port=${apiPort}`,
      `-Dgreenmail.api.hostname=${host}`,
      '-Dgreenmail.users.login=email',
      '-jar',
      greenmailJar(),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) options.log?.(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const exited = new Promise<never>((_, fail) =>
    child.once('exit', (code) => fail(new Error(`GreenMail exited early with code ${code}`))),
  );
  exited.catch(() => {});
  const api = `http://${host}:${apiPort}/api`;
  const apiReady = async () => (await fetch(`${api}/service/readiness`).catch(() => undefined))?.ok === true;
  try {
    await Promise.race([
      waitUntil(
        async () => (await apiReady()) && (await portOpen(smtpPort)) && (await portOpen(imapPort)),
        60_000,
        'GreenMail',
      ),
      exited,
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    host,
    smtpPort,
    imapPort,
    apiPort,
    async addUser(email, password) {
      const response = await fetch(`${api}/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, login: email, password }),
      });
      if (!response.ok) throw new Error(`GreenMail refused user ${email}: ${response.status} ${await response.text()}`);
    },
    urls(email, password) {
      const auth = `${encodeURIComponent(email)}:${encodeURIComponent(password)}`;
      return { smtpUrl: `smtp://${auth}@${host}:${smtpPort}`, imapUrl: `imap://${auth}@${host}:${imapPort}` };
    },
    stop: () => stopChild(child, 5_000),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startGreenMail({
    smtpPort: 3025,
    imapPort: 3143,
    apiPort: 8025,
    log: (line) => console.error(line),
  });
  await server.addUser('sender@example.test', 'sender-password');
  await server.addUser('prospect@example.test', 'prospect-password');
  const sender = server.urls('sender@example.test', 'sender-password');
  console.log(
    `GreenMail is running: SMTP 127.0.0.1:${server.smtpPort}, IMAP 127.0.0.1:${server.imapPort}, users via http://127.0.0.1:${server.apiPort}/api/user`,
  );
  console.log(`Users: sender@example.test / sender-password, prospect@example.test / prospect-password`);
  const login = (url: string) => url.replace(/:[^:@/]*@/, '@'); // the URL without its password: that comes on standard input
  console.log(
    `Connect the sender: echo sender-password | npm run --silent admin -- mailbox connect --user USER_ID --smtp-url '${login(sender.smtpUrl)}' --imap-url '${login(sender.imapUrl)}' --password-stdin`,
  );
  const stop = async () => {
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}
