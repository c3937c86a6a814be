// Channel credentials for the client `Connection` (grpc-js) that follow the TLS files as they
// change: every new TLS connection (the first, and each reconnect after the server dropped or
// refused one) is made with the last good set a watch read, so a renewed client certificate or a
// rotated CA is used without a restart. The channel's open connection keeps the set it was made with.
import { rootCertificates } from 'node:tls';
import { experimental, type ChannelCredentials } from '@grpc/grpc-js';
import type { ConnectionOptions } from '@temporalio/client';
import type { CertificateWatch, TlsFiles } from './certificate-files.ts';
import type { TemporalTls } from './tls.ts';

type CaListener = experimental.CaCertificateUpdateListener;
type IdentityListener = experimental.IdentityCertificateUpdateListener;

const SYSTEM_ROOTS = Buffer.from(rootCertificates.join('\n'));

/** A grpc-js certificate provider fed by a watch: the CA (or the system's roots) and the client pair. */
function providerOf(watch: CertificateWatch): experimental.CertificateProvider {
  const ca = (files: TlsFiles) => ({ caCertificate: files.ca ?? SYSTEM_ROOTS });
  const identity = (files: TlsFiles) =>
    files.cert && files.key ? { certificate: files.cert, privateKey: files.key } : null;
  const unsubscribes = new Map<CaListener | IdentityListener, () => void>();
  const follow = <L extends CaListener | IdentityListener>(listener: L, update: (files: TlsFiles) => void) => {
    unsubscribes.set(listener, watch.onChange(update));
    process.nextTick(update, watch.current());
  };
  const unfollow = (listener: CaListener | IdentityListener) => {
    unsubscribes.get(listener)?.();
    unsubscribes.delete(listener);
  };
  return {
    addCaCertificateListener: (listener) => follow(listener, (files) => listener(ca(files))),
    removeCaCertificateListener: unfollow,
    addIdentityCertificateListener: (listener) => follow(listener, (files) => listener(identity(files))),
    removeIdentityCertificateListener: unfollow,
  };
}

/**
 * The security options of a client `Connection` whose files a watch follows: the credentials, the
 * server name override as channel arguments (what the SDK's own `tls.serverNameOverride` sets) and
 * the API key as the `Authorization` header (the SDK takes `apiKey` only with its own `tls`).
 */
export function reloadingSecurity(
  tls: TemporalTls,
  watch: CertificateWatch,
): Pick<ConnectionOptions, 'credentials' | 'channelArgs' | 'metadata'> {
  const provider = providerOf(watch);
  const credentials: ChannelCredentials = experimental.createCertificateProviderChannelCredentials(
    provider,
    watch.current().cert ? provider : null,
  );
  return {
    credentials,
    channelArgs: tls.serverName
      ? { 'grpc.ssl_target_name_override': tls.serverName, 'grpc.default_authority': tls.serverName }
      : {},
    ...(tls.apiKey ? { metadata: { Authorization: `Bearer ${tls.apiKey}` } } : {}),
  };
}
