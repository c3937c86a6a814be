// Properties of the inbox's pure rules over arbitrary raw messages (fast-check): headers with
// arbitrary and encoded-word values in any charset, random MIME trees (any boundary, any transfer
// encoding, unclosed parts, delivery reports), bodies with NUL, lone surrogates, raw 8-bit bytes and
// huge lines. parseInboxMessage, classifyInbox, bounceOf and messageIdsIn never throw; every string
// they give is storable (no NUL, well-formed); at most 100 referenced ids. And their time is linear
// in the input for the adversarial families (quoted Message-ID lines, addresses in a postmaster
// bounce, References ids): 16 times the input's fastest run costs less than 64 times the small
// input's fastest (quadratic: 256).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bounceOf } from '../../../domain/mailboxes/inbox-bounce.ts';
import { classifyInbox } from '../../../domain/mailboxes/inbox-classify.ts';
import { messageIdsIn, parseInboxMessage } from '../../../domain/mailboxes/inbox-message.ts';
import { truncateText } from '../../../domain/shared/text.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const REFERENCED_MAX = 100;

/** Paths of every string (object keys, Map keys and values, array items) that holds NUL or is not well-formed. */
function unstorable(value: unknown, path = '$', found: string[] = [], seen = new Set<object>()): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000') || !value.isWellFormed())
      found.push(`${path}: ${JSON.stringify(truncateText(value, 80))}`);
  } else if (value instanceof Map) {
    for (const [k, v] of value) {
      unstorable(k, `${path}<key>`, found, seen);
      unstorable(v, `${path}.get(${JSON.stringify(String(k))})`, found, seen);
    }
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => unstorable(v, `${path}[${i}]`, found, seen));
  } else if (
    value !== null &&
    typeof value === 'object' &&
    !(value instanceof Date) &&
    !Buffer.isBuffer(value) &&
    !seen.has(value)
  ) {
    seen.add(value);
    for (const [k, v] of Object.entries(value)) unstorable(v, `${path}.${k}`, found, seen);
  }
  return found;
}

// ---- arbitraries --------------------------------------------------------------------------------

const CHARSETS = [
  'UTF-8',
  'utf-8',
  'UTF-16BE',
  'UTF-16LE',
  'UTF-16',
  'UTF-32',
  'ISO-8859-1',
  'windows-1252',
  'GB18030',
  'Shift_JIS',
  'UTF-7',
  'x-made-up',
  '',
];

const qEncoded = (bytes: Uint8Array) =>
  [...bytes]
    .map((b) =>
      b > 0x20 && b < 0x7f && b !== 0x3d && b !== 0x3f && b !== 0x5f
        ? String.fromCharCode(b)
        : `=${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const encodedWord = fc
  .record({ charset: fc.constantFrom(...CHARSETS), q: fc.boolean(), bytes: fc.uint8Array({ maxLength: 48 }) })
  .map(
    ({ charset, q, bytes }) =>
      `=?${charset}?${q ? 'Q' : 'B'}?${q ? qEncoded(bytes) : Buffer.from(bytes).toString('base64')}?=`,
  );

/** JavaScript text with what mail must not carry into storage: NUL, lone surrogates, controls, huge lines. */
const hostileText = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', maxLength: 120 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      '\u0000',
      '\ud800',
      '\udfff',
      'a\ud800b\u0000c',
      '\udc00\ud800',
      '=?UTF-8?Q?hi=00there?=',
      '=?UTF-16BE?B?2AAAQQ==?=',
    ),
    weight: 2,
  },
  { arbitrary: fc.integer({ min: 20_000, max: 400_000 }).map((n) => `${'x'.repeat(n)}\u0000`), weight: 1 },
);

const messageIdArb = fc.oneof(
  fc.uuid().map((u) => `<${u}@x.example>`),
  hostileText.map((t) => `<${t}>`),
  hostileText,
);

const address = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('postmaster@unrelated.example', 'MAILER-DAEMON@mx.example', 'pat@prospect.example'),
  hostileText,
);

const headerValue = fc.oneof(
  encodedWord,
  hostileText,
  fc.array(fc.oneof(encodedWord, hostileText), { maxLength: 4 }).map((words) => words.join(' ')),
  fc.array(messageIdArb, { maxLength: 8 }).map((ids) => ids.join('\r\n ')),
  fc.tuple(fc.oneof(encodedWord, hostileText), address).map(([name, a]) => `${name} <${a}>`),
);

const HEADER_NAMES = [
  'Subject',
  'From',
  'To',
  'Reply-To',
  'In-Reply-To',
  'References',
  'Message-ID',
  'Date',
  'Auto-Submitted',
  'X-Autoreply',
  'Precedence',
  'X-Failed-Recipients',
  'Original-Message-ID',
  'X-Original-Message-ID',
  'Authentication-Results',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Received',
];

const header = fc
  .tuple(
    fc.oneof(fc.constantFrom(...HEADER_NAMES), fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 12 })),
    headerValue,
  )
  .map(([name, value]) => `${name}: ${value}`);

interface Leaf {
  kind: 'leaf';
  type: string;
  charset: string;
  cte: string;
  content: string | Uint8Array;
}
interface Multi {
  kind: 'multi';
  subtype: string;
  boundary: string;
  reportType: string | null;
  children: Node[];
  closed: boolean;
}
type Node = Leaf | Multi;

const leaf: fc.Arbitrary<Leaf> = fc.record({
  kind: fc.constant('leaf' as const),
  type: fc.constantFrom(
    'text/plain',
    'text/html',
    'message/delivery-status',
    'message/rfc822',
    'text/rfc822-headers',
    'application/octet-stream',
    'message/global-delivery-status',
  ),
  charset: fc.constantFrom(...CHARSETS),
  cte: fc.constantFrom('7bit', '8bit', 'binary', 'base64', 'quoted-printable', 'x-garbage', ''),
  content: fc.oneof(
    hostileText,
    fc.uint8Array({ maxLength: 400 }),
    fc.array(header, { maxLength: 6 }).map((h) => `${h.join('\r\n')}\r\n\r\nAction: failed\r\nStatus: 5.1.1\r\n`),
  ),
});

const { node } = fc.letrec<{ node: Node; multi: Multi }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('multi')),
  multi: fc.record({
    kind: fc.constant('multi' as const),
    subtype: fc.constantFrom('mixed', 'report', 'alternative', 'related', 'digest'),
    boundary: fc.oneof(fc.uuid(), fc.constant('b'), fc.constant(''), fc.string({ unit: 'binary', maxLength: 24 })),
    reportType: fc.option(fc.constantFrom('delivery-status', 'disposition-notification', '"delivery-status"')),
    children: fc.array(tie('node'), { maxLength: 4 }),
    closed: fc.boolean(),
  }),
}));

/** Bytes as latin1 characters (one a byte), so the message text can mix them with JavaScript text. */
const bytesText = (content: string | Uint8Array) =>
  typeof content === 'string' ? content : Buffer.from(content).toString('latin1');

function encodeBody(content: string | Uint8Array, cte: string): string {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
  if (cte === 'base64') return bytes.toString('base64').replace(/(.{76})/g, '$1\r\n');
  if (cte === 'quoted-printable') return qEncoded(bytes).replace(/(.{73})/g, '$1=\r\n');
  return bytesText(content);
}

function render(n: Node): { head: string; body: string } {
  if (n.kind === 'leaf') {
    const type = `Content-Type: ${n.type}${n.charset ? `; charset=${n.charset}` : ''}`;
    return {
      head: n.cte ? `${type}\r\nContent-Transfer-Encoding: ${n.cte}` : type,
      body: encodeBody(n.content, n.cte),
    };
  }
  const parts = n.children.map((child) => {
    const { head, body } = render(child);
    return `--${n.boundary}\r\n${head}\r\n\r\n${body}\r\n`;
  });
  const report = n.reportType ? `; report-type=${n.reportType}` : '';
  return {
    head: `Content-Type: multipart/${n.subtype}; boundary="${n.boundary}"${report}`,
    body: `preamble\r\n${parts.join('')}${n.closed ? `--${n.boundary}--\r\n` : ''}`,
  };
}

/** A raw message: arbitrary headers, a MIME tree, given as a string (lone surrogates and all) or as bytes. */
const rawMessage = fc
  .record({
    headers: fc.array(header, { maxLength: 12 }),
    // A long thread: more References than are kept.
    references: fc.option(fc.integer({ min: 95, max: 3_000 }), { freq: 4 }),
    tree: node,
    newline: fc.constantFrom('\r\n', '\n'),
    as: fc.constantFrom('string', 'utf8', 'latin1'),
  })
  .map(({ headers, references, tree, newline, as }) => {
    const { head, body } = render(tree);
    const thread =
      references === null
        ? []
        : [`References: ${Array.from({ length: references }, (_, i) => `<t${i}@x.example>`).join('\r\n ')}`];
    const text = `${[...headers, ...thread, head].join('\r\n')}\r\n\r\n${body}`.replace(/\r\n/g, newline);
    return as === 'string' ? text : Buffer.from(text, as);
  });

// ---- properties ---------------------------------------------------------------------------------

/** fast-check's report with the counterexample cut short (a huge line would fill the console), the seed and path to replay it. */
function compactReport<T>(details: fc.RunDetails<T>): void {
  if (!details.failed) return;
  const example = details.counterexample === null ? 'none' : truncateText(fc.stringify(details.counterexample), 1500);
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `property failed after ${details.numRuns} runs (seed ${details.seed}, path "${truncateText(details.counterexample ? (details.counterexamplePath ?? '') : '', 200)}")\n` +
      `counterexample: ${example}\n${truncateText(cause, 4000)}`,
  );
}

describe('inbox rules over arbitrary messages (fast-check)', function () {
  this.timeout(180_000);

  it('when any raw message is parsed and classified, then nothing throws, every string is storable and at most 100 ids are referenced', async () => {
    await fc.assert(
      fc.asyncProperty(rawMessage, fc.boolean(), async (source, partial) => {
        const message = await parseInboxMessage(source, { partial });
        assert.deepEqual(unstorable(message), [], 'the parsed message');
        assert.ok(message.referencedIds.length <= REFERENCED_MAX, `${message.referencedIds.length} referenced ids`);
        const verdict = classifyInbox(message, NOW);
        assert.deepEqual(unstorable(verdict), [], 'the classification');
        assert.deepEqual(unstorable(bounceOf(message)), [], 'the bounce');
      }),
      { numRuns: 250, reporter: compactReport },
    );
  });

  it('when any header value is read for Message-IDs, then messageIdsIn never throws and gives storable ids, at most 100', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          headerValue,
          fc.array(headerValue, { maxLength: 5 }),
          fc.constant(undefined),
          fc.array(messageIdArb, { minLength: 90, maxLength: 400 }).map((ids) => ids.join(' ')),
        ),
        (value) => {
          const ids = messageIdsIn(value);
          assert.deepEqual(unstorable(ids), []);
          assert.ok(ids.length <= REFERENCED_MAX, `${ids.length} ids`);
        },
      ),
      { numRuns: 500, reporter: compactReport },
    );
  });
});

// ---- linearity ----------------------------------------------------------------------------------

const head = (from: string, subject: string) =>
  `From: ${from}\r\nTo: sam@sender.example\r\nSubject: ${subject}\r\nMessage-ID: <family@x.example>\r\nDate: Tue, 24 Nov 2026 10:15:00 +0000\r\n`;
const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join('');

const FAMILIES: { name: string; n: number; input: (n: number) => string; run: (input: string) => Promise<unknown> }[] =
  [
    {
      name: 'a postmaster bounce quoting n Message-ID lines',
      n: 2_000,
      input: (n) =>
        `${head('postmaster@unrelated.example', 'Undelivered Mail Returned to Sender')}\r\n${lines(n, (i) => `> Message-ID: <quoted-${i}@x.example>\r\n`)}`,
      run: async (input) => classifyInbox(await parseInboxMessage(input), NOW),
    },
    {
      name: 'a postmaster bounce naming n <addr@x> recipients',
      n: 2_000,
      input: (n) =>
        `${head('postmaster@unrelated.example', 'Undelivered Mail Returned to Sender')}\r\n550 5.1.1 failed:\r\n${lines(n, (i) => `<rcpt-${i}@x.example>: 550 5.1.1 unknown\r\n`)}`,
      run: async (input) => classifyInbox(await parseInboxMessage(input), NOW),
    },
    {
      name: 'a reply with n References ids',
      n: 2_000,
      input: (n) =>
        `${head('pat@prospect.example', 'Re: Quick question')}References: ${lines(n, (i) => `<ref-${i}@x.example>\r\n `)}<last@x.example>\r\n\r\nHello.\r\n`,
      run: async (input) => classifyInbox(await parseInboxMessage(input), NOW),
    },
    {
      name: 'messageIdsIn over a value of n ids',
      n: 2_000,
      input: (n) => lines(n, (i) => `<ref-${i}@x.example> `),
      run: async (input) => messageIdsIn(input),
    },
  ];

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

describe('inbox rules: time linear in the input', function () {
  this.timeout(300_000);

  // Noise (another process, a collection) only ever adds time, so each size's fastest run is its
  // cost: a linear rule's fastest large run is about 16 times the small one's, a quadratic rule's
  // never under 256 times. One large run under the bound passes; 7 over it fail.
  for (const family of FAMILIES) {
    it(`when ${family.name} grows 16 times (n = ${family.n}), then its fastest run grows less than 64 times`, async () => {
      const small = family.input(family.n);
      const large = family.input(16 * family.n);
      // Warm-up: the code paths compiled, at the small size and a middle one (not the large one: a quadratic cost would take long).
      await family.run(small);
      await family.run(family.input(4 * family.n));
      await family.run(small);
      const baseTimes: number[] = [];
      for (let i = 0; i < 7; i++) baseTimes.push(await timed(() => family.run(small)));
      const base = Math.min(...baseTimes);
      const bound = 64 * Math.max(base, 0.25);
      const times: number[] = [];
      while (times.length < 7 && !times.some((t) => t < bound)) times.push(await timed(() => family.run(large)));
      assert.ok(
        times.some((t) => t < bound),
        `n: fastest ${base.toFixed(2)} ms; 16n: ${times.map((t) => t.toFixed(1)).join(', ')} ms, ratio ${(Math.min(...times) / base).toFixed(1)} (bound 64)`,
      );
    });
  }
});
