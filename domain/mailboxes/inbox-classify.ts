// What an inbox message is, before it is matched to what the service sent: a spam complaint (a
// feedback report, inbox-complaint.ts), a bounce (see inbox-bounce.ts), an auto-reply, or a message
// that may be a person's reply. Auto-replies are recognised by their headers (Auto-Submitted other than "no" — RFC 3834 —, X-Autoreply,
// X-Autorespond, Precedence: auto_reply) or by the reply classifier's out-of-office rules; they
// take the reply path as OUT_OF_OFFICE, never as a person's answer. Pure.
import { classifyReply } from '../engagement/reply-classifier.ts';
import { truncateText } from '../shared/text.ts';
import { bounceOf, type BounceReport } from './inbox-bounce.ts';
import { complaintOf, type ComplaintReport } from './inbox-complaint.ts';
import type { InboxMessage } from './inbox-message.ts';

export type InboxClass =
  | { kind: 'COMPLAINT'; complaint: ComplaintReport }
  | { kind: 'BOUNCE'; bounce: BounceReport }
  | { kind: 'AUTO_REPLY'; reason: string }
  | { kind: 'MESSAGE' };

/** Why the headers mark the message as automatic, or null when they do not. */
export function autoReplyHeader(headers: Map<string, string>): string | null {
  const submitted = headers.get('auto-submitted');
  if (submitted && !/^\s*no\b/i.test(submitted)) return `Auto-Submitted: ${submitted}`;
  if (headers.has('x-autoreply')) return 'X-Autoreply';
  if (headers.has('x-autorespond')) return 'X-Autorespond';
  const precedence = headers.get('precedence');
  if (precedence && /auto[_-]?reply/i.test(precedence)) return `Precedence: ${precedence}`;
  return null;
}

/** Prefixes mail programs put before the subject they answer: replies, forwards, automatic answers. */
const SUBJECT_PREFIX =
  /^\s*(re|aw|sv|vs|antw|réf|ref|fw|fwd|tr|wg|automatic reply|auto(matische)? ?(reply|antwort)|autoreply|auto|out of (the )?office|ooo|abwesend)\s*(\[\d+\])?\s*:\s*/i;

/** A subject without its reply, forward and auto-reply prefixes, lower-cased and with spaces collapsed. */
export function baseSubject(subject: string): string {
  let rest = subject;
  for (let previous = ''; previous !== rest;) {
    previous = rest;
    rest = rest.replace(SUBJECT_PREFIX, '');
  }
  return rest.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** True when the inbox subject answers the sent one (same base subject, and not empty). */
export function subjectAnswers(inboxSubject: string, sentSubject: string | null): boolean {
  const sent = baseSubject(sentSubject ?? '');
  return sent !== '' && baseSubject(inboxSubject) === sent;
}

/** The text the reply rules read (as much as a reply is stored with). */
const REPLY_TEXT_MAX = 20_000;

export function classifyInbox(message: InboxMessage, now = new Date()): InboxClass {
  // A feedback report carries the original like a bounce does: it is read as what it says it is first.
  const complaint = complaintOf(message);
  if (complaint) return { kind: 'COMPLAINT', complaint };
  const bounce = bounceOf(message);
  if (bounce) return { kind: 'BOUNCE', bounce };
  const header = autoReplyHeader(message.headers);
  if (header) return { kind: 'AUTO_REPLY', reason: header };
  // The reply rules read the text a reply is stored with, not a large message's whole body.
  if (classifyReply(truncateText(message.text, REPLY_TEXT_MAX), now).category === 'OUT_OF_OFFICE')
    return { kind: 'AUTO_REPLY', reason: 'out-of-office wording' };
  if (/^\s*(automatic reply|auto(matic)?[- ]?reply|out of (the )?office)\s*:/i.test(message.subject))
    return { kind: 'AUTO_REPLY', reason: `Subject: ${message.subject}` };
  return { kind: 'MESSAGE' };
}
