// How every connection to Temporal is secured: server TLS (a CA file or the system's roots, a
// server name override), mutual TLS (a client certificate and key) and API-key authentication
// (Temporal Cloud). The variable names are those of Temporal's own environment configuration, so
// a team's settings for the `temporal` CLI and for this service are the same.
import { readFileSync } from 'node:fs';
import type { TLSConfig } from '@temporalio/client';

export interface TemporalTls {
  /** TLS on the gRPC channel; implied by any of the settings below. */
  enabled: boolean;
  /** PEM file of the CA that signs the frontend's certificate; unset: the system's roots. */
  serverCaFile: string | undefined;
  /** The name the frontend's certificate must carry when it differs from the address's host. */
  serverName: string | undefined;
  /** Mutual TLS: the client's certificate and key (PEM files), both or neither. */
  clientCertFile: string | undefined;
  clientKeyFile: string | undefined;
  /** Sent as `Authorization: Bearer <key>` on every call (Temporal Cloud API keys). */
  apiKey: string | undefined;
}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string) => env[name]?.trim() || undefined;

export function temporalTlsFromEnv(env: Env): TemporalTls {
  const settings = {
    serverCaFile: value(env, 'TEMPORAL_TLS_SERVER_CA_CERT_PATH'),
    serverName: value(env, 'TEMPORAL_TLS_SERVER_NAME'),
    clientCertFile: value(env, 'TEMPORAL_TLS_CLIENT_CERT_PATH'),
    clientKeyFile: value(env, 'TEMPORAL_TLS_CLIENT_KEY_PATH'),
    apiKey: value(env, 'TEMPORAL_API_KEY'),
  };
  if (Boolean(settings.clientCertFile) !== Boolean(settings.clientKeyFile)) {
    throw new Error(
      'Environment variables TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH go together: set both, or neither',
    );
  }
  const implied = Object.values(settings).some((setting) => setting !== undefined);
  const raw = value(env, 'TEMPORAL_TLS');
  if (raw !== undefined && !/^(true|false|1|0)$/i.test(raw)) {
    throw new Error(`Environment variable TEMPORAL_TLS must be true or false, got ${JSON.stringify(raw)}`);
  }
  const enabled = raw === undefined ? implied : /^(true|1)$/i.test(raw);
  if (!enabled && implied) {
    throw new Error('TEMPORAL_TLS=false contradicts the TEMPORAL_TLS_* or TEMPORAL_API_KEY settings: remove one');
  }
  return { enabled, ...settings };
}

export const PLAIN_TEMPORAL: TemporalTls = {
  enabled: false,
  serverCaFile: undefined,
  serverName: undefined,
  clientCertFile: undefined,
  clientKeyFile: undefined,
  apiKey: undefined,
};

function pem(path: string, variable: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new Error(`${variable} ${path} cannot be read: ${(error as Error).message}`);
  }
}

/**
 * The `tls` and `apiKey` options of a client `Connection` and of the worker's `NativeConnection`
 * (the same shape for both). Files are read here, when the process connects, so a missing one
 * stops the start with its variable named.
 */
export function temporalSecurity(tls: TemporalTls): { tls?: TLSConfig; apiKey?: string } {
  if (!tls.enabled) return {};
  const config: TLSConfig = {};
  if (tls.serverCaFile) config.serverRootCACertificate = pem(tls.serverCaFile, 'TEMPORAL_TLS_SERVER_CA_CERT_PATH');
  if (tls.serverName) config.serverNameOverride = tls.serverName;
  if (tls.clientCertFile && tls.clientKeyFile) {
    config.clientCertPair = {
      crt: pem(tls.clientCertFile, 'TEMPORAL_TLS_CLIENT_CERT_PATH'),
      key: pem(tls.clientKeyFile, 'TEMPORAL_TLS_CLIENT_KEY_PATH'),
    };
  }
  return { tls: config, ...(tls.apiKey ? { apiKey: tls.apiKey } : {}) };
}
