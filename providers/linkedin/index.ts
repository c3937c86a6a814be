// The LinkedIn channel behind a small interface: connection invitations and messages sent from a
// workspace user's LinkedIn account. sandbox.ts is the offline stand-in; an automation vendor plugs in here.

export interface LinkedinInvitation {
  /** The action's idempotency key: a retried call with the same key is performed once. */
  key: string;
  /** Our user whose LinkedIn account invites. */
  senderUserId: string;
  linkedinUrl: string;
  /** LinkedIn's optional invitation note (up to 300 characters there). */
  note: string | null;
}

export interface LinkedinMessage {
  /** The action's idempotency key: a retried call with the same key is performed once. */
  key: string;
  senderUserId: string;
  linkedinUrl: string;
  body: string;
}

export interface LinkedinResult {
  /** False when LinkedIn refused (profile unreachable, not a profile URL); retrying will not help. */
  accepted: boolean;
  /** The channel's id of the action, also for a refused one. */
  providerId: string;
  error: string | null;
}

/** Failures that throw are transient (retry); a refusal for good answers accepted false. */
export interface LinkedinChannel {
  sendInvitation(invitation: LinkedinInvitation): Promise<LinkedinResult>;
  sendMessage(message: LinkedinMessage): Promise<LinkedinResult>;
  /** The action with this key as the channel recorded it, or null when it never happened. */
  lookup(key: string): Promise<LinkedinResult | null>;
}
