// How every connection to Temporal is secured: server TLS (a CA file or the system's roots, a
// server name override), mutual TLS (a client certificate and key) and API-key authentication
// (Temporal Cloud), as config.ts reads them from the variables of Temporal's own environment
// configuration, so a team's settings for the `temporal` CLI and for this service are the same.
import type { TLSConfig } from '@temporalio/client';
import { readTlsFiles, type TlsFiles } from './certificate-files.ts';

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
  /** How often the files are looked at again, so a renewed certificate is used without a restart (0: never). */
  reloadSeconds: number;
}

export const PLAIN_TEMPORAL: TemporalTls = {
  enabled: false,
  serverCaFile: undefined,
  serverName: undefined,
  clientCertFile: undefined,
  clientKeyFile: undefined,
  apiKey: undefined,
  reloadSeconds: 0,
};

/**
 * The `tls` and `apiKey` options of a client `Connection` and of the worker's `NativeConnection`
 * (the same shape for both), from the files as they are now or from a set already read (`files`,
 * when a watch found a renewed one). A missing or broken file stops the connection with its
 * variable named.
 */
export function temporalSecurity(tls: TemporalTls, files?: TlsFiles): { tls?: TLSConfig; apiKey?: string } {
  if (!tls.enabled) return {};
  const { ca, cert, key } = files ?? readTlsFiles(tls);
  const config: TLSConfig = {};
  if (ca) config.serverRootCACertificate = ca;
  if (tls.serverName) config.serverNameOverride = tls.serverName;
  if (cert && key) config.clientCertPair = { crt: cert, key };
  return { tls: config, ...(tls.apiKey ? { apiKey: tls.apiKey } : {}) };
}

/** Whether connections should follow the files as they change (there are files, and a reload interval). */
export function followsFiles(tls: TemporalTls): boolean {
  return tls.enabled && tls.reloadSeconds > 0 && Boolean(tls.serverCaFile || tls.clientCertFile);
}
