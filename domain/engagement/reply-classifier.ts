// The reply classifier: one documented rule list, first match wins, on the reply's text with quoted
// lines (starting with ">") and everything after a "On ... wrote:" line removed, lower-cased.
//   1. UNSUBSCRIBE     unsubscribe, remove me, take me off, opt out / opt-out, stop emailing / e-mailing / contacting / sending
//   2. OUT_OF_OFFICE   out of office, out of the office, ooo, on vacation, on holiday, on leave, on parental / maternity / paternity leave,
//                      auto-reply / automatic reply, away until; return_date: the first date after "until", "back on", "return(ing) on",
//                      "back", "returning" (YYYY-MM-DD, or a month name and day, in the next 12 months)
//   3. NOT_INTERESTED  not interested, no thanks / no thank you, not a fit / not a good fit, not the right time, we're all set / all set,
//                      no need, don't contact / do not contact, please stop, not looking
//   4. INTERESTED      interested, let's talk / let's chat / let's connect, sounds good / sounds great, book / schedule / set up a call /
//                      a meeting / a demo / time, happy to chat / talk, tell me more, send me more, more info(rmation), would love to, i'm in
//   5. OTHER           anything else
// The service acts on the category: INTERESTED ends the run SUCCEEDED; NOT_INTERESTED ends it FAILED;
// UNSUBSCRIBE ends it FAILED and excludes the contact; OUT_OF_OFFICE with a return date pauses it
// until then; OUT_OF_OFFICE without one and OTHER leave it WAITING_FOR_USER with a reply task (WAITING_FOR_LEAD once answered).

export const REPLY_CATEGORIES = ['INTERESTED', 'NOT_INTERESTED', 'UNSUBSCRIBE', 'OUT_OF_OFFICE', 'OTHER'] as const;
export type ReplyCategory = (typeof REPLY_CATEGORIES)[number];

export interface Classification {
  category: ReplyCategory;
  /** OUT_OF_OFFICE only: the stated return date (midnight UTC), or null when none was found. */
  returnDate: Date | null;
}

const RULES: [Exclude<ReplyCategory, 'OTHER'>, RegExp][] = [
  ['UNSUBSCRIBE', /\b(unsubscribe|remove me|take me off|opt[- ]?out|stop (e-?mailing|contacting|sending))\b/],
  [
    'OUT_OF_OFFICE',
    /\b(out of (the )?office|ooo|on (vacation|holiday|leave|(parental|maternity|paternity) leave)|auto-?reply|automatic reply|away until)\b/,
  ],
  [
    'NOT_INTERESTED',
    /\b(not interested|no,? thanks|no,? thank you|not a (good )?fit|not the right time|(we('| a)re )?all set|no need|(don'?t|do not) contact|please stop|not looking)\b/,
  ],
  [
    'INTERESTED',
    /\b(interested|let'?s (talk|chat|connect)|sounds (good|great)|(book|schedule|set up) (a |some )?(call|meeting|demo|time)|happy to (chat|talk)|tell me more|send me more|more info(rmation)?|would love to|i'?m in)\b/,
  ],
];

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** The reply's own words: quoted lines and the quoted original ("On ... wrote:") dropped. */
export function ownText(body: string): string {
  const lines: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    if (/^\s*on .+wrote:\s*$/i.test(line)) break;
    if (/^\s*>/.test(line)) continue;
    lines.push(line);
  }
  return lines.join('\n').toLowerCase();
}

/** The first return date stated after a return phrase, within the next 12 months of `now`. */
export function returnDateOf(text: string, now: Date): Date | null {
  const phrase =
    /\b(until|back on|back|return(ing)? on|returning)\b\s*(?:on\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)?,?\s*/g;
  for (let m = phrase.exec(text); m; m = phrase.exec(text)) {
    const rest = text.slice(m.index + m[0].length);
    const isoDate = /^(\d{4})-(\d{2})-(\d{2})\b/.exec(rest);
    if (isoDate) {
      const date = new Date(Date.UTC(Number(isoDate[1]), Number(isoDate[2]) - 1, Number(isoDate[3])));
      if (!Number.isNaN(date.getTime()) && date.getUTCDate() === Number(isoDate[3])) return date;
    }
    const named = /^(?:(\d{1,2})(?:st|nd|rd|th)?\s+)?([a-z]+)\.?(?:\s+(\d{1,2})(?:st|nd|rd|th)?)?\b/.exec(rest);
    if (named) {
      const month = MONTHS.findIndex(
        (name) => name === named[2] || (named[2].length >= 3 && name.startsWith(named[2])),
      );
      const day = Number(named[1] ?? named[3]);
      if (month >= 0 && day >= 1 && day <= 31) {
        let date = new Date(Date.UTC(now.getUTCFullYear(), month, day));
        if (date.getUTCMonth() !== month) continue;
        if (date.getTime() < Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
          date = new Date(Date.UTC(now.getUTCFullYear() + 1, month, day));
        return date;
      }
    }
  }
  return null;
}

export function classifyReply(body: string, now: Date = new Date()): Classification {
  const text = ownText(body);
  for (const [category, pattern] of RULES) {
    if (pattern.test(text))
      return { category, returnDate: category === 'OUT_OF_OFFICE' ? returnDateOf(text, now) : null };
  }
  return { category: 'OTHER', returnDate: null };
}
