// How every connection to Temporal is secured: server TLS (a CA file or the system's roots, a
// server name override), mutual TLS (a client certificate and key) and API-key authentication
// (Temporal Cloud), as config.ts reads them from the variables of Temporal's own environment
// configuration, so a team's settings for the `temporal` CLI and for this service are the same.
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
