// A local SMTP server that takes every message and keeps count, so the cluster sends real SMTP
// (the production transport, SMTP_URL) without mailing anyone, and a benchmark can tell an email
// sent once from one sent twice or never.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  /** Messages received per Message-ID header. */
  byMessageId: Map<string, number>;
  /** Messages received per recipient address (lowercase). */
  byRecipient: Map<string, number>;
  total(): number;
  close(): Promise<void>;
}

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

export async function startSmtpSink(
  options: { port?: number; onMessage?: (to: string) => void } = {},
): Promise<SmtpSink> {
  const byMessageId = new Map<string, number>();
  const byRecipient = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        count(byMessageId, /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? 'none');
        for (const rcpt of session.envelope.rcptTo) count(byRecipient, rcpt.address.toLowerCase());
        options.onMessage?.(session.envelope.rcptTo[0]?.address ?? '');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    byMessageId,
    byRecipient,
    total: () => [...byMessageId.values()].reduce((a, b) => a + b, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
