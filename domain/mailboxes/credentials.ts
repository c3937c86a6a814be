// Mailbox credentials at rest: the SMTP and IMAP URLs (login and password inside) are sealed with
// AES-256-GCM under a key derived from the service's secret key (WEBHOOK_SECRET_KEY, which already
// seals webhook secrets), with a purpose of their own so a sealed URL never opens as another secret.
// A database dump alone reveals no mailbox password.
import { SecretBox } from '../webhooks/secrets.ts';
import { parseMailUrl, type MailProtocol, type MailServer } from './mail-urls.ts';

export class MailboxCredentials {
  private readonly box: SecretBox;

  constructor(secretKey: string) {
    this.box = new SecretBox(`mailbox-credentials:${secretKey}`);
  }

  seal(url: string): string {
    return this.box.encrypt(url);
  }

  /** The stored URL, opened and read again (it was checked when stored). */
  open(protocol: MailProtocol, sealed: string): MailServer {
    return parseMailUrl(`${protocol}_url`, protocol, this.box.decrypt(sealed));
  }
}
