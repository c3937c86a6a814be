// Spam-trigger phrases: wording that content filters (SpamAssassin's body rules, mailbox providers'
// classifiers) and deliverability guides list as typical of bulk and scam mail. The list is short
// on purpose, the phrases most guides agree on; a match is a hint to reword, not a verdict.
// Matched case-insensitively on whole words in linear time: the text is split into words once, and
// at each word the phrases of 1 to PHRASE_WORDS_MAX words starting there are looked up in a set.
import { warning, type CheckContext, type ContentWarning, type RenderedStep } from './warning.ts';

export const SPAM_PHRASES: readonly string[] = [
  '100% free',
  'act now',
  'act immediately',
  'apply now',
  'buy now',
  'cash bonus',
  'click here',
  'congratulations',
  'dear friend',
  'double your income',
  'earn extra cash',
  'eliminate debt',
  'free gift',
  'free money',
  'guaranteed',
  'limited time offer',
  'lowest price',
  'million dollars',
  'no credit check',
  'no obligation',
  'once in a lifetime',
  'order now',
  'risk-free',
  'this is not spam',
  'urgent',
  'winner',
];

/** A text's words, lower case: runs of letters and digits (`risk-free` is `risk free`, `100%` is `100`). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

const PHRASES = new Map(SPAM_PHRASES.map((phrase) => [words(phrase).join(' '), phrase]));
const PHRASE_WORDS_MAX = Math.max(...SPAM_PHRASES.map((phrase) => words(phrase).length));

/** The listed phrases `text` contains as whole words, each once, in order of first appearance. */
export function spamPhrasesIn(text: string): string[] {
  const list = words(text);
  const found = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    let key = '';
    for (let n = 0; n < PHRASE_WORDS_MAX && i + n < list.length; n++) {
      key = n === 0 ? list[i] : `${key} ${list[i + n]}`;
      const phrase = PHRASES.get(key);
      if (phrase) found.add(phrase);
    }
  }
  return [...found];
}

export function spamPhrases(rendered: RenderedStep, ctx: CheckContext): ContentWarning[] {
  const fields = [
    { path: ctx.paths.subject, text: rendered.subject },
    { path: ctx.paths.body, text: rendered.body },
  ];
  return fields.flatMap(({ path, text }) =>
    path === null || text === null
      ? []
      : spamPhrasesIn(text).map((phrase) =>
          warning(ctx, 'SPAM_PHRASE', path, `"${phrase}" is a phrase spam filters look for: reword it.`),
        ),
  );
}
