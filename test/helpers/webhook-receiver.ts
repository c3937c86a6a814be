// A local webhook receiver for tests: node:http on 127.0.0.1, port 0, answering a chosen status and
// keeping every request (headers and raw body) so a test can verify signatures as a receiver would.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Status the next requests get (default 200). */
  status: number;
  close(): Promise<void>;
  /** The first request whose body satisfies `match`, waiting up to `timeoutMs`. */
  waitFor(match: (body: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Received>;
}

export async function startReceiver(status = 200): Promise<Receiver> {
  const received: Received[] = [];
  const state = { status };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = state.status;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    get status() {
      return state.status;
    },
    set status(value: number) {
      state.status = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    async waitFor(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((r) => match(JSON.parse(r.body) as Record<string, unknown>));
        if (found) return found;
        if (Date.now() > deadline) throw new Error('no matching webhook received');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

/** A loopback URL where nothing listens (a port just released). */
export async function closedPortUrl(): Promise<string> {
  const receiver = await startReceiver();
  await receiver.close();
  return receiver.url;
}
