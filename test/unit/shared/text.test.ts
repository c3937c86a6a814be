// Shortening user text (domain/shared/text.ts): code-point limits, no split surrogate pair, grapheme
// boundaries preferred, the ellipsis counted within the limit.
import assert from 'node:assert/strict';
import { codePointLength, storableText, truncateText } from '../../../domain/shared/text.ts';
import type * as TextModule from '../../../domain/shared/text.ts';

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'; // man ZWJ woman ZWJ girl: 5 code points, 8 UTF-16 units
const FRANCE = '\u{1F1EB}\u{1F1F7}'; // two regional indicators: 2 code points
const GERMANY = '\u{1F1E9}\u{1F1EA}';
const SMILE = '\u{1F600}';
const ACUTE = '\u0301'; // combining acute accent
const RLM = '\u200F'; // right-to-left mark

/** Checks what every result must satisfy: within max, a prefix of the text (plus the ellipsis), well-formed. */
function checked(text: string, max: number, ellipsis?: string): string {
  const out = truncateText(text, max, ellipsis === undefined ? {} : { ellipsis });
  assert.ok(codePointLength(out) <= max, `${JSON.stringify(out)} is longer than ${max}`);
  assert.ok(out.isWellFormed(), `${JSON.stringify(out)} has a lone surrogate`);
  const body = ellipsis && out !== text && out.endsWith(ellipsis) ? out.slice(0, out.length - ellipsis.length) : out;
  assert.ok(text.startsWith(body), `${JSON.stringify(out)} is not a prefix of ${JSON.stringify(text)}`);
  return out;
}

describe('truncateText', () => {
  it('when the text fits, then it comes back unchanged, also when its UTF-16 length is over max', () => {
    assert.equal(checked('hello', 5), 'hello');
    assert.equal(checked('', 0), '');
    assert.equal(checked(`ab${SMILE}`, 3), `ab${SMILE}`); // 4 UTF-16 units, 3 code points
    assert.equal(checked(FAMILY, 5), FAMILY);
    assert.equal(checked('abc', 3, '…'), 'abc'); // no ellipsis on text that was not cut
  });

  it('when an emoji straddles the limit, then it is left out whole, never split into a lone surrogate', () => {
    assert.equal(`a${SMILE}`.slice(0, 2).isWellFormed(), false); // what a plain slice does
    assert.equal(checked(`a${SMILE}`, 1), 'a');
    assert.equal(checked(`ab${SMILE}c`, 3), `ab${SMILE}`);
    assert.equal(checked(`ab${SMILE}c`, 2), 'ab');
    assert.equal(checked(SMILE.repeat(3), 2), SMILE.repeat(2));
  });

  it('when a ZWJ family emoji straddles the limit, then the whole family is left out', () => {
    for (let max = 3; max < 8; max++) assert.equal(checked(`Hi ${FAMILY}`, max), 'Hi ', String(max));
    assert.equal(checked(`Hi ${FAMILY}!`, 8), `Hi ${FAMILY}`);
  });

  it('when a flag straddles the limit, then it is not cut into a lone regional indicator', () => {
    assert.equal(checked(`go ${FRANCE}${GERMANY}`, 4), 'go ');
    assert.equal(checked(`go ${FRANCE}${GERMANY}`, 5), `go ${FRANCE}`);
    assert.equal(checked(`go ${FRANCE}${GERMANY}`, 6), `go ${FRANCE}`);
  });

  it('when a letter has a combining mark, then the limit does not separate them', () => {
    assert.equal(checked(`Cafe${ACUTE}s`, 4), 'Caf');
    assert.equal(checked(`Cafe${ACUTE}s`, 5), `Cafe${ACUTE}`);
    assert.equal(checked(`Cafe${ACUTE}s`, 5).normalize('NFC'), 'Café');
  });

  it('when a single grapheme is longer than max, then the cut falls back to a code-point boundary', () => {
    const zalgo = `e${ACUTE.repeat(10)}`;
    assert.equal(checked(zalgo, 3), `e${ACUTE}${ACUTE}`);
    assert.equal(checked(FAMILY, 3), `\u{1F468}\u200D\u{1F469}`);
    // A boundary before the limit is preferred to cutting the long grapheme.
    assert.equal(checked(`ab${zalgo}`, 5), 'ab');
  });

  it('when the text has right-to-left marks, then they count as code points and stay whole', () => {
    const hebrew = `${RLM}שלום${RLM} עולם`;
    assert.equal(checked(hebrew, 6), `${RLM}שלום${RLM}`);
    assert.equal(checked(hebrew, 1), RLM);
    assert.equal(checked(`مرحبا${RLM}`, 5), 'مرحبا');
  });

  it('when the text is 10,000 characters long, then the cut is exact', () => {
    const ascii = 'a'.repeat(10_000);
    assert.equal(checked(ascii, 200), 'a'.repeat(200));
    const emoji = SMILE.repeat(5_000); // 10,000 UTF-16 units
    assert.equal(checked(emoji, 200), SMILE.repeat(200));
    assert.equal(checked(emoji, 5_000), emoji);
    const mixed = `${FAMILY}x${FRANCE}e${ACUTE}${RLM}`.repeat(600);
    assert.ok(checked(mixed, 500, '…').endsWith('…'), 'a long mixed text is cut, with the ellipsis');
  });

  it('when max is 0, then the result is empty, ellipsis or not', () => {
    assert.equal(checked('abc', 0), '');
    assert.equal(checked('abc', 0, '…'), '');
    assert.equal(checked(SMILE, 0), '');
  });

  it('when an ellipsis is given, then it is counted within max and dropped only when it alone does not fit', () => {
    assert.equal(checked('abcdef', 4, '…'), 'abc…');
    assert.equal(checked(`ab${SMILE}cd`, 4, '…'), `ab${SMILE}…`);
    assert.equal(checked(`ab${FAMILY}cd`, 6, '…'), 'ab…');
    assert.equal(checked('abcdef', 1, '…'), '…');
    assert.equal(checked('abcdef', 5, '...'), 'ab...');
    assert.equal(checked('abcdef', 2, '...'), 'ab');
  });

  it('when max is negative or not an integer, then it throws', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      assert.throws(() => truncateText('abc', bad), RangeError, String(bad));
  });

  it('when texts mix every kind of cluster, then every max gives a well-formed prefix within max', () => {
    const text = `${RLM}a${SMILE}${FAMILY}e${ACUTE}${FRANCE}ש${GERMANY}\u{1F44D}\u{1F3FD}z`;
    for (let max = 0; max <= codePointLength(text) + 1; max++) {
      checked(text, max);
      checked(text, max, '…');
    }
  });

  it('when Intl.Segmenter is missing, then cuts still fall on code-point boundaries', async () => {
    const intl = Intl as { Segmenter?: unknown };
    const saved = intl.Segmenter;
    delete intl.Segmenter;
    try {
      // A fresh instance of the module, evaluated without the segmenter.
      const bare = (await import(`../../../domain/shared/text.ts?no-segmenter=${Date.now()}`)) as typeof TextModule;
      assert.equal(bare.truncateText(`ab${SMILE}c`, 3), `ab${SMILE}`);
      assert.equal(bare.truncateText(`a${SMILE}`, 1), 'a');
      assert.equal(bare.truncateText(`Hi ${FAMILY}`, 5), `Hi \u{1F468}\u200D`);
    } finally {
      intl.Segmenter = saved;
    }
  });
});

describe('codePointLength', () => {
  it('when text has astral characters or lone surrogates, then each counts once', () => {
    assert.equal(codePointLength(''), 0);
    assert.equal(codePointLength('abc'), 3);
    assert.equal(codePointLength(SMILE), 1);
    assert.equal(codePointLength(FAMILY), 5);
    assert.equal(codePointLength('a\uD83D'), 2);
    assert.equal(codePointLength('\uDE00\uD83D'), 2);
  });
});

describe('storableText', () => {
  it('when text holds NUL and other controls, then they are removed and tab, newline and carriage return stay', () => {
    assert.equal(storableText('hi\u0000there\u0007\u001b[0m\u0085\tok\r\n', 100), 'hithere[0m\tok\r\n');
  });

  it('when text holds lone surrogates, then each becomes U+FFFD and pairs stay whole', () => {
    assert.equal(storableText('\uD800A\uDFFF', 10), '\uFFFDA\uFFFD');
    assert.equal(storableText(`${SMILE}\uD83D`, 10), `${SMILE}\uFFFD`);
  });

  it('when text is longer than max, then it is cut on a grapheme boundary', () => {
    assert.equal(storableText(`ab${FAMILY}`, 4), 'ab');
    assert.equal(storableText(`e${ACUTE}e${ACUTE}`, 3, { ellipsis: '…' }), `e${ACUTE}…`);
  });

  it('when text is far longer than max, then the result is max code points of its beginning', () => {
    const long = `${'\u0000'.repeat(10)}${'x'.repeat(5_000_000)}`;
    const out = storableText(long, 1000);
    assert.equal(out, 'x'.repeat(1000));
  });

  it('when a long text is cut, then the cut falls on a grapheme boundary as it does in a short one', () => {
    const prefix = 'x'.repeat(3000);
    assert.equal(storableText(`${prefix}ab${FAMILY}`, 3003), `${prefix}ab`);
    assert.equal(storableText(`${prefix}${FRANCE}${GERMANY}`, 3003), `${prefix}${FRANCE}`);
    assert.equal(storableText(`${prefix}e${ACUTE}${ACUTE}`, 3002), prefix);
    assert.equal(
      storableText(`${prefix}\u{1F44D}\u{1F3FB}`, 3001),
      prefix,
      'a skin-tone modifier stays with its emoji',
    );
  });
});
