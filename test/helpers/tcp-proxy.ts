// A TCP proxy in front of a test server, to make it go away and come back on the same address: an
// IMAP server that refuses connections (closed), drops every session (the open ones are destroyed
// on close), or cuts a session when the client sends a given command (dropWhen).
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  host: string;
  port: number;
  /** Stops listening and destroys every open session: connections are refused until reopen(). */
  close(): Promise<void>;
  /** Listens again on the same port. */
  reopen(): Promise<void>;
  /** While set, a session is destroyed when the client's bytes match (e.g. a FETCH of bodies). */
  dropWhen(pattern: RegExp | null): void;
  /** Closes for good. */
  stop(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let drop: RegExp | null = null;
  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.on('data', (chunk: Buffer) => {
          if (drop?.test(chunk.toString('latin1'))) {
            client.destroy();
            upstream.destroy();
            return;
          }
          upstream.write(chunk);
        });
        upstream.pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
  let server: Server | null = await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const close = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  return {
    host: '127.0.0.1',
    port,
    close,
    async reopen() {
      if (!server) server = await listen(port);
    },
    dropWhen(pattern) {
      drop = pattern;
    },
    stop: close,
  };
}
