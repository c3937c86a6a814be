// A small HTTP load balancer in front of the API replicas, as a production one would be: round
// robin over replicas whose GET /readyz answers 200 (checked every second; two failures in a row
// take a replica out), and a request that could not reach a replica (refused, reset before an
// answer) goes to the next one when replaying it is safe: GET and HEAD, or a POST carrying an
// Idempotency-Key (the API answers a replay from its stored response). Anything else gets 502,
// as from any proxy.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { BackendPool } from './backend-pool.ts';

export interface LoadBalancer {
  url: string;
  pool: BackendPool;
  stop(): Promise<void>;
}

const HEALTH_INTERVAL_MS = 1000;
const HEALTH_TIMEOUT_MS = 2500;
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** Hop-by-hop headers a proxy does not forward. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

export function replayable(method: string | undefined, headers: IncomingMessage['headers']): boolean {
  return method === 'GET' || method === 'HEAD' || headers['idempotency-key'] !== undefined;
}

function problem(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const type = status === 503 ? 'UnavailableIssue' : 'InternalIssue';
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ status_code: status, type, message, data: null, request_id: randomUUID() }));
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Forwards one request to `backend`; rejects only when no answer began (the request may be replayed elsewhere). */
function forward(backend: string, req: IncomingMessage, body: Buffer, res: ServerResponse): Promise<void> {
  const target = new URL(req.url ?? '/', backend);
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
  return new Promise((done, fail) => {
    const upstream = httpRequest(
      target,
      {
        method: req.method,
        headers: {
          ...headers,
          'content-length': String(body.length),
          'x-forwarded-for': req.socket.remoteAddress ?? '',
          'x-forwarded-host': req.headers.host ?? '',
          'x-forwarded-proto': 'http',
        },
      },
      (answer) => {
        const forwarded = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        res.writeHead(answer.statusCode ?? 502, forwarded);
        answer.pipe(res);
        answer.once('error', () => res.destroy());
        answer.once('end', () => done());
      },
    );
    upstream.once('error', (error) => (res.headersSent ? (res.destroy(), done()) : fail(error)));
    upstream.end(body);
  });
}

export async function startLoadBalancer(options: {
  backends: string[];
  port: number;
  host?: string;
  log?: (line: string) => void;
}): Promise<LoadBalancer> {
  const pool = new BackendPool(options.backends);
  const checks = setInterval(() => {
    for (const backend of pool.backends) {
      void fetch(new URL('/readyz', backend), { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })
        .then(
          async (r) => {
            await r.arrayBuffer();
            return r.ok;
          },
          () => false,
        )
        .then((passed) => {
          const before = pool.isReady(backend);
          pool.checked(backend, passed);
          if (pool.isReady(backend) !== before) options.log?.(`${backend} ${before ? 'not ready' : 'ready'}`);
        });
    }
  }, HEALTH_INTERVAL_MS);

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (body === null) return problem(res, 413, 'Request body too large for the load balancer.');
      const tried = new Set<string>();
      for (let backend = pool.next(tried); backend; backend = pool.next(tried)) {
        tried.add(backend);
        try {
          await forward(backend, req, body, res);
          return;
        } catch {
          pool.mark(backend, false);
          if (!replayable(req.method, req.headers)) return problem(res, 502, 'The API replica did not answer.');
        }
      }
      problem(res, 503, 'No API replica answered.');
    })().catch(() => res.destroy());
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((done) => server.listen(options.port, options.host ?? '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    pool,
    stop: async () => {
      clearInterval(checks);
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      await closed;
    },
  };
}
