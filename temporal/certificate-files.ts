// The PEM files of a Temporal TLS setting (the server CA, the client certificate and its key), read
// as one consistent set and watched for change, so a renewed or swapped client certificate (or a
// rotated CA) reaches new connections without a restart. A set is accepted only when every file
// parses and the key belongs to the certificate: a half-written renewal is never used, the last
// good set stays in force and the next look tries again.
import { createHash, createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The paths of a TLS setting (temporal/tls.ts's TemporalTls carries them). */
export interface TlsFilePaths {
  serverCaFile: string | undefined;
  clientCertFile: string | undefined;
  clientKeyFile: string | undefined;
  /** Seconds between two looks at the files (0: never look again). */
  reloadSeconds: number;
}

export interface TlsFiles {
  /** PEM of the server's CA; undefined: the system's roots. */
  ca: Buffer | undefined;
  /** The client certificate and its key (mutual TLS), both or neither. */
  cert: Buffer | undefined;
  key: Buffer | undefined;
  /** Identifies the set's content: a change of any file changes it. */
  fingerprint: string;
}

function pem(path: string, variable: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new Error(`${variable} ${path} cannot be read: ${(error as Error).message}`);
  }
}

/** Reads and checks the files of `tls`; throws naming the variable whose file is missing or broken. */
export function readTlsFiles(tls: TlsFilePaths): TlsFiles {
  const ca = tls.serverCaFile ? pem(tls.serverCaFile, 'TEMPORAL_TLS_SERVER_CA_CERT_PATH') : undefined;
  const cert = tls.clientCertFile ? pem(tls.clientCertFile, 'TEMPORAL_TLS_CLIENT_CERT_PATH') : undefined;
  const key = tls.clientKeyFile ? pem(tls.clientKeyFile, 'TEMPORAL_TLS_CLIENT_KEY_PATH') : undefined;
  if (ca) parsed(() => new X509Certificate(ca), 'TEMPORAL_TLS_SERVER_CA_CERT_PATH', 'a PEM certificate');
  if (cert && key) {
    const certificate = parsed(() => new X509Certificate(cert), 'TEMPORAL_TLS_CLIENT_CERT_PATH', 'a PEM certificate');
    const privateKey = parsed(() => createPrivateKey(key), 'TEMPORAL_TLS_CLIENT_KEY_PATH', 'a PEM private key');
    if (!certificate.checkPrivateKey(privateKey)) {
      throw new Error('TEMPORAL_TLS_CLIENT_KEY_PATH is not the key of TEMPORAL_TLS_CLIENT_CERT_PATH');
    }
  }
  const hash = createHash('sha256');
  for (const content of [ca, cert, key]) hash.update(content ?? '').update('\0');
  return { ca, cert, key, fingerprint: hash.digest('hex') };
}

function parsed<T>(parse: () => T, variable: string, what: string): T {
  try {
    return parse();
  } catch (error) {
    throw new Error(`${variable} is not ${what}: ${(error as Error).message}`);
  }
}

export interface CertificateWatch {
  /** The last good set of files. */
  current(): TlsFiles;
  /** Called with each new good set; returns the unsubscribe. The files are looked at while anyone listens. */
  onChange(listener: (files: TlsFiles) => void): () => void;
}

/**
 * Reads the files now (a broken set stops the start with its variable named), then, while anyone
 * listens, looks again every `tls.reloadSeconds` (0: never). A broken set found later is reported
 * through `onError` once per distinct problem and ignored.
 */
export function watchTlsFiles(tls: TlsFilePaths, onError: (error: Error) => void = () => {}): CertificateWatch {
  let files = readTlsFiles(tls);
  const listeners = new Set<(files: TlsFiles) => void>();
  let lastProblem: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const look = () => {
    let next: TlsFiles;
    try {
      next = readTlsFiles(tls);
    } catch (error) {
      if ((error as Error).message !== lastProblem) onError(error as Error);
      lastProblem = (error as Error).message;
      return;
    }
    lastProblem = undefined;
    if (next.fingerprint === files.fingerprint) return;
    files = next;
    for (const listener of listeners) listener(files);
  };
  return {
    current: () => files,
    onChange(listener) {
      listeners.add(listener);
      if (!timer && tls.reloadSeconds > 0) {
        // Nobody looked while nobody listened: the files may have changed meanwhile.
        look();
        timer = setInterval(look, tls.reloadSeconds * 1000);
        timer.unref();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}
