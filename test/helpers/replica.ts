// An API replica of a test's own on the stack's database: createApp with the dependency the test
// swaps (a Temporal client that cannot reach its server or loses answers, a rate limiter with tiny
// budgets, settings the shared stack's hide), listening on a free port; and the Temporal client
// that cannot reach anything.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { pino, type Logger } from 'pino';
import { createApp } from '../../api/app.ts';
import { KeyStore } from '../../api/key-store.ts';
import type { Config } from '../../config.ts';
import type { RateLimiter } from '../../api/rate-limiter.ts';
import { createProviders } from '../../providers/index.ts';
import { freePort } from '../../scripts/local-stack.ts';
import { client } from './http.ts';
import type { Stack } from './stack.ts';

export interface Replica {
  api: ReturnType<typeof client>;
  /** Its base URL, for requests the JSON client does not make (raw bytes, a Host header). */
  url: string;
  /** Stops listening and flushes the replica's key store. */
  close(): Promise<void>;
}

export interface ReplicaOptions {
  /** Default: the stack's own client. */
  temporal?: Client;
  logger?: Logger;
  /** How long the replica's key store caches a key (default 1 s). */
  keyTtlMs?: number;
  limiter?: RateLimiter;
  /** Settings that differ from the stack's (a short enrollment wait, PUBLIC_BASE_URL). */
  config?: Partial<Config>;
}

export async function startReplica(stack: Stack, options: ReplicaOptions = {}): Promise<Replica> {
  const logger = options.logger ?? pino({ level: 'silent' });
  const keys = new KeyStore(stack.orm, { ttlMs: options.keyTtlMs ?? 1000, flushMs: 60_000, logger });
  const config = { ...stack.config, ...options.config };
  const { app } = createApp({
    config,
    orm: stack.orm,
    temporal: options.temporal ?? stack.temporal,
    logger,
    keys,
    providers: createProviders({ orm: stack.orm, config }),
    limiter: options.limiter,
  });
  const server = createServer(app.callback());
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    api: client(url),
    url,
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      await keys.close();
    },
  };
}

/**
 * A Temporal client on a port nothing listens on. `retries: false` leaves out the retry
 * interceptor, so each call fails at once instead of retrying for seconds. With retries, a call
 * its caller gave up on goes on retrying: closing the connection under it fails that retry.
 */
export async function unreachableTemporal(
  options: { retries?: boolean } = {},
): Promise<{ client: Client; close(): Promise<void> }> {
  const connection = Connection.lazy({
    address: `127.0.0.1:${await freePort()}`,
    connectTimeout: 500,
    ...(options.retries === false ? { interceptors: [] } : {}),
  });
  return { client: new Client({ connection }), close: () => connection.close().catch(() => {}) };
}
