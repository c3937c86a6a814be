// Webhook signing secrets: generated as Standard Webhooks `whsec_<base64>` and kept encrypted at
// rest (AES-256-GCM under a key derived from WEBHOOK_SECRET_KEY), so a database dump alone does
// not let anyone forge deliveries. The same box seals other secrets (mailbox credentials, stored
// answers) under a passphrase of their own; `context` binds a sealed value to where it is stored
// (AES-GCM additional authenticated data): opened with any other context, it does not open.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** What may be shown after creation: enough to tell secrets apart, never to sign. */
export function secretPrefix(secret: string): string {
  return secret.slice(0, 12);
}

export class SecretBox {
  private readonly key: Buffer;

  constructor(passphrase: string) {
    this.key = createHash('sha256').update(`webhook-secrets:${passphrase}`).digest();
  }

  /** `context` (authenticated, not stored) must be given again to decrypt. */
  encrypt(plain: string, context?: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${iv.toString('base64')}.${cipher.getAuthTag().toString('base64')}.${body.toString('base64')}`;
  }

  /** Throws when the key or the `context` differs from the sealing ones, or the text was altered. */
  decrypt(sealed: string, context?: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unreadable sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'), { authTagLength: 16 });
    if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}
