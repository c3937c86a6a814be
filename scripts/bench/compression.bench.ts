// `npm run bench -- compression`: what response compression costs and saves. List pages of 10
// and 100 contacts through the whole API, asked plain, with gzip and with br, in alternating
// rounds; prints each variant's bytes on the wire, req/s and p99 (medians of rounds). The
// threshold under which nothing is compressed is in api/middleware/compression.ts.
import { request } from 'node:http';
import { COMPRESSION_THRESHOLD_BYTES } from '../../api/middleware/compression.ts';
import { benchDatabaseWithOrg, freePort, measure, median, roundSettings, startServer, stopChild, type Measurement } from './harness.ts';

const ENCODINGS = ['identity', 'gzip', 'br'] as const;
const PAGES = ['/v1/contacts?size=10', '/v1/contacts?size=100'];

/** The answer's size on the wire (fetch would decompress it). */
function wireBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => { bytes += chunk.length; });
      res.on('end', () => resolve(bytes));
    }).on('error', reject).end();
  });
}

export async function benchCompression(): Promise<void> {
  const { rounds, duration, connections } = roundSettings(3);
  const { database, orm, org } = await benchDatabaseWithOrg();
  await orm.close();
  const [apiPort, deadTemporal] = [await freePort(), await freePort()];
  const api = await startServer('api/server.ts', {
    PORT: String(apiPort), HOST: '127.0.0.1', DATABASE_URL: database.url,
    // Contacts and their reads need no workflow; the lazy Temporal connection is never used.
    TEMPORAL_ADDRESS: `127.0.0.1:${deadTemporal}`, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  }, `http://127.0.0.1:${apiPort}/healthz`);
  const base = `http://127.0.0.1:${apiPort}`;
  const auth = { authorization: `Bearer ${org.api_key}` };
  const results = new Map<string, Measurement[]>();
  try {
    for (let i = 0; i < 100; i++) {
      const body = {
        email: `person${i}@company${i % 7}.test`, first_name: `Person${i}`, last_name: `Lastname${i}`, job_title: 'Head of Sales Operations',
        company_name: `Company ${i % 7}`, company_domain: `company${i % 7}.test`, phone: `+33 1 23 45 67 ${10 + (i % 90)}`,
      };
      const response = await fetch(`${base}/v1/contacts`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (response.status !== 201) throw new Error(`POST /v1/contacts: ${response.status} ${await response.text()}`);
    }
    console.log(`compression threshold: ${COMPRESSION_THRESHOLD_BYTES} bytes`);
    for (const page of PAGES) {
      const sizes = await Promise.all(ENCODINGS.map((e) => wireBytes(`${base}${page}`, { ...auth, 'accept-encoding': e })));
      console.log(`${page}: ${ENCODINGS.map((e, i) => `${e} ${sizes[i]} B`).join(', ')}`);
      await measure(`${base}${page}`, { connections, durationSeconds: 2, headers: auth }); // warm-up
    }
    for (let round = 1; round <= rounds; round++) {
      for (const page of PAGES) {
        for (const encoding of ENCODINGS) {
          const m = await measure(`${base}${page}`, { connections, durationSeconds: duration, headers: { ...auth, 'accept-encoding': encoding } });
          const key = `${page} ${encoding}`;
          results.set(key, [...(results.get(key) ?? []), m]);
          console.log(`round ${round}: ${key}: ${m.requestsPerSecond.toFixed(0)} req/s p99 ${m.p99} ms (non-2xx ${m.non2xx}, errors ${m.errors})`);
        }
      }
    }
  } finally {
    await stopChild(api, 5000);
    await database.stop();
  }
  for (const [key, runs] of results) {
    console.log(`${key}: ${median(runs.map((m) => m.requestsPerSecond)).toFixed(0)} req/s, p50 ${median(runs.map((m) => m.p50))} ms, `
      + `p99 ${median(runs.map((m) => m.p99))} ms (median of ${rounds} x ${duration} s, ${connections} connections)`);
  }
}
