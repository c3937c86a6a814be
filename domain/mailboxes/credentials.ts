// Mailbox credentials at rest: the SMTP and IMAP URLs (login and password inside) are sealed with
// AES-256-GCM under a key derived from the service's secret key (WEBHOOK_SECRET_KEY, which already
// seals webhook secrets), with a purpose of their own so a sealed URL never opens as another secret.
// Each sealed URL is bound to its mailbox row and protocol (authenticated data): copied to another
// row, or read as the other protocol, it does not open. They are never sealed under the built-in
// development key (or a short one), which anyone can read in this repository.
import { DEVELOPMENT_WEBHOOK_SECRET_KEY, MIN_SECRET_KEY_LENGTH } from '../../config.ts';
import { SecretBox } from '../webhooks/secrets.ts';
import { parseMailUrl, type MailProtocol, type MailServer } from './mail-urls.ts';

/** The secret key cannot seal credentials; the message names the setting to give. */
export class MailboxKeyError extends Error {
  override name = 'MailboxKeyError';
}

/** Why `secretKey` may not seal mailbox credentials, or null when it may. */
export function sealingKeyProblem(secretKey: string): string | null {
  if (secretKey === DEVELOPMENT_WEBHOOK_SECRET_KEY)
    return 'WEBHOOK_SECRET_KEY is the built-in development key, which is public';
  if (secretKey.length < MIN_SECRET_KEY_LENGTH)
    return `WEBHOOK_SECRET_KEY is shorter than ${MIN_SECRET_KEY_LENGTH} characters`;
  return null;
}

/** Why a mailbox's stored credentials are of no use, as its last_error says it. */
export const UNREADABLE_CREDENTIALS =
  'the stored credentials do not open under this WEBHOOK_SECRET_KEY (the key changed, or they were sealed for ' +
  'another mailbox): connect the mailbox again';

/** What a sealed URL is bound to: its row and its protocol. */
const boundTo = (mailboxId: string, protocol: MailProtocol) => `mailbox:${mailboxId}:${protocol}`;

export class MailboxCredentials {
  private readonly box: SecretBox;
  private readonly keyProblem: string | null;

  constructor(secretKey: string) {
    this.box = new SecretBox(`mailbox-credentials:${secretKey}`);
    this.keyProblem = sealingKeyProblem(secretKey);
  }

  /** Throws MailboxKeyError unless the key may seal credentials (checked before anything is tried or stored). */
  requireSealingKey(): void {
    if (this.keyProblem === null) return;
    throw new MailboxKeyError(
      `${this.keyProblem}: mailbox passwords are never stored under it. Set WEBHOOK_SECRET_KEY to a random value of at least ` +
        `${MIN_SECRET_KEY_LENGTH} characters (e.g. \`openssl rand -base64 48\`), the same for this command and for the worker and API processes.`,
    );
  }

  /** The URL sealed for `mailboxId`'s `protocol` column. */
  seal(mailboxId: string, protocol: MailProtocol, url: string): string {
    this.requireSealingKey();
    return this.box.encrypt(url, boundTo(mailboxId, protocol));
  }

  /** The stored URL of `mailboxId`'s `protocol`, opened and read again (it was checked when stored); throws when it does not open. */
  open(mailboxId: string, protocol: MailProtocol, sealed: string): MailServer {
    return parseMailUrl(`${protocol}_url`, protocol, this.box.decrypt(sealed, boundTo(mailboxId, protocol)));
  }

  /** open, or null when the stored URL does not open here (another key, another row or protocol, erased). */
  tryOpen(mailboxId: string, protocol: MailProtocol, sealed: string): MailServer | null {
    try {
      return this.open(mailboxId, protocol, sealed);
    } catch {
      return null;
    }
  }
}
