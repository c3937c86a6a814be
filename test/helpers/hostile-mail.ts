// Hostile inbound mail (issue 31, "Inbound mail is hostile input"): raw RFC 5322 messages a connected
// mailbox may receive, each named, built for the ids a test or the benchmark chooses. NUL and lone
// surrogates in encoded words (subject, From name) and in bodies, 1,005 MIME parts, a message of
// 25 MB, a 2.5 MB pseudo-bounce naming 90,000 addresses, 30,000 References, a head of 5,000 fields,
// 500 nested multiparts, an unknown charset with raw 8-bit and NUL bytes. Also the mail that claims
// authority it does not have (a forged plain-text bounce, a stranger's "unsubscribe", a DMARC
// failure) and a genuine reply to follow each case. Free of test-framework imports: the
// `mailboxes` benchmark's hostile mix uses it too. Lines end in CRLF as on the wire.
import { randomUUID } from 'node:crypto';
import { personReply, type SampleIds } from './inbox-samples.ts';

export type HostileIds = SampleIds;

export interface HostileMail {
  name: string;
  /** The whole message as sent over SMTP (a Buffer where it carries bytes that are not UTF-8). */
  raw: string | Buffer;
  /** The address its From header claims. */
  from: string;
  /** What it claims to be: a reply threaded to `sentMessageId`, a reply that names no id of ours, or a bounce. */
  shape: 'THREADED_REPLY' | 'UNTHREADED' | 'BOUNCE';
}

export interface CorpusOptions {
  /** Size of the huge message (default 25 MB). */
  hugeBytes?: number;
  /** Addresses in the pseudo-bounce (default 90,000: about 2.5 MB). */
  bounceAddresses?: number;
  /** Ids in the long References field (default 30,000). */
  references?: number;
  /** MIME parts of the many-parts message (default 1,005). */
  parts?: number;
}

const DATE = 'Tue, 24 Nov 2026 10:15:00 +0000';
const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');
const bracket = (id: string) => `<${id.replace(/^<|>$/g, '')}>`;
const uniqueId = (what: string) => `${what}-${randomUUID()}@prospect.example`;

/** Base64 in 76-character lines (CRLF). */
function base64Lines(bytes: Buffer): string {
  return (bytes.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
}

/** A reply from the prospect with the head fields given; threaded to our Message-ID unless `threading` is given. */
function reply(
  ids: HostileIds,
  o: { from?: string; subject?: string; threading?: string; head?: string; body: string; messageId?: string },
): string {
  const threading =
    o.threading ?? `In-Reply-To: ${bracket(ids.sentMessageId)}\nReferences: ${bracket(ids.sentMessageId)}\n`;
  const head = crlf(`From: ${o.from ?? `Pat Prospect <${ids.prospect}>`}
To: Sam Sender <${ids.mailbox}>
Subject: ${o.subject ?? `Re: ${ids.subject ?? 'Quick question'}`}
Message-ID: ${bracket(o.messageId ?? uniqueId('hostile'))}
Date: ${DATE}
${threading}MIME-Version: 1.0
${o.head ?? 'Content-Type: text/plain; charset=utf-8'}
`);
  return `${head}\r\n${o.body}`;
}

const threaded = (name: string, ids: HostileIds, raw: string | Buffer, from = ids.prospect): HostileMail => ({
  name,
  raw,
  from,
  shape: 'THREADED_REPLY',
});

/** NUL and lone surrogates in encoded words (subject, From name) and in bodies (quoted-printable, UTF-16). */
function encodedWordCases(ids: HostileIds): HostileMail[] {
  // UTF-16BE D800 0041: a high surrogate with no low one after it, then "A".
  const loneSurrogateWord = '=?UTF-16BE?B?2AAAQQ==?=';
  const utf16 = (text: string) => Buffer.from(text, 'utf16le').swap16();
  const utf16Body = Buffer.concat([
    utf16('Hi '),
    Buffer.from([0xd8, 0x00]),
    utf16(' there '),
    Buffer.from([0xdc, 0x00]),
    utf16('.\r\n'),
  ]);
  return [
    threaded(
      'subject-nul',
      ids,
      reply(ids, { subject: '=?UTF-8?Q?hi=00there?=', body: 'A subject with a NUL in its encoded word.\r\n' }),
    ),
    threaded(
      'subject-lone-surrogate',
      ids,
      reply(ids, { subject: loneSurrogateWord, body: 'A subject with a lone surrogate in its encoded word.\r\n' }),
    ),
    threaded(
      'from-name-nul',
      ids,
      reply(ids, { from: `=?UTF-8?Q?Pat=00Prospect?= <${ids.prospect}>`, body: 'A From name with a NUL.\r\n' }),
    ),
    threaded(
      'from-name-lone-surrogate',
      ids,
      reply(ids, { from: `${loneSurrogateWord} <${ids.prospect}>`, body: 'A From name with a lone surrogate.\r\n' }),
    ),
    threaded(
      'body-qp-nul',
      ids,
      reply(ids, {
        head: 'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable',
        body: 'Hello=00world, a NUL in the text.=00=00 And =ED=A0=80 (a surrogate in UTF-8 bytes).\r\n',
      }),
    ),
    threaded(
      'body-utf16-lone-surrogate',
      ids,
      reply(ids, {
        head: 'Content-Type: text/plain; charset=utf-16be\r\nContent-Transfer-Encoding: base64',
        body: `${base64Lines(utf16Body)}\r\n`,
      }),
    ),
  ];
}

/** A multipart/mixed reply of `count` small text parts. */
function manyParts(ids: HostileIds, count: number): HostileMail {
  const b = `parts-${randomUUID()}`;
  const parts: string[] = [];
  for (let i = 1; i <= count; i++)
    parts.push(`--${b}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nPart ${i} of ${count}.\r\n`);
  return threaded(
    `mime-${count}-parts`,
    ids,
    reply(ids, { head: `Content-Type: multipart/mixed; boundary="${b}"`, body: `${parts.join('')}--${b}--\r\n` }),
  );
}

/** A reply whose first part is its text and whose second is an attachment that brings it to `bytes`. */
function huge(ids: HostileIds, bytes: number): HostileMail {
  const b = `huge-${randomUUID()}`;
  const first = `--${b}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nPlease see the attached file, all ${bytes} bytes of it.\r\n`;
  // 57 bytes a line in base64 are 76 characters plus CRLF: 78 characters.
  const lines = Math.max(1, Math.ceil(bytes / 78));
  const line = `${Buffer.alloc(57, 0x5a).toString('base64')}\r\n`;
  const attachment = `--${b}\r\nContent-Type: application/octet-stream; name="big.bin"\r\nContent-Disposition: attachment; filename="big.bin"\r\nContent-Transfer-Encoding: base64\r\n\r\n${line.repeat(lines)}`;
  return threaded(
    `huge-${Math.round(bytes / (1024 * 1024))}mb`,
    ids,
    reply(ids, { head: `Content-Type: multipart/mixed; boundary="${b}"`, body: `${first}${attachment}--${b}--\r\n` }),
  );
}

/** A plain-text "bounce" from postmaster@ naming `count` addresses, none of them ours, no Message-ID of ours. */
function pseudoBounce(ids: HostileIds, count: number): HostileMail {
  const from = 'postmaster@unrelated.example';
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(`<rcpt-${String(i).padStart(6, '0')}@nowhere.example>\r\n`);
  const raw =
    crlf(`From: Mail Delivery System <${from}>
To: ${ids.mailbox}
Subject: Undelivered Mail Returned to Sender
Message-ID: ${bracket(`pseudo-bounce-${randomUUID()}@unrelated.example`)}
Date: ${DATE}
Content-Type: text/plain; charset=us-ascii

This is the mail system at host unrelated.example.
I'm sorry to have to inform you that your message could not be delivered to one or more
recipients. 550 5.1.1 The following addresses failed:

`) + lines.join('');
  return { name: `pseudo-bounce-${count}-addresses`, raw, from, shape: 'BOUNCE' };
}

/** A References field of `count` ids with ours at `at` (0: the oldest, count - 1: the newest). */
function longReferences(ids: HostileIds, count: number, at: number): string {
  const refs: string[] = [];
  for (let i = 0; i < count; i++)
    refs.push(i === at ? bracket(ids.sentMessageId) : `<thread-${i}-${randomUUID()}@elsewhere.example>`);
  return `References: ${refs.join('\n ')}\n`;
}

/** Five thousand Received fields above the real ones. */
function headerFlood(ids: HostileIds): HostileMail {
  const received: string[] = [];
  for (let i = 0; i < 5000; i++)
    received.push(
      `Received: from relay${i}.example (relay${i}.example [192.0.2.${i % 250}]) by mx.example; ${DATE}\r\n`,
    );
  return threaded('head-5000-fields', ids, received.join('') + reply(ids, { body: 'Many hops.\r\n' }));
}

/** 500 multiparts nested in each other, a text part at the bottom. */
function deepNesting(ids: HostileIds, depth: number): HostileMail {
  let body = 'Content-Type: text/plain; charset=utf-8\r\n\r\nAt the bottom.\r\n';
  for (let level = depth; level >= 1; level--)
    body = `Content-Type: multipart/mixed; boundary="n${level}"\r\n\r\n--n${level}\r\n${body}--n${level}--\r\n`;
  const [head, ...rest] = body.split('\r\n\r\n');
  return threaded(`nested-${depth}-multiparts`, ids, reply(ids, { head, body: rest.join('\r\n\r\n') }));
}

/** An unknown charset in an encoded word and on the body, raw 8-bit bytes and NUL bytes in the body. */
function unknownCharset(ids: HostileIds): HostileMail {
  const text = reply(ids, {
    subject: '=?x-made-up?B?/////wA=?= =?UTF-8?B?wA==?=',
    head: 'Content-Type: text/plain; charset=x-made-up\r\nContent-Transfer-Encoding: 8bit',
    body: '',
  });
  const raw = Buffer.concat([
    Buffer.from(text, 'utf8'),
    Buffer.from('Bytes: '),
    Buffer.from([0x00, 0xc0, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x00]),
    Buffer.from(' end.\r\n'),
  ]);
  return threaded('unknown-charset-8bit-nul', ids, raw);
}

/**
 * The hostile corpus for one prospect of one mailbox (ids as the existing samples take them): what
 * each case is, and the raw message to send. Cases are independent; send a genuine reply
 * (`genuineReply`) after each to prove the sync passed it.
 */
export function hostileCorpus(ids: HostileIds, options: CorpusOptions = {}): HostileMail[] {
  const references = options.references ?? 30_000;
  return [
    ...encodedWordCases(ids),
    manyParts(ids, options.parts ?? 1_005),
    huge(ids, options.hugeBytes ?? 25 * 1024 * 1024),
    pseudoBounce(ids, options.bounceAddresses ?? 90_000),
    // Our Message-ID the newest of a long thread: within the ids kept, a reply.
    threaded(
      `references-${references}-ours-newest`,
      ids,
      reply(ids, { threading: longReferences(ids, references, references - 1), body: 'A long thread.\r\n' }),
    ),
    // Ours buried in the middle, far past the ids kept, and a subject of its own: not about our email.
    {
      name: `references-${references}-ours-buried`,
      from: ids.prospect,
      shape: 'UNTHREADED',
      raw: reply(ids, {
        subject: 'Lunch on Thursday?',
        threading: longReferences(ids, references, Math.floor(references / 2)),
        body: 'Another thread.\r\n',
      }),
    },
    headerFlood(ids),
    deepNesting(ids, 500),
    unknownCharset(ids),
  ];
}

/** The prospect's genuine reply that follows a case: threaded to our Message-ID, its body and Message-ID unique to `tag`. */
export function genuineReply(ids: HostileIds, tag: string): { raw: string; messageId: string; marker: string } {
  const messageId = uniqueId(`genuine-${tag}`);
  const marker = `Genuine reply after ${tag} ${randomUUID()}`;
  return {
    raw: personReply(ids, `${marker}: who are you and how did you get my address?`, { messageId }),
    messageId,
    marker,
  };
}

/**
 * A plain-text "bounce" from a postmaster of no mail system we sent through, naming the prospect's
 * address with a permanent status, and no Message-ID the service sent (the original is not quoted).
 */
export function forgedTextBounce(ids: HostileIds): HostileMail {
  const from = 'postmaster@unrelated.example';
  return {
    name: 'forged-text-bounce',
    from,
    shape: 'BOUNCE',
    raw: crlf(`From: Mail Delivery System <${from}>
To: ${ids.mailbox}
Subject: Undelivered Mail Returned to Sender
Message-ID: ${bracket(`forged-${randomUUID()}@unrelated.example`)}
Date: ${DATE}
Content-Type: text/plain; charset=us-ascii

This is the mail system at host unrelated.example.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

<${ids.prospect}>: host mx.prospect.example said: 550 5.1.1 <${ids.prospect}>:
    Recipient address rejected: User unknown in virtual mailbox table
`),
  };
}

/** An Authentication-Results field as the receiving server writes it on top (RFC 8601), for a sender at `from`. */
export function authenticationResults(from: string, dmarc: 'pass' | 'fail'): string {
  const domain = from.split('@').at(-1);
  return dmarc === 'pass'
    ? `Authentication-Results: mx.sender.test; spf=pass smtp.mailfrom=${from}; dkim=pass header.d=${domain}; dmarc=pass (p=REJECT) header.from=${domain}\r\n`
    : `Authentication-Results: mx.sender.test; spf=fail smtp.mailfrom=${from}; dkim=none; dmarc=fail (p=REJECT) header.from=${domain}\r\n`;
}

/** A reply asking to be removed, threaded to our Message-ID, from `from` (the contact, or anyone), optionally below an Authentication-Results field. */
export function unsubscribeReply(
  ids: HostileIds,
  o: { from: string; dmarc?: 'pass' | 'fail'; body?: string },
): { raw: string; messageId: string } {
  const messageId = uniqueId('unsubscribe');
  const raw = reply(ids, {
    from: `Someone <${o.from}>`,
    messageId,
    body: `${o.body ?? 'unsubscribe\r\nPlease remove me from your list.'}\r\n`,
  });
  return { raw: o.dmarc ? authenticationResults(o.from, o.dmarc) + raw : raw, messageId };
}

/** A reply threaded to our Message-ID with no Message-ID of its own. */
export function replyWithoutMessageId(ids: HostileIds, body: string): string {
  return reply(ids, { body: `${body}\r\n` }).replace(/^Message-ID: .*\r\n/m, '');
}
