// Raw inbox messages as real mail systems write them (RFC 3464's examples, Gmail's and Exchange's
// delivery reports, qmail's and Exim's plain-text bounces, vacation auto-replies, a person's reply),
// with the addresses and Message-IDs a test chooses. Lines end in CRLF as on the wire.

export interface SampleIds {
  /** The mailbox the service sent from (the bounce's or reply's recipient). */
  mailbox: string;
  /** The prospect the service wrote to. */
  prospect: string;
  /** The Message-ID the service sent, bare or bracketed. */
  sentMessageId: string;
  /** The subject the service sent. */
  subject?: string;
}

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');
const bracket = (id: string) => `<${id.replace(/^<|>$/g, '')}>`;
const date = 'Tue, 24 Nov 2026 10:15:00 +0000';

function original(ids: SampleIds): string {
  return `Message-ID: ${bracket(ids.sentMessageId)}\nFrom: Sam Sender <${ids.mailbox}>\nTo: ${ids.prospect}\nSubject: ${ids.subject ?? 'Quick question'}\nDate: ${date}\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8`;
}

/** RFC 3464-style permanent failure, as Gmail sends it: multipart/report with message/delivery-status and text/rfc822-headers. */
export function gmailDsn(ids: SampleIds, status = '5.1.1'): string {
  const b = 'gmail-dsn-boundary-01';
  return crlf(`Delivered-To: ${ids.mailbox}
Return-Path: <>
From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: ${ids.mailbox}
Auto-Submitted: auto-replied
Subject: Delivery Status Notification (Failure)
Message-ID: <dsn-${Math.random().toString(36).slice(2)}@mx.google.com>
Date: ${date}
MIME-Version: 1.0
Content-Type: multipart/report; boundary="${b}"; report-type=delivery-status

--${b}
Content-Type: text/plain; charset="UTF-8"

** Address not found **

Your message wasn't delivered to ${ids.prospect} because the address couldn't be found, or is unable to receive mail.

The response was:

550 ${status} The email account that you tried to reach does not exist.

--${b}
Content-Type: message/delivery-status

Reporting-MTA: dns; googlemail.com
Received-From-MTA: dns; sam@example.test
Arrival-Date: ${date}
X-Original-Message-ID: ${bracket(ids.sentMessageId)}

Final-Recipient: rfc822; ${ids.prospect}
Action: failed
Status: ${status}
Remote-MTA: dns; mx.example.invalid. (192.0.2.1, the server for the domain.)
Diagnostic-Code: smtp; 550-${status} The email account that you tried to reach does not exist.
Last-Attempt-Date: ${date}

--${b}
Content-Type: text/rfc822-headers

${original(ids)}

--${b}--
`);
}

/** RFC 3464 appendix-style delay notice (4.x.x, transient) carrying the whole original as message/rfc822. */
export function delayedDsn(ids: SampleIds): string {
  const b = 'RAA14128.773615766/mx.example.net';
  return crlf(`Date: ${date}
From: Mail Delivery Subsystem <MAILER-DAEMON@mx.example.net>
Message-Id: <delay-1@mx.example.net>
Subject: Warning: message delayed 4 hours
To: <${ids.mailbox}>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
    boundary="${b}"

--${b}

   ----- The following addresses had transient delivery problems -----
<${ids.prospect}>  (will be retried)

--${b}
content-type: message/delivery-status

Reporting-MTA: dns; mx.example.net

Final-Recipient: RFC822; ${ids.prospect}
Action: delayed
Status: 4.4.7
Will-Retry-Until: Sat, 28 Nov 2026 10:15:00 +0000

--${b}
content-type: message/rfc822

${original(ids)}

Hello there.
--${b}--
`);
}

/** Exchange Online's non-delivery report: the status in the report, the original attached as message/rfc822 in base64. */
export function exchangeNdr(ids: SampleIds): string {
  const b = '_000_NDR_boundary_';
  const attached = Buffer.from(crlf(`${original(ids)}\n\nHello there.\n`))
    .toString('base64')
    .replace(/(.{76})/g, '$1\r\n');
  return crlf(`From: postmaster@outlook.com
To: ${ids.mailbox}
Date: ${date}
Subject: Undeliverable: ${ids.subject ?? 'Quick question'}
Message-ID: <ndr-7d1c@outlook.com>
Auto-Submitted: auto-replied
X-MS-Exchange-Message-Is-Ndr:
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="${b}"

--${b}
Content-Type: text/plain; charset="us-ascii"

Your message to ${ids.prospect} couldn't be delivered.
The email address couldn't be found.

--${b}
Content-Type: message/delivery-status

Reporting-MTA: dns;DM6PR01MB1234.prod.outlook.com
Received-From-MTA: dns;example.test
Arrival-Date: ${date}

Original-Recipient: rfc822;${ids.prospect}
Final-Recipient: rfc822;${ids.prospect}
Action: failed
Status: 5.1.10
Diagnostic-Code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup

--${b}
Content-Type: message/rfc822
Content-Transfer-Encoding: base64

${attached}
--${b}--
`);
}

/** A DSN that reports successful delivery: no bounce. */
export function deliveredDsn(ids: SampleIds): string {
  const b = 'delivered-boundary';
  return crlf(`From: MAILER-DAEMON@mx.example.net
To: ${ids.mailbox}
Subject: Successful Mail Delivery Report
Message-ID: <ok-1@mx.example.net>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="${b}"

--${b}
Content-Type: text/plain

Your message was delivered to ${ids.prospect}.

--${b}
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net

Final-Recipient: rfc822; ${ids.prospect}
Action: delivered
Status: 2.0.0

--${b}
Content-Type: text/rfc822-headers

${original(ids)}

--${b}--
`);
}

/** qmail's plain-text "failure notice" with the original pasted below the line. */
export function qmailBounce(ids: SampleIds): string {
  return crlf(`From: MAILER-DAEMON@mail.example.net
To: ${ids.mailbox}
Subject: failure notice
Message-ID: <qmail-20261124@mail.example.net>
Date: ${date}

Hi. This is the qmail-send program at mail.example.net.
I'm afraid I wasn't able to deliver your message to the following addresses.
This is a permanent error; I've given up. Sorry it didn't work out.

<${ids.prospect}>:
Sorry, no mailbox here by that name. (#5.1.1)

--- Below this line is a copy of the message.

Return-Path: <${ids.mailbox}>
${original(ids)}

Hello there.
`);
}

/** Exim's "Mail delivery failed" with X-Failed-Recipients and no status code. */
export function eximBounce(ids: SampleIds): string {
  return crlf(`From: Mail Delivery System <Mailer-Daemon@smtp.example.org>
To: ${ids.mailbox}
Subject: Mail delivery failed: returning message to sender
X-Failed-Recipients: ${ids.prospect}
Auto-Submitted: auto-replied
Message-ID: <E1exim-0001@smtp.example.org>
Date: ${date}

This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  ${ids.prospect}
    host mx.example.invalid [192.0.2.7]
    SMTP error from remote mail server after RCPT TO:<${ids.prospect}>:
    550 No such user here

------ This is a copy of the message, including all the headers. ------

${original(ids)}

Hello there.
`);
}

/** A vacation responder's answer (Gmail's headers: Auto-Submitted: auto-replied), optionally threaded. */
export function vacationReply(
  ids: SampleIds,
  options: { threaded?: boolean; header?: string; body?: string } = {},
): string {
  const threading =
    options.threaded === false
      ? ''
      : `In-Reply-To: ${bracket(ids.sentMessageId)}\nReferences: ${bracket(ids.sentMessageId)}\n`;
  return crlf(`From: Pat Prospect <${ids.prospect}>
To: ${ids.mailbox}
Subject: Automatic reply: ${ids.subject ?? 'Quick question'}
Message-ID: <ooo-${Math.random().toString(36).slice(2)}@prospect.example>
Date: ${date}
${options.header ?? 'Auto-Submitted: auto-replied'}
${threading}MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

${options.body ?? 'Thank you for your email. I am currently away and will respond when I can.'}
`);
}

/** A person's reply from a mail program: threaded by In-Reply-To and References, the original quoted. */
export function personReply(
  ids: SampleIds,
  body: string,
  options: { threaded?: boolean; messageId?: string } = {},
): string {
  const threading =
    options.threaded === false
      ? ''
      : `In-Reply-To: ${bracket(ids.sentMessageId)}\nReferences: <older-thread@prospect.example> ${bracket(ids.sentMessageId)}\n`;
  return crlf(`From: Pat Prospect <${ids.prospect}>
To: Sam Sender <${ids.mailbox}>
Subject: Re: ${ids.subject ?? 'Quick question'}
Message-ID: ${bracket(options.messageId ?? `reply-${Math.random().toString(36).slice(2)}@prospect.example`)}
Date: ${date}
${threading}MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

${body}

On Tue, 24 Nov 2026 at 09:00, Sam Sender <${ids.mailbox}> wrote:
> Hello there.
`);
}

/**
 * A feedback-loop report (ARF, RFC 5965 §B.2's shape, as AOL and Yahoo send them): multipart/report;
 * report-type=feedback-report with a message/feedback-report part of `feedbackType` and the
 * complained-of message as message/rfc822.
 */
export function arfComplaint(ids: SampleIds, feedbackType = 'abuse'): string {
  const b = 'part1_13d.2e68ed54_boundary';
  return crlf(`Delivered-To: ${ids.mailbox}
From: <abuse@mail.example.net>
To: <${ids.mailbox}>
Subject: FW: ${ids.subject ?? 'Quick question'}
Message-ID: <arf-${Math.random().toString(36).slice(2)}@mail.example.net>
Date: ${date}
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report;
     boundary="${b}"

--${b}
Content-Type: text/plain; charset="US-ASCII"
Content-Transfer-Encoding: 7bit

This is an email abuse report for an email message received from IP
192.0.2.1 on ${date}. For more information about this format please see
http://www.mipassoc.org/arf/.

--${b}
Content-Type: message/feedback-report

Feedback-Type: ${feedbackType}
User-Agent: SomeGenerator/1.0
Version: 1
Original-Mail-From: <${ids.mailbox}>
Original-Rcpt-To: <${ids.prospect}>
Arrival-Date: ${date}
Reported-Domain: sender.example
Source-IP: 192.0.2.1

--${b}
Content-Type: message/rfc822
Content-Disposition: inline

${original(ids)}

Hello, are you interested?

--${b}--
`);
}
