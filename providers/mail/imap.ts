// Reading a mailbox's INBOX over IMAP (imapflow): log in, SELECT INBOX read-only (EXAMINE, so no
// \Seen or other flag changes), read its UIDVALIDITY, fetch the messages above a UID with
// BODY.PEEK[], and wait for new mail with IDLE when the server offers it, else by polling.
// Nothing is ever moved, deleted or flagged.
import { ImapFlow } from 'imapflow';
import type { MailServer } from '../../domain/mailboxes/mail-urls.ts';

/** Where and how to log in: a parsed imap:// or imaps:// URL. */
export type ImapServer = Omit<MailServer, 'protocol'>;

export interface InboxState {
  /** The INBOX's UIDVALIDITY, as a decimal string (it is a 32-bit unsigned number). */
  uidValidity: string;
  /** The UID the next message will get. */
  uidNext: number;
  /** Messages in the INBOX now. */
  exists: number;
  /** True when the server offers IDLE. */
  idle: boolean;
}

export interface InboxFetched {
  uid: number;
  /** The whole message as the server holds it (RFC 5322). */
  source: Buffer;
  /** When the server received it (INTERNALDATE). */
  receivedAt: Date;
}

/** Thrown when the server refuses the login: retrying the same credentials will not help. */
export class ImapAuthError extends Error {
  override name = 'ImapAuthError';
}

export type WaitOutcome = 'mail' | 'timeout' | 'closed';

const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 5 * 60_000 };

function isAuthFailure(error: unknown): boolean {
  const e = error as { authenticationFailed?: boolean; serverResponseCode?: string } | null;
  return e?.authenticationFailed === true || e?.serverResponseCode === 'AUTHENTICATIONFAILED';
}

/** One IMAP session on a mailbox's INBOX, opened read-only. */
export class ImapInbox {
  private readonly client: ImapFlow;
  private newMail = false;
  private closed = false;
  private wake: (() => void) | null = null;

  constructor(server: ImapServer) {
    this.client = new ImapFlow({
      host: server.host, port: server.port, secure: server.tls, doSTARTTLS: server.requireStartTls ? true : undefined,
      auth: { user: server.user, pass: server.password },
      logger: false, disableAutoIdle: true, ...TIMEOUTS,
    });
    this.client.on('exists', (data: { path?: string; count: number; prevCount: number }) => {
      if (data.count > data.prevCount) this.signal();
    });
    this.client.on('close', () => {
      this.closed = true;
      this.signal();
    });
    // A socket error also closes the session: the waiting caller sees 'closed' and reconnects.
    this.client.on('error', () => {
      this.closed = true;
      this.signal();
    });
  }

  private signal(): void {
    this.newMail = true;
    this.wake?.();
  }

  /** Logs in and opens INBOX read-only. Throws ImapAuthError when the login is refused. */
  async open(): Promise<InboxState> {
    try {
      await this.client.connect();
    } catch (error) {
      if (isAuthFailure(error)) throw new ImapAuthError(`the IMAP server refused the login: ${(error as Error).message}`);
      throw error;
    }
    const mailbox = await this.client.mailboxOpen('INBOX', { readOnly: true });
    return { uidValidity: String(mailbox.uidValidity), uidNext: mailbox.uidNext, exists: mailbox.exists, idle: this.client.capabilities.has('IDLE') };
  }

  /** The messages with a UID above `afterUid`, in UID order, at most `limit` of them, read with BODY.PEEK[]. */
  async fetchAfter(afterUid: number, limit: number): Promise<InboxFetched[]> {
    this.newMail = false;
    // `n:*` also answers the highest message when every UID is below n: keep only those above.
    const found: InboxFetched[] = [];
    const uids = (await this.client.search({ uid: `${afterUid + 1}:*` }, { uid: true })) || [];
    const wanted = uids.filter((uid) => uid > afterUid).sort((a, b) => a - b).slice(0, limit);
    if (!wanted.length) return found;
    for await (const message of this.client.fetch(wanted.join(','), { uid: true, source: true, internalDate: true }, { uid: true })) {
      if (message.uid <= afterUid || !message.source) continue;
      const date = message.internalDate ? new Date(message.internalDate) : new Date();
      found.push({ uid: message.uid, source: message.source, receivedAt: Number.isNaN(date.getTime()) ? new Date() : date });
    }
    return found.sort((a, b) => a.uid - b.uid);
  }

  /** The lowest UID of a message the server received at or after `at` (INTERNALDATE), or null when none. */
  async firstUidSince(at: Date): Promise<number | null> {
    // SEARCH SINCE compares dates only: the day's messages are narrowed down by their INTERNALDATE.
    const uids = (await this.client.search({ since: at }, { uid: true })) || [];
    if (!uids.length) return null;
    let first: number | null = null;
    for await (const message of this.client.fetch(uids.join(','), { uid: true, internalDate: true }, { uid: true })) {
      const date = message.internalDate ? new Date(message.internalDate) : null;
      if (date && date.getTime() >= at.getTime() && (first === null || message.uid < first)) first = message.uid;
    }
    return first;
  }

  /**
   * Waits until new mail is announced, `ms` pass, `signal` aborts or the session closes. With
   * `useIdle` the server is told to push (IDLE); otherwise the wait ends by a NOOP that asks it.
   */
  async waitForMail(ms: number, useIdle: boolean, signal?: AbortSignal): Promise<WaitOutcome> {
    if (this.closed) return 'closed';
    if (this.newMail) return 'mail';
    let idling: Promise<unknown> | null = null;
    if (useIdle) idling = this.client.idle().catch(() => undefined);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      const onAbort = () => done();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.wake = done;
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }
    });
    this.wake = null;
    if (!this.closed) {
      // NOOP ends an IDLE (imapflow sends DONE first) and, when polling, makes the server report new mail.
      try {
        await this.client.noop();
      } catch {
        this.closed = true;
      }
    }
    await idling;
    if (this.closed) return 'closed';
    return this.newMail ? 'mail' : 'timeout';
  }

  async close(): Promise<void> {
    try {
      if (!this.closed && this.client.usable) await this.client.logout();
    } catch {
      // Already gone: nothing to release.
    } finally {
      this.client.close();
      this.closed = true;
    }
  }
}
