// The API process: opens PostgreSQL and Temporal, listens, and stops gracefully on SIGTERM/SIGINT
// (stop accepting, finish in-flight requests, flush key usage, close connections).
import { createServer, maxHeaderSize, type Server } from 'node:http';
import { loadConfig, type Config } from '../config.ts';
import { openOrm } from '../db/orm.ts';
import { createProviders } from '../providers/index.ts';
import { createLogger } from '../observability/logging.ts';
import { setupTracing, tracingClientInterceptors } from '../observability/tracing.ts';
import { lazyTemporalClient } from '../temporal/client.ts';
import { createApp } from './app.ts';
import { answerClientError } from './client-errors.ts';
import { KeyStore } from './key-store.ts';
import { PostgresRateLimitStore, RateLimiter } from './rate-limiter.ts';

export interface RunningApi {
  server: Server;
  url: string;
  stop(): Promise<void>;
}

export async function startApi(
  config: Config,
  options: { databaseUrl: string; temporalAddress: string },
): Promise<RunningApi> {
  const logger = createLogger('api', { level: config.logLevel });
  const tracing = setupTracing({
    serviceName: config.otelServiceName ?? 'outreach-api',
    otlpEndpoint: config.otlpEndpoint,
  });
  const orm = await openOrm({
    databaseUrl: options.databaseUrl,
    tls: config.databaseTls,
    poolMax: config.dbPoolMax,
    poolIdleMs: config.dbPoolIdleMs,
    preparedStatements: config.dbPreparedStatements,
  });
  const { client: temporal, connection } = lazyTemporalClient({
    address: options.temporalAddress,
    namespace: config.temporalNamespace,
    tls: config.temporalTls,
    interceptors: tracingClientInterceptors(tracing),
  });
  const keys = new KeyStore(orm, { ttlMs: config.keyCacheTtlMs, flushMs: config.lastUsedFlushMs, logger });
  const providers = createProviders({ orm, config });
  const limiter = config.rateLimitEnabled
    ? new RateLimiter({
        store: new PostgresRateLimitStore(orm),
        logger,
        windowMs: config.rateLimitWindowMs,
        perKey: config.rateLimitPerKey,
        perOrg: config.rateLimitPerOrg,
        enrichmentPerOrg: config.rateLimitEnrichmentPerOrg,
      })
    : null;
  const { app } = createApp({
    config,
    orm,
    temporal,
    logger,
    keys,
    providers,
    limiter,
    tracing: tracing !== undefined,
  });
  const server = createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  // Requests the HTTP parser refuses before the app (headers over the limit: 431; a malformed request
  // line: 400) are answered in the error shape too; a peer that reset the connection gets nothing.
  server.on('clientError', (error: Error & { code?: string }, socket) => {
    const issue = answerClientError(error, socket, maxHeaderSize);
    if (issue) logger.debug({ code: error.code, status: issue.status }, 'request refused by the HTTP parser');
  });
  await new Promise<void>((done) => server.listen(config.port, config.host, done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  logger.info({ url }, 'api listening');
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
      await closed;
      clearTimeout(timer);
      await keys.close();
      await connection.close().catch(() => {});
      await orm.close();
      await tracing?.shutdown();
      logger.info('api stopped');
    })());
  return { server, url, stop };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  if (!config.databaseUrl || !config.temporalAddress) {
    console.error(
      'api/server.ts needs DATABASE_URL and TEMPORAL_ADDRESS (npm start sets both for the embedded default).',
    );
    process.exit(2);
  }
  const api = await startApi(config, { databaseUrl: config.databaseUrl, temporalAddress: config.temporalAddress });
  const shutdown = () =>
    void api.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
