// A TLS front for a plain-text Temporal frontend, as Temporal Cloud or an mTLS cluster presents
// one: HTTP/2 over TLS with a certificate made for the test, optionally requiring a client
// certificate from a given CA and an `authorization: Bearer <key>` header on every call. Each gRPC
// call is relayed as an HTTP/2 stream to the upstream (headers, messages, trailers). The trusted
// client CA can be changed while it runs (a CA rotation), and its connections dropped.
import http2, { constants } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Pem } from '../../scripts/certificates.ts';

export interface GrpcTlsProxy {
  address: string;
  /** Calls refused for a missing or wrong API key. */
  refusedKeys: number;
  /** The common name of each client certificate a connection was accepted with, in order. */
  clientNames: string[];
  /** From now on, only client certificates of `clientCa` are accepted (open connections stay). */
  trust(clientCa: string): void;
  /** Closes every open connection: clients must connect (and present a certificate) again. */
  dropConnections(): void;
  close(): Promise<void>;
}

const UNAUTHENTICATED = '16';

function withoutPseudo(headers: http2.IncomingHttpHeaders): http2.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':')));
}

export async function startGrpcTlsProxy(options: {
  upstream: string;
  server: Pem;
  /** PEM of the CA client certificates must chain to; unset: no client certificate asked. */
  clientCa?: string;
  apiKey?: string;
}): Promise<GrpcTlsProxy> {
  const upstream = http2.connect(`http://${options.upstream}`);
  upstream.on('error', () => {});
  const sessions = new Set<http2.ServerHttp2Session>();
  const server = http2.createSecureServer({
    cert: options.server.certPem,
    key: options.server.keyPem,
    ...(options.clientCa ? { ca: options.clientCa, requestCert: true, rejectUnauthorized: true } : {}),
  });
  const proxy: GrpcTlsProxy = {
    address: '',
    refusedKeys: 0,
    clientNames: [],
    trust: (clientCa) =>
      server.setSecureContext({ cert: options.server.certPem, key: options.server.keyPem, ca: clientCa }),
    dropConnections: () => {
      for (const session of sessions) session.destroy();
      sessions.clear();
    },
    close: async () => {},
  };
  server.on('secureConnection', (socket: TLSSocket) => {
    const name = socket.getPeerCertificate().subject?.CN;
    if (name) proxy.clientNames.push(String(name));
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    stream.on('error', () => {});
    if (options.apiKey && headers.authorization !== `Bearer ${options.apiKey}`) {
      proxy.refusedKeys += 1;
      stream.respond(
        {
          ':status': 200,
          'content-type': 'application/grpc',
          'grpc-status': UNAUTHENTICATED,
          'grpc-message': 'bad key',
        },
        { endStream: true },
      );
      return;
    }
    const call = upstream.request({ ':method': 'POST', ':path': headers[':path'], ...withoutPseudo(headers) });
    call.on('error', () => stream.close(constants.NGHTTP2_INTERNAL_ERROR));
    let trailers: http2.OutgoingHttpHeaders = {};
    call.on('trailers', (received) => (trailers = withoutPseudo(received)));
    // A dropped client connection ends its streams: the upstream call goes with them.
    stream.on('close', () => call.close());
    call.on('response', (response) => {
      if (stream.destroyed) return;
      // A trailers-only answer (an error) carries its status in the headers and ends at once.
      if (response['grpc-status'] !== undefined) {
        stream.respond({ ':status': 200, ...withoutPseudo(response) }, { endStream: true });
        return;
      }
      stream.respond({ ':status': 200, ...withoutPseudo(response) }, { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers(trailers));
      call.pipe(stream);
    });
    stream.pipe(call);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = async () => {
    upstream.close();
    proxy.dropConnections();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Open client sessions would keep close() waiting.
      setTimeout(resolve, 2000).unref();
    });
  };
  return proxy;
}
