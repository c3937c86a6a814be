// An API replica of a test's own (createApp + listen on port 0) on the stack's database and
// Temporal, with some configuration changed: for behaviour the shared stack's settings hide.
import { createServer } from 'node:http';
import { pino } from 'pino';
import { createApp } from '../../api/app.ts';
import { KeyStore } from '../../api/key-store.ts';
import type { Config } from '../../config.ts';
import { createProviders } from '../../providers/index.ts';
import type { Stack } from './stack.ts';

export interface Replica {
  url: string;
  close(): Promise<void>;
}

export async function startReplica(stack: Stack, overrides: Partial<Config>): Promise<Replica> {
  const logger = pino({ level: 'silent' });
  const config = { ...stack.config, ...overrides };
  const keys = new KeyStore(stack.orm, { ttlMs: 60_000, flushMs: 60_000, logger });
  const { app } = createApp({ config, orm: stack.orm, temporal: stack.temporal, logger, keys, providers: createProviders({ orm: stack.orm, config }) });
  const server = createServer(app.callback());
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      await keys.close();
    },
  };
}
