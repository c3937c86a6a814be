// The patterns an erasure finds a person's copies by (domain/erasure/erase.queries.ts): an identifier
// matches as a whole, in any case, and never inside a longer one (another person's address or profile).
import assert from 'node:assert/strict';
import { mentionPattern } from '../../../domain/erasure/erase.queries.ts';

describe('mentionPattern', () => {
  // PostgreSQL's `~*` and JavaScript's RegExp read these patterns alike (lookbehind, lookahead, escapes).
  const matches = (value: string, text: string, options?: { anyPrefix?: boolean }) =>
    new RegExp(mentionPattern(value, options), 'i').test(text);

  it('when the email is in a JSON text, a header or in upper case, then it matches', () => {
    assert.ok(matches('ada.l+x@ex-ample.com', '{"email":"ada.l+x@ex-ample.com"}'));
    assert.ok(matches('ada.l+x@ex-ample.com', 'To: Ada <ADA.L+X@EX-AMPLE.COM>'));
    assert.ok(matches('ada@example.com', 'mailto:ada@example.com.'));
  });

  it('when the text holds a longer address that contains the email, then it does not match', () => {
    assert.equal(matches('ada@example.com', 'grenada@example.com'), false);
    assert.equal(matches('ada@example.com', 'ada@example.community'), false);
    assert.equal(matches('ada@example.co', 'ada@example.com'), false);
  });

  it('when a character the pattern language reads is in the value, then it is matched literally', () => {
    assert.equal(matches('a.b@x.io', 'aXb@x.io'), false);
    assert.ok(matches('+44 (20) 7946 0958', 'call +44 (20) 7946 0958 today'));
  });

  it('when a LinkedIn profile path is matched with any prefix, then every host form matches and a longer slug does not', () => {
    const path = 'linkedin.com/in/ada-lovelace';
    assert.ok(matches(path, 'https://www.linkedin.com/in/ada-lovelace', { anyPrefix: true }));
    assert.ok(matches(path, 'uk.linkedin.com/in/ada-lovelace/', { anyPrefix: true }));
    assert.equal(matches(path, 'https://www.linkedin.com/in/ada-lovelace-2', { anyPrefix: true }), false);
  });
});
