// Spam complaints: a feedback-loop report (ARF, RFC 5965): multipart/report; report-type=feedback-report
// with a message/feedback-report part (Feedback-Type: abuse, ...) and the complained-of message or
// its headers. Only the Message-ID of that original ties it to an email the service sent (the
// matcher's rule, inbox-match.ts); its other fields are anyone's words. Pure.
import { storableText } from '../shared/text.ts';
import { originalMessageIdOf } from './inbox-bounce.ts';
import type { InboxMessage } from './inbox-message.ts';
import { parseHeaderBlock } from './inbox-mime.ts';

/** Feedback types that say a recipient called the email unwanted; others (not-spam, auth-failure, ...) are no complaint. */
const COMPLAINT_TYPES = new Set(['abuse', 'fraud']);

export interface ComplaintReport {
  /** The report's Feedback-Type, lower-cased (abuse, fraud, not-spam, virus, other, auth-failure). */
  feedbackType: string;
  /** True when the type is a complaint (abuse, fraud). */
  complaint: boolean;
  /** The Message-ID of the complained-of message, bare, when the report carries it. */
  originalMessageId: string | null;
}

/** The feedback report this message is, or null when it is none. */
export function complaintOf(message: InboxMessage): ComplaintReport | null {
  if (message.contentType !== 'multipart/report' || message.reportType !== 'feedback-report') return null;
  const report = message.parts.find((p) => p.contentType === 'message/feedback-report');
  if (!report) return null;
  const feedbackType = storableText((parseHeaderBlock(report.body).get('feedback-type') ?? '').trim(), 40)
    .toLowerCase()
    .split(/[\s;]/)[0];
  if (!feedbackType) return null;
  return {
    feedbackType,
    complaint: COMPLAINT_TYPES.has(feedbackType),
    originalMessageId: originalMessageIdOf(message.attachedOriginals),
  };
}
