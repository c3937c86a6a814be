// `npm run bench -- compression`: what response compression costs and saves.
// (0) In process, no network: the middleware's own time on a GET /v1/me-sized answer (under the
//     threshold), against serializing the same answer without it, in alternating batches.
// (1) The middleware alone over HTTP: a bare Koa server with and without it, answering an 887-byte body
//     (GET /v1/me's size, under the threshold) and a 5.5 KB one (a page of 10 contacts), asked
//     with `Accept-Encoding: gzip, deflate, br`, in alternating rounds: the difference in time per
//     answer is what the middleware costs, apart from the noise of a full request.
// (2) List pages of 10 and 100 contacts through the whole API, asked plain, with gzip and with br,
//     in alternating rounds; each variant's bytes on the wire, req/s and p99.
// Medians of rounds. The threshold is in api/middleware/compression.ts.
import { IncomingMessage, request, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Koa from 'koa';
import { COMPRESSION_THRESHOLD_BYTES, compression } from '../../api/middleware/compression.ts';
import {
  benchDatabaseWithOrg,
  freePort,
  measure,
  median,
  roundSettings,
  startServer,
  stopChild,
  type Measurement,
} from './harness.ts';

const ENCODINGS = ['identity', 'gzip', 'br'] as const;
const CLIENT_ENCODINGS = 'gzip, deflate, br';
const PAGES = ['/v1/contacts?size=10', '/v1/contacts?size=100'];

/** The answer's size on the wire (fetch would decompress it). */
function wireBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
    })
      .on('error', reject)
      .end();
  });
}

/** (0): microseconds the middleware adds to an answer under the threshold, in process. */
async function smallAnswerInProcess(): Promise<void> {
  const app = new Koa();
  const middleware = compression();
  const me = {
    id: '6992db0f-a2ff-45db-8e93-0195dc1e550e',
    organization_id: '6992db0f-a2ff-45db-8e93-0195dc1e550e',
    name: 'Bench key',
    key_prefix: 'ows_2G0z',
    scopes: [
      'contacts:read',
      'contacts:write',
      'sequences:read',
      'sequences:write',
      'webhooks:read',
      'webhooks:write',
      'users:read',
    ],
    created_at: '2026-11-24T18:40:00.000Z',
    expires_at: null,
    last_used_at: '2026-11-24T18:41:00.000Z',
    user_id: 'effbb15c-7f8f-4e00-90f9-abfb3ca5a966',
    enrichment_credits: 100,
  };
  const context = () => {
    const req = new IncomingMessage(new Socket());
    req.method = 'GET';
    req.headers = { 'accept-encoding': CLIENT_ENCODINGS };
    return app.createContext(req, new ServerResponse(req));
  };
  // Without: the body Koa would serialize when sending it. With: the middleware does that itself.
  const without = async () => JSON.stringify({ ...me }).length;
  const withIt = async () => {
    const ctx = context();
    await middleware(ctx, async () => {
      ctx.body = { ...me };
    });
    return String(ctx.body).length;
  };
  const withoutContext = async () => {
    context();
    return without();
  };
  const batches = 40;
  const perBatch = 5000;
  const total = { without: 0, with: 0 };
  for (let batch = 0; batch < batches; batch++) {
    for (const [name, run] of (batch % 2
      ? [
          ['without', withoutContext],
          ['with', withIt],
        ]
      : [
          ['with', withIt],
          ['without', withoutContext],
        ]) as ['without' | 'with', () => Promise<number>][]) {
      const started = performance.now();
      for (let i = 0; i < perBatch; i++) await run();
      total[name] += performance.now() - started;
    }
  }
  const us = (ms: number) => (ms / (batches * perBatch)) * 1000;
  console.log(
    `${await withIt()}-byte answer, in process: ${us(total.with - total.without).toFixed(2)} us added by the middleware ` +
      `(${us(total.without).toFixed(2)} us to make the context and serialize without it; ${batches} x ${perBatch} alternating)`,
  );
}

/** (1): per body size, the bare server with and without the middleware, rounds alternating which goes first. */
async function middlewareAlone(rounds: number, duration: number, connections: number): Promise<void> {
  for (const bytes of [887, 5500]) {
    const servers = [];
    for (const compress of ['0', '1']) {
      const port = await freePort();
      servers.push({
        compress,
        url: `http://127.0.0.1:${port}/`,
        child: await startServer(
          'scripts/bench/compression-server.ts',
          { PORT: String(port), BODY_BYTES: String(bytes), COMPRESS: compress },
          `http://127.0.0.1:${port}/`,
        ),
      });
    }
    try {
      const runs: Measurement[][] = [[], []];
      for (const s of servers)
        await measure(s.url, { connections, durationSeconds: 2, headers: { 'accept-encoding': CLIENT_ENCODINGS } }); // warm-up
      for (let round = 1; round <= rounds; round++) {
        for (const i of round % 2 ? [0, 1] : [1, 0])
          runs[i].push(
            await measure(servers[i].url, {
              connections,
              durationSeconds: duration,
              headers: { 'accept-encoding': CLIENT_ENCODINGS },
            }),
          );
      }
      const [plain, compressed] = runs.map((r) => median(r.map((m) => m.requestsPerSecond)));
      const [size, wire] = await Promise.all(
        servers.map((s) => wireBytes(s.url, { 'accept-encoding': CLIENT_ENCODINGS })),
      );
      console.log(
        `${size}-byte answer, bare Koa: without the middleware ${plain.toFixed(0)} req/s, with it ${compressed.toFixed(0)} req/s (${wire} bytes sent); ` +
          `${((1 / compressed - 1 / plain) * 1e6).toFixed(1)} us more per answer (median of ${rounds} x ${duration} s)`,
      );
    } finally {
      for (const s of servers) await stopChild(s.child, 5000);
    }
  }
}

export async function benchCompression(): Promise<void> {
  const { rounds, duration, connections } = roundSettings(3);
  await smallAnswerInProcess();
  await middlewareAlone(rounds, duration, connections);
  const { database, orm, org } = await benchDatabaseWithOrg();
  await orm.close();
  const [apiPort, deadTemporal] = [await freePort(), await freePort()];
  const api = await startServer(
    'api/server.ts',
    {
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      // Contacts and their reads need no workflow; the lazy Temporal connection is never used.
      TEMPORAL_ADDRESS: `127.0.0.1:${deadTemporal}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    `http://127.0.0.1:${apiPort}/healthz`,
  );
  const base = `http://127.0.0.1:${apiPort}`;
  const auth = { authorization: `Bearer ${org.api_key}` };
  const results = new Map<string, Measurement[]>();
  try {
    for (let i = 0; i < 100; i++) {
      const body = {
        email: `person${i}@company${i % 7}.test`,
        first_name: `Person${i}`,
        last_name: `Lastname${i}`,
        job_title: 'Head of Sales Operations',
        company_name: `Company ${i % 7}`,
        company_domain: `company${i % 7}.test`,
        phone: `+33 1 23 45 67 ${10 + (i % 90)}`,
      };
      const response = await fetch(`${base}/v1/contacts`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 201) throw new Error(`POST /v1/contacts: ${response.status} ${await response.text()}`);
    }
    console.log(`compression threshold: ${COMPRESSION_THRESHOLD_BYTES} bytes`);
    for (const page of PAGES) {
      const sizes = await Promise.all(
        ENCODINGS.map((e) => wireBytes(`${base}${page}`, { ...auth, 'accept-encoding': e })),
      );
      console.log(`${page}: ${ENCODINGS.map((e, i) => `${e} ${sizes[i]} B`).join(', ')}`);
      await measure(`${base}${page}`, { connections, durationSeconds: 2, headers: auth }); // warm-up
    }
    for (let round = 1; round <= rounds; round++) {
      for (const page of PAGES) {
        for (const encoding of ENCODINGS) {
          const m = await measure(`${base}${page}`, {
            connections,
            durationSeconds: duration,
            headers: { ...auth, 'accept-encoding': encoding },
          });
          const key = `${page} ${encoding}`;
          results.set(key, [...(results.get(key) ?? []), m]);
          console.log(
            `round ${round}: ${key}: ${m.requestsPerSecond.toFixed(0)} req/s p99 ${m.p99} ms (non-2xx ${m.non2xx}, errors ${m.errors})`,
          );
        }
      }
    }
  } finally {
    await stopChild(api, 5000);
    await database.stop();
  }
  for (const [key, runs] of results) {
    console.log(
      `${key}: ${median(runs.map((m) => m.requestsPerSecond)).toFixed(0)} req/s, p50 ${median(runs.map((m) => m.p50))} ms, ` +
        `p99 ${median(runs.map((m) => m.p99))} ms (median of ${rounds} x ${duration} s, ${connections} connections)`,
    );
  }
}
