// Bounces: a delivery status notification (multipart/report; report-type=delivery-status, RFC 3464)
// read from its message/delivery-status part, or a non-standard bounce recognised by its sender
// (MAILER-DAEMON, postmaster) or subject with the failed message's headers quoted in its body.
// A status 5.x.x is permanent, 4.x.x transient; a DSN that only reports delivery is no bounce.
// Whether a bounce may act is the matcher's rule (inbox-match.ts): it must name a message the service
// sent, or be a DSN about an address the mailbox emailed. Linear in the (bounded) text: every
// pattern runs once over it, and at most ADDRESSES_MAX addresses are looked at. Pure.
import { storableText } from '../shared/text.ts';
import { bareMessageId, MESSAGE_ID_MAX, type InboxMessage } from './inbox-message.ts';
import { parseHeaderBlock, splitHead } from './inbox-mime.ts';

export interface BounceReport {
  /** The enhanced status code (RFC 3463), e.g. 5.1.1; 5.0.0 / 4.0.0 when only the action or wording says which. */
  status: string;
  permanent: boolean;
  /** The failed recipient's address, lower-cased, when the bounce names it. */
  recipient: string | null;
  /** The Message-ID of the message that failed, bare, when the bounce carries it. */
  originalMessageId: string | null;
  /** The receiving server's words (Diagnostic-Code), when given. */
  diagnostic: string | null;
  /** DSN: a standard report; TEXT: recognised from a non-standard bounce's wording. */
  format: 'DSN' | 'TEXT';
}

const STATUS = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;
const BOUNCE_SENDER = /^(mailer-daemon|postmaster|mail-daemon|mailerdaemon)@/i;
const BOUNCE_SUBJECT =
  /(undeliver|undelivered mail|delivery status notification|delivery (has )?failed|delivery failure|failure notice|returned mail|mail delivery (failed|system|subsystem)|could not be delivered|non[- ]?delivery)/i;
const TRANSIENT_WORDS = /(delayed|will (be )?retr(y|ied)|temporar(y|ily)|still trying|deferred)/i;
/** Addresses in angle brackets a non-standard bounce's text is searched through for its recipient. */
const ADDRESSES_MAX = 50;
const QUOTED_MESSAGE_ID = /^[ \t>]*(?:original-)?message-id:\s*<([^<>\s]+)>/gim;

const storableId = (id: string | null | undefined) =>
  id ? storableText(bareMessageId(id), MESSAGE_ID_MAX) || null : null;

/** An address out of a DSN recipient field (`rfc822; a@b`), lower-cased. */
function addressOf(field: string | undefined): string | null {
  if (!field) return null;
  const value = field.includes(';') ? field.slice(field.indexOf(';') + 1) : field;
  const match = /<?([^<>\s;@]+@[^<>\s;]+)>?/.exec(value);
  return match ? storableText(match[1].toLowerCase(), 320) || null : null;
}

/** The Message-ID in the headers of a carried original (message/rfc822 or text/rfc822-headers). */
export function originalMessageIdOf(originals: string[]): string | null {
  for (const original of originals) {
    const id = parseHeaderBlock(splitHead(original).head).get('message-id');
    if (id) return storableId(id);
  }
  return null;
}

/** The Message-IDs quoted in a bounce's text (the original headers pasted into the body), in order. */
function quotedMessageIds(text: string): string[] {
  return [...text.matchAll(QUOTED_MESSAGE_ID)].map((m) => m[1]);
}

/** The recipient blocks of a message/delivery-status body: the first block is about the message, the rest one per recipient. */
function deliveryStatusBlocks(body: string): Map<string, string>[] {
  return body
    .split(/\r?\n[ \t]*\r?\n/)
    .map((block) => parseHeaderBlock(block))
    .filter((fields) => fields.size > 0);
}

function fromDeliveryStatus(message: InboxMessage): BounceReport | null {
  const report = message.parts.find(
    (p) => p.contentType === 'message/delivery-status' || p.contentType === 'message/global-delivery-status',
  );
  if (!report) return null;
  const blocks = deliveryStatusBlocks(report.body);
  const perMessage =
    blocks.find((b) => !b.has('final-recipient') && !b.has('original-recipient')) ?? new Map<string, string>();
  const recipients = blocks.filter((b) => b.has('final-recipient') || b.has('original-recipient') || b.has('status'));
  const failed =
    recipients.find((b) => /^failed/i.test(b.get('action') ?? '')) ??
    recipients.find((b) => /^delayed/i.test(b.get('action') ?? '')) ??
    recipients.find((b) => /^[45]\./.test(b.get('status') ?? '') && !b.has('action'));
  if (!failed) return null; // delivered, relayed or expanded: a success report
  const code = STATUS.exec(failed.get('status') ?? '');
  const status = code && code[1] !== '2' ? code[0] : /^delayed/i.test(failed.get('action') ?? '') ? '4.0.0' : '5.0.0';
  const originalId =
    perMessage.get('original-message-id') ??
    message.headers.get('original-message-id') ??
    message.headers.get('x-original-message-id');
  return {
    status,
    permanent: status.startsWith('5'),
    recipient: addressOf(failed.get('final-recipient')) ?? addressOf(failed.get('original-recipient')),
    originalMessageId: originalId ? storableId(originalId) : originalMessageIdOf(message.attachedOriginals),
    diagnostic: storableText(failed.get('diagnostic-code') ?? '', 500) || null,
    format: 'DSN',
  };
}

/**
 * The failed recipient a non-standard bounce names: X-Failed-Recipients (Exim), a Final-Recipient
 * line, or the first of its first ADDRESSES_MAX addresses in angle brackets that is neither the
 * sender nor a quoted Message-ID.
 */
function textRecipient(message: InboxMessage, quotedIds: Set<string>): string | null {
  const header = message.headers.get('x-failed-recipients');
  if (header) return addressOf(header.split(',')[0]);
  const line = /^[ \t]*(?:final|original)-recipient:[ \t]*([^\r\n]+)$/im.exec(message.text);
  if (line) return addressOf(line[1]);
  let seen = 0;
  for (const m of message.text.matchAll(/<([^<>\s@]+@[^<>\s]+)>/g)) {
    if (++seen > ADDRESSES_MAX) break;
    const address = m[1].toLowerCase();
    if (address !== message.from && !quotedIds.has(m[1])) return storableText(address, 320) || null;
  }
  return null;
}

function fromText(message: InboxMessage): BounceReport | null {
  const bySender = message.from !== null && BOUNCE_SENDER.test(message.from);
  if (!bySender && !BOUNCE_SUBJECT.test(message.subject)) return null;
  const quoted = quotedMessageIds(message.text);
  const original =
    originalMessageIdOf(message.attachedOriginals) ?? storableId(quoted.find((id) => id !== message.messageId));
  const recipient = textRecipient(message, new Set(quoted));
  // A subject alone is weak evidence: it needs the failed message or its recipient named.
  if (!bySender && !original && !message.headers.has('x-failed-recipients')) return null;
  if (!original && !recipient) return null;
  const code = STATUS.exec(message.text);
  const smtp = /\b([45])\d\d[ -]/.exec(message.text);
  const status =
    code && code[1] !== '2'
      ? code[0]
      : TRANSIENT_WORDS.test(`${message.subject}\n${message.text}`)
        ? '4.0.0'
        : smtp
          ? `${smtp[1]}.0.0`
          : '5.0.0';
  const diagnostic = /^[^\r\n]*\b[45]\d\d[ -][^\r\n]*$/m.exec(message.text);
  return {
    status,
    permanent: status.startsWith('5'),
    recipient,
    originalMessageId: original,
    diagnostic: diagnostic ? storableText(diagnostic[0].trim(), 500) || null : null,
    format: 'TEXT',
  };
}

/** The bounce this message reports, or null when it is none. */
export function bounceOf(message: InboxMessage): BounceReport | null {
  if (message.contentType === 'multipart/report' && message.reportType === 'delivery-status') {
    const report = fromDeliveryStatus(message);
    if (report) return report;
    if (message.parts.some((p) => p.contentType === 'message/delivery-status')) return null; // a success report
  }
  return fromText(message);
}
