// The Temporal client factory. Only process entry points (API server, worker, scripts) call it.
import {
  Client,
  Connection,
  defaultGrpcRetryOptions,
  makeGrpcRetryInterceptor,
  type ClientInterceptors,
} from '@temporalio/client';
import { PLAIN_TEMPORAL, temporalSecurity, type TemporalTls } from './tls.ts';

export interface TemporalSettings {
  address: string;
  namespace: string;
  /** TLS, mutual TLS and API key of the connection (temporal/tls.ts); default plain. */
  tls?: TemporalTls;
  /** Tracing: the OpenTelemetry client interceptor (observability/tracing.ts), when tracing is on. */
  interceptors?: ClientInterceptors;
}

export async function connectTemporal(settings: TemporalSettings): Promise<{ client: Client; connection: Connection }> {
  const connection = await Connection.connect({
    address: settings.address,
    ...temporalSecurity(settings.tls ?? PLAIN_TEMPORAL),
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
  const connection = Connection.lazy({
    address: settings.address,
    ...temporalSecurity(settings.tls ?? PLAIN_TEMPORAL),
    connectTimeout: 2000,
    channelArgs: API_CHANNEL_ARGS,
    interceptors: [makeGrpcRetryInterceptor(defaultGrpcRetryOptions({ maxAttempts: API_GRPC_RETRY_ATTEMPTS }))],
  });
  return {
    client: new Client({ connection, namespace: settings.namespace, interceptors: settings.interceptors }),
    connection,
  };
}
