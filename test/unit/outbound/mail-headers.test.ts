// Header helpers of the mail transport (providers/mail/index.ts): RFC 8058 one-click unsubscribe
// headers and the Message-ID header form.
import assert from 'node:assert/strict';
import { messageIdHeader, unsubscribeHeaders } from '../../../providers/mail/index.ts';

describe('unsubscribeHeaders', () => {
  it('when given an https URL, then List-Unsubscribe holds it in angle brackets and List-Unsubscribe-Post asks for one-click', () => {
    assert.deepEqual(unsubscribeHeaders('https://out.example.com/u/abc.def'), {
      'List-Unsubscribe': '<https://out.example.com/u/abc.def>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('when the URL holds characters that would break the header list, then it is refused', () => {
    assert.throws(() => unsubscribeHeaders('https://x.test/u?a=1,2'), /unsubscribe URL/);
    assert.throws(() => unsubscribeHeaders('https://x.test/u>'), /unsubscribe URL/);
    assert.throws(() => unsubscribeHeaders('https://x.test/ u'), /unsubscribe URL/);
  });
});

describe('messageIdHeader', () => {
  it('when the id comes bare or bracketed, then the header form is bracketed once', () => {
    assert.equal(messageIdHeader('abc@out.test'), '<abc@out.test>');
    assert.equal(messageIdHeader('<abc@out.test>'), '<abc@out.test>');
  });
});
