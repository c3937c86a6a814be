// Pure helpers of well-formed text (api/well-formed.ts), the shared field path rule (childPath) and
// the raw answers to HTTP parser errors (api/client-errors.ts).
import assert from 'node:assert/strict';
import { maxHeaderSize } from 'node:http';
import { clientErrorIssue, rawErrorResponse } from '../../api/client-errors.ts';
import { childPath } from '../../api/validation.ts';
import {
  hasProtoKey,
  illFormedFields,
  KEY_NOT_WELL_FORMED,
  mayHoldLoneSurrogate,
  NOT_WELL_FORMED,
  queryEncodingErrors,
  strictUtf8,
} from '../../api/well-formed.ts';

const paths = (value: unknown, skip?: readonly string[], limit?: number) =>
  illFormedFields(value, skip, limit).map((e) => e.path);

describe('well-formed text helpers', () => {
  describe('childPath', () => {
    it('when segments are joined, then keys are dotted and all-digit segments are indexes, as data.errors names fields', () => {
      assert.equal(['variables', 'k'].reduce(childPath, ''), 'variables.k');
      assert.equal(['steps', '0', 'body'].reduce(childPath, ''), 'steps[0].body');
      assert.equal(['0', 'x'].reduce(childPath, ''), '[0].x');
      assert.equal(['a', '', 'b'].reduce(childPath, ''), 'a.b');
    });
  });

  describe('strictUtf8', () => {
    it('when bytes are UTF-8, then their text (a BOM dropped); when not (0xFF, an encoded surrogate, a cut sequence), then null', () => {
      assert.equal(strictUtf8(Buffer.from('Zoë 👩🏽‍💻', 'utf8')), 'Zoë 👩🏽‍💻');
      assert.equal(strictUtf8(Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])), '{}');
      for (const bad of [[0xff], [0xed, 0xa0, 0x80], [0xc3], [0xf0, 0x9f, 0x91]])
        assert.equal(strictUtf8(Buffer.from(bad)), null, String(bad));
    });
  });

  describe('mayHoldLoneSurrogate', () => {
    it('when JSON text has a surrogate escape (any case) or is itself ill-formed, then true; plain text and other escapes, false', () => {
      for (const text of ['"\\ud800"', '"\\uDBFF"', '"\\udc00"', '"\\ud83d\\ude00"', '\ud800'])
        assert.equal(mayHoldLoneSurrogate(text), true, text);
      for (const text of ['{"a":"b"}', '"\\u00e9"', '"\\u0000"', '"\\uc800"', '"👩"', '"\\\\u"'])
        assert.equal(mayHoldLoneSurrogate(text), false, text);
    });
  });

  describe('illFormedFields', () => {
    it('when strings hold lone surrogates at any depth, then each is named by its path in document order', () => {
      const value = {
        a: 'ok',
        b: 'x\ud800',
        variables: { k: '\udc00' },
        steps: [{ body: 'fine' }, { body: 'y\udbff' }],
        deep: [[['\ud800']]],
      };
      assert.deepEqual(paths(value), ['b', 'variables.k', 'steps[1].body', 'deep[0][0][0]']);
      assert.equal(illFormedFields({ b: '\ud800' })[0].message, NOT_WELL_FORMED);
    });

    it('when a key holds a lone surrogate, then the key is named (its path well-formed, U+FFFD in place), then its value', () => {
      const errors = illFormedFields({ vars: { 'k\ud800': 'v\udc00' } });
      assert.deepEqual(errors, [
        { path: 'vars.k\ufffd', message: KEY_NOT_WELL_FORMED },
        { path: 'vars.k\ufffd', message: NOT_WELL_FORMED },
      ]);
      assert.ok(errors.every((e) => e.path.isWellFormed()));
    });

    it('when text is well-formed (pairs, combining marks, RTL marks) or not text, then nothing is named', () => {
      assert.deepEqual(
        paths({ e: '👩🏽‍💻', c: 'e\u0301', r: '\u200f\u05e9\u200e', n: 1, t: true, z: null, l: [1, 'a'] }),
        [],
      );
      assert.deepEqual(paths('\ud800'), ['(root)']);
    });

    it('when top-level members are skipped, then they are not looked into; nested members of the same name still are', () => {
      assert.deepEqual(paths({ payload: { lone: '\ud800' }, other: { payload: '\ud800' } }, ['payload']), [
        'other.payload',
      ]);
    });

    it('when many fields are ill-formed, then at most the limit is named', () => {
      const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, '\ud800']));
      assert.equal(illFormedFields(many).length, 20);
      assert.equal(illFormedFields(many, [], 3).length, 3);
      assert.equal(illFormedFields({ 'a\ud800': '\ud800' }, [], 1).length, 1);
    });

    it('when a document is nested deeper than the call stack, then the walk still finishes', () => {
      const deep = JSON.parse(`${'['.repeat(200_000)}"\\ud800"${']'.repeat(200_000)}`) as unknown;
      assert.equal(illFormedFields(deep).length, 1);
    });
  });

  describe('hasProtoKey', () => {
    it('when the text names an own __proto__ member (plain or escaped) at any depth, then true, unless under a skipped top-level member', () => {
      for (const text of ['{"__proto__":{"x":1}}', '{"a":[{"__proto__":1}]}', '{"\\u005f_proto__":1}']) {
        assert.equal(hasProtoKey(text, JSON.parse(text)), true, text);
      }
      const text = '{"payload":{"__proto__":1}}';
      assert.equal(hasProtoKey(text, JSON.parse(text), ['payload']), false);
      assert.equal(hasProtoKey('{"a":"__proto__"}', JSON.parse('{"a":"__proto__"}')), false);
    });
  });

  describe('queryEncodingErrors', () => {
    it('when a parameter decodes to bytes that are not UTF-8, then it is named (the name undecodable: (query)); valid escapes pass', () => {
      assert.deepEqual(queryEncodingErrors('query=%ED%A0%80'), [
        { path: 'query', message: 'is not valid UTF-8 once percent-decoded' },
      ]);
      assert.deepEqual(
        queryEncodingErrors('a=1&name=x%FFy&size=2&name=%C3').map((e) => e.path),
        ['name'],
      );
      assert.deepEqual(
        queryEncodingErrors('%FF=1').map((e) => e.path),
        ['(query)'],
      );
      assert.deepEqual(queryEncodingErrors('q=Zo%C3%AB+%F0%9F%91%A9&r=%25FF&s=a=b'), []);
      assert.deepEqual(queryEncodingErrors(''), []);
    });
  });

  describe('client errors', () => {
    it('when the parser reports a header overflow, then 431 PayloadTooLargeIssue with the limit; a malformed request, 400 ValidationIssue', () => {
      const big = clientErrorIssue('HPE_HEADER_OVERFLOW', maxHeaderSize);
      assert.deepEqual([big.status, big.type, big.data], [431, 'PayloadTooLargeIssue', { limit_bytes: maxHeaderSize }]);
      const bad = clientErrorIssue('HPE_INVALID_METHOD', maxHeaderSize);
      assert.deepEqual(
        [bad.status, bad.type, bad.data],
        [400, 'ValidationIssue', { errors: [{ path: '(request)', message: 'is not a valid HTTP/1.1 request' }] }],
      );
      assert.equal(clientErrorIssue('ERR_HTTP_REQUEST_TIMEOUT', maxHeaderSize).status, 408);
    });

    it('when the answer is written raw, then it is one HTTP/1.1 response with a JSON body in the error shape that closes the connection', () => {
      const raw = rawErrorResponse(clientErrorIssue('HPE_HEADER_OVERFLOW', 16_384), 'req-1');
      const [head, body] = raw.split('\r\n\r\n');
      const lines = head.split('\r\n');
      assert.equal(lines[0], 'HTTP/1.1 431 Request Header Fields Too Large');
      assert.ok(lines.includes('Content-Type: application/json; charset=utf-8'));
      assert.ok(lines.includes('Connection: close'));
      assert.ok(lines.includes(`Content-Length: ${Buffer.byteLength(body)}`));
      assert.deepEqual(JSON.parse(body), {
        status_code: 431,
        type: 'PayloadTooLargeIssue',
        message: 'The request headers exceed the limit of 16384 bytes.',
        data: { limit_bytes: 16_384 },
        request_id: 'req-1',
      });
    });
  });
});
