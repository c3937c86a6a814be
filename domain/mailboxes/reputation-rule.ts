// When a sender's hard bounces pause their mailbox: over their last `windowSends` emails (since an
// operator last resumed them), once at least `minSends` are in the window, more than
// `bounceRatePercent` percent of them bounced. Pure: config.ts reads the numbers, reputation.ts applies them.

export interface ReputationRule {
  /** The bounce rate, in percent, that a sender may reach but not pass (REPUTATION_BOUNCE_RATE_PERCENT). */
  bounceRatePercent: number;
  /** How many of the sender's latest emails the rate is measured over (REPUTATION_WINDOW_SENDS). */
  windowSends: number;
  /** Fewer emails than this in the window never pause (REPUTATION_MIN_SENDS): 1 bounce out of 2 says little. */
  minSends: number;
}

export const DEFAULT_REPUTATION_RULE: ReputationRule = { bounceRatePercent: 5, windowSends: 100, minSends: 20 };

/** The pause reason when `bounced` of `sent` emails pass the rule (`BOUNCE_RATE 6/100`), else null. */
export function bounceRateReason(sent: number, bounced: number, rule: ReputationRule): string | null {
  if (sent < rule.minSends || bounced * 100 <= rule.bounceRatePercent * sent) return null;
  return `BOUNCE_RATE ${bounced}/${sent}`;
}

export const SPAM_COMPLAINT = 'SPAM_COMPLAINT';
