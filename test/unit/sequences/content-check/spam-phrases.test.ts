// Spam-trigger phrases (domain/sequences/content-check/spam-phrases.ts): whole words, any case,
// punctuation between words ignored, each phrase once.
import assert from 'node:assert/strict';
import {
  SPAM_PHRASES,
  spamPhrases,
  spamPhrasesIn,
  words,
} from '../../../../domain/sequences/content-check/spam-phrases.ts';
import { codes, emailOf } from './helpers.ts';

describe('content check: spam-trigger phrases', () => {
  it('matches whole words in any case, across punctuation and line breaks, each phrase once in order', () => {
    assert.deepEqual(spamPhrasesIn('ACT NOW! It is 100% Free, risk-free and\nlimited   time offer. Act now.'), [
      'act now',
      '100% free',
      'risk-free',
      'limited time offer',
    ]);
    assert.deepEqual(spamPhrasesIn('Urgently, the winners were guaranteed-ish'), ['guaranteed']);
    assert.deepEqual(spamPhrasesIn('A factnow, freedom, clickhere, no obligations'), []);
    assert.deepEqual(words('Ça coûte 100%'), ['ça', 'coûte', '100']);
  });

  it('finds every listed phrase as written', () => {
    for (const phrase of SPAM_PHRASES) assert.deepEqual(spamPhrasesIn(`Hello, ${phrase}.`), [phrase], phrase);
  });

  it('checks the subject and the body apart, not the footer the service adds', () => {
    const { rendered, ctx } = emailOf('Worth a call?', { subject: 'Congratulations, Ada' });
    assert.deepEqual(codes(spamPhrases(rendered, ctx)), ['SPAM_PHRASE steps[1].subject']);
    const threaded = emailOf('Click here');
    assert.deepEqual(
      codes(spamPhrases(threaded.rendered, { ...threaded.ctx, paths: { subject: null, body: 'steps[1].body' } })),
      ['SPAM_PHRASE steps[1].body'],
    );
  });
});
