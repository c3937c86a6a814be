// Reading a mailbox's INBOX over IMAP (imapflow): log in, SELECT INBOX read-only (EXAMINE, so no
// \Seen or other flag changes), read its UIDVALIDITY, list the UIDs above the cursor with one
// SEARCH, read their sizes (RFC822.SIZE), then fetch them with BODY.PEEK: whole up to the size
// limit, else only the header and the start of the body. Waits for new mail with IDLE when the
// server offers it, else by polling. Nothing is ever moved, deleted or flagged.
import { ImapFlow, type FetchMessageObject } from 'imapflow';
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

/** A message's UID with what the server says of it before its content is fetched. */
export interface InboxSized {
  uid: number;
  /** RFC822.SIZE: the message's size in bytes as the server holds it. */
  size: number;
}

export interface InboxFetched {
  uid: number;
  /** The message as the server holds it (RFC 5322), or only its header and the start of its body when `partial`. */
  source: Buffer;
  /** When the server received it (INTERNALDATE). */
  receivedAt: Date;
  /** RFC822.SIZE: the whole message's size, whatever part of it `source` holds. */
  size: number;
  /** True when `source` is the header and the start of the body only: the message is over the size limit. */
  partial: boolean;
}

/** Thrown when the server refuses the login: retrying the same credentials will not help. */
export class ImapAuthError extends Error {
  override name = 'ImapAuthError';
}

export type WaitOutcome = 'mail' | 'timeout' | 'closed';

/** A message over the size limit is read as its header, up to this many bytes ... */
export const PARTIAL_HEADER_BYTES = 256 * 1024;
/** ... and this many bytes of its body: the start of its first part, that part's own MIME header included. */
export const PARTIAL_BODY_BYTES = 64 * 1024;
/** The bytes a message costs in a batch: what is fetched of it. */
export const fetchedBytes = (message: InboxSized, messageMaxBytes: number) =>
  message.size <= messageMaxBytes ? message.size : PARTIAL_HEADER_BYTES + PARTIAL_BODY_BYTES;

const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 5 * 60_000 };
const CRLF = Buffer.from('\r\n');

function isAuthFailure(error: unknown): boolean {
  const e = error as { authenticationFailed?: boolean; serverResponseCode?: string } | null;
  return e?.authenticationFailed === true || e?.serverResponseCode === 'AUTHENTICATIONFAILED';
}

/** A UID set for a command: runs of consecutive UIDs as `a:b`, so a long list stays a short line. */
export function uidSet(uids: readonly number[]): string {
  const sorted = [...uids].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i];
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i++;
    parts.push(start === sorted[i] ? String(start) : `${start}:${sorted[i]}`);
  }
  return parts.join(',');
}

function internalDate(message: FetchMessageObject): Date {
  const date = message.internalDate ? new Date(message.internalDate) : new Date();
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

/** A header cut at its byte limit gets the line end and the blank line that end a header. */
function endedHeader(header: Buffer): Buffer {
  if (header.subarray(-4).equals(Buffer.from('\r\n\r\n'))) return header;
  return Buffer.concat([header, header.subarray(-2).equals(CRLF) ? CRLF : Buffer.from('\r\n\r\n')]);
}

/** One IMAP session on a mailbox's INBOX, opened read-only. */
export class ImapInbox {
  private readonly client: ImapFlow;
  private readonly messageMaxBytes: number;
  private newMail = false;
  private closed = false;
  private wake: (() => void) | null = null;

  /** `messageMaxBytes`: messages above it are fetched in part; the parser refuses a literal far above it. */
  constructor(server: ImapServer, messageMaxBytes = 10 * 1024 * 1024) {
    this.messageMaxBytes = messageMaxBytes;
    const literalMax = Math.max(messageMaxBytes, PARTIAL_HEADER_BYTES + PARTIAL_BODY_BYTES) * 2;
    this.client = new ImapFlow({
      host: server.host,
      port: server.port,
      secure: server.tls,
      doSTARTTLS: server.requireStartTls ? true : undefined,
      auth: { user: server.user, pass: server.password },
      logger: false,
      disableAutoIdle: true,
      maxLiteralSize: literalMax,
      maxResponseSize: literalMax * 2,
      ...TIMEOUTS,
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
      if (isAuthFailure(error))
        throw new ImapAuthError(`the IMAP server refused the login: ${(error as Error).message}`);
      throw error;
    }
    const mailbox = await this.client.mailboxOpen('INBOX', { readOnly: true });
    return {
      uidValidity: String(mailbox.uidValidity),
      uidNext: mailbox.uidNext,
      exists: mailbox.exists,
      idle: this.client.capabilities.has('IDLE'),
    };
  }

  /** Every UID above `afterUid`, ascending: one SEARCH. Mail announced before it is counted in. */
  async uidsAfter(afterUid: number): Promise<number[]> {
    this.newMail = false;
    const uids = await this.client.search({ uid: `${afterUid + 1}:*` }, { uid: true });
    if (uids === false || uids === undefined) throw new Error('the IMAP server refused the SEARCH of new messages');
    // `n:*` also answers the highest message when every UID is below n: keep only those above.
    return uids.filter((uid) => uid > afterUid).sort((a, b) => a - b);
  }

  /** The sizes (RFC822.SIZE) of these messages, in UID order; a message expunged meanwhile is left out. */
  async sizesOf(uids: readonly number[]): Promise<InboxSized[]> {
    if (!uids.length) return [];
    const found: InboxSized[] = [];
    for await (const message of this.client.fetch(uidSet(uids), { uid: true, size: true }, { uid: true })) {
      // A size the server does not give counts as over the limit: the message is read in part.
      found.push({ uid: message.uid, size: typeof message.size === 'number' ? message.size : Number.MAX_SAFE_INTEGER });
    }
    return found.sort((a, b) => a.uid - b.uid);
  }

  /**
   * These messages' content, in UID order: those within the size limit whole (BODY.PEEK[]), the
   * others as BODY.PEEK[HEADER] and the start of BODY.PEEK[TEXT] (the body's first part comes with
   * its own MIME header there, which BODY[1] lacks). A message the server answers without content
   * comes back empty and partial; one expunged meanwhile is left out.
   */
  async fetchMessages(messages: readonly InboxSized[]): Promise<InboxFetched[]> {
    const sizes = new Map(messages.map((m) => [m.uid, m.size]));
    const whole = messages.filter((m) => m.size <= this.messageMaxBytes).map((m) => m.uid);
    const over = messages.filter((m) => m.size > this.messageMaxBytes).map((m) => m.uid);
    const found: InboxFetched[] = [];
    const size = (uid: number) => sizes.get(uid) ?? 0;
    if (whole.length) {
      for await (const message of this.client.fetch(
        uidSet(whole),
        { uid: true, source: true, internalDate: true },
        { uid: true },
      )) {
        if (!sizes.has(message.uid)) continue;
        found.push({
          uid: message.uid,
          source: message.source ?? Buffer.alloc(0),
          receivedAt: internalDate(message),
          size: size(message.uid),
          partial: !message.source,
        });
      }
    }
    if (over.length) {
      const query = {
        uid: true,
        internalDate: true,
        bodyParts: [
          { key: 'HEADER', maxLength: PARTIAL_HEADER_BYTES },
          { key: 'TEXT', maxLength: PARTIAL_BODY_BYTES },
        ],
      };
      for await (const message of this.client.fetch(uidSet(over), query, { uid: true })) {
        if (!sizes.has(message.uid)) continue;
        const header = message.headers ? endedHeader(message.headers) : Buffer.alloc(0);
        const body = message.bodyParts?.get('text') ?? Buffer.alloc(0);
        found.push({
          uid: message.uid,
          source: Buffer.concat([header, body]),
          receivedAt: internalDate(message),
          size: size(message.uid),
          partial: true,
        });
      }
    }
    return found.sort((a, b) => a.uid - b.uid);
  }

  /** The lowest UID of a message the server received at or after `at` (INTERNALDATE), or null when none. */
  async firstUidSince(at: Date): Promise<number | null> {
    // SEARCH SINCE compares dates only: the day's messages are narrowed down by their INTERNALDATE.
    const uids = (await this.client.search({ since: at }, { uid: true })) || [];
    if (!uids.length) return null;
    let first: number | null = null;
    for await (const message of this.client.fetch(uidSet(uids), { uid: true, internalDate: true }, { uid: true })) {
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
