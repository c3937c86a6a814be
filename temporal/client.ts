// The Temporal client factory. Only process entry points (API server, worker, scripts) call it.
import {
  Client,
  Connection,
  defaultGrpcRetryOptions,
  makeGrpcRetryInterceptor,
  type ClientInterceptors,
} from '@temporalio/client';
import { watchTlsFiles } from './certificate-files.ts';
import { reloadingSecurity } from './reloading-credentials.ts';
import { followsFiles, PLAIN_TEMPORAL, temporalSecurity, type TemporalTls } from './tls.ts';

export interface TemporalSettings {
  address: string;
  namespace: string;
  /** TLS, mutual TLS and API key of the connection (temporal/tls.ts); default plain. */
  tls?: TemporalTls;
  /** Tracing: the OpenTelemetry client interceptor (observability/tracing.ts), when tracing is on. */
  interceptors?: ClientInterceptors;
  /** Told when a renewed TLS file cannot be used (the last good set stays in force). */
  onTlsFilesProblem?: (error: Error) => void;
  /** How long connectTemporal waits for the server before it fails (default the SDK's 10 s). */
  connectTimeoutMs?: number;
}

/**
 * The connection's security: with TLS files and a reload interval, credentials that follow the
 * files (temporal/reloading-credentials.ts); otherwise the files as they are now.
 */
function connectionSecurity(settings: TemporalSettings) {
  const tls = settings.tls ?? PLAIN_TEMPORAL;
  if (!followsFiles(tls)) return temporalSecurity(tls);
  return reloadingSecurity(tls, watchTlsFiles(tls, settings.onTlsFilesProblem));
}

export async function connectTemporal(settings: TemporalSettings): Promise<{ client: Client; connection: Connection }> {
  const connection = await Connection.connect({
    address: settings.address,
    ...connectionSecurity(settings),
    ...(settings.connectTimeoutMs ? { connectTimeout: settings.connectTimeoutMs } : {}),
  });
  return {
    client: new Client({ connection, namespace: settings.namespace, interceptors: settings.interceptors }),
    connection,
  };
}

/**
 * The API's gRPC settings: a request handler must not wait out the SDK's default ten retries
 * (about 20 s when Temporal is down) before it can answer 503, and a channel that lost Temporal
 * must try again every few seconds, not after grpc-js's default backoff of up to two minutes.
 */
const API_GRPC_RETRY_ATTEMPTS = 4;
const API_CHANNEL_ARGS = { 'grpc.initial_reconnect_backoff_ms': 500, 'grpc.max_reconnect_backoff_ms': 2000 };

/**
 * A client whose connection opens on first use: the API starts (and answers 503 where it needs
 * Temporal) while Temporal is still down, and recovers when it comes back.
 */
export function lazyTemporalClient(settings: TemporalSettings): { client: Client; connection: Connection } {
  const security = connectionSecurity(settings);
  const connection = Connection.lazy({
    address: settings.address,
    ...security,
    connectTimeout: 2000,
    channelArgs: { ...('channelArgs' in security ? security.channelArgs : {}), ...API_CHANNEL_ARGS },
    interceptors: [makeGrpcRetryInterceptor(defaultGrpcRetryOptions({ maxAttempts: API_GRPC_RETRY_ATTEMPTS }))],
  });
  return {
    client: new Client({ connection, namespace: settings.namespace, interceptors: settings.interceptors }),
    connection,
  };
}
