// The mail transport behind a small interface: hands one finished email to the outside world.
// smtp.ts sends through any SMTP server (SMTP_URL); sandbox.ts stores what it would send.

export interface MailAddress {
  name?: string;
  email: string;
}

export interface OutboundEmail {
  from: { name: string; email: string };
  to: MailAddress;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. unsubscribeHeaders(url). */
  headers: Record<string, string>;
  /** The Message-ID header, chosen by the caller so replies and bounces can be traced back; `<>` optional. */
  messageId: string;
  /** Sign with this DKIM key (the SMTP transport hands it to nodemailer); added at send time, never stored. */
  dkim?: DkimKey;
}

/** A DKIM signing key as nodemailer takes it. */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  /** PEM. */
  privateKey: string;
}

export interface SendResult {
  /** False when the receiving side refused the message for good (e.g. 5xx on RCPT); retrying will not help. */
  accepted: boolean;
  providerMessageId: string;
  error: string | null;
}

/**
 * Transient failures (connection, 4xx) throw, so the caller retries; permanent refusals answer
 * accepted false. The Message-ID is the send's idempotency key (domain/outbound/effects.ts).
 */
export interface MailTransport {
  send(message: OutboundEmail): Promise<SendResult>;
  /** True when a thrown error proves the server never took the message (refused before acceptance, never reached). */
  notSent?(error: unknown): boolean;
  /** What happened to the message with this Message-ID, or null when it was never taken; absent when the transport cannot be asked (SMTP). */
  lookup?(messageId: string): Promise<SendResult | null>;
}

/** The Message-ID in its header form, `<id@host>`. */
export function messageIdHeader(messageId: string): string {
  const bare = messageId.trim().replace(/^<|>$/g, '');
  return `<${bare}>`;
}

/**
 * RFC 8058 one-click unsubscribe: mailbox providers show an unsubscribe button and POST
 * `List-Unsubscribe=One-Click` to the URL, which must therefore be https and act without a login.
 */
export function unsubscribeHeaders(url: string): Record<string, string> {
  if (/[<>\s,]/.test(url)) throw new Error(`unsubscribe URL must not contain <, >, commas or spaces: ${url}`);
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
