// `npm run bench -- pool`: what a new pooled connection costs the request that opens it. Each of
// BENCH_POOL_ROUNDS rounds opens a fresh ORM on the bench's database and times three contact upserts
// one after another: the first opens the connection (its backend starts, loads its caches and
// prepares the upsert's statements), the third runs on it warm. Printed: both medians. The reason
// the services keep unused connections for DB_POOL_IDLE_MS rather than pg's 10 s.
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../config.ts';
import { openOrm } from '../../db/orm.ts';
import { upsertContact } from '../../domain/people/contact-upsert.ts';
import { useSuppressionHashKey } from '../../domain/people/suppression-hash.ts';
import { SandboxDirectory } from '../../providers/directory/sandbox.ts';
import { benchDatabaseWithOrg, envNumber, median } from './harness.ts';

export async function benchPool(): Promise<void> {
  const rounds = envNumber('BENCH_POOL_ROUNDS', 7);
  const { database, orm: setup, org } = await benchDatabaseWithOrg();
  await setup.close();
  useSuppressionHashKey(loadConfig({ DATABASE_URL: database.url }).suppressionHashKey);
  const first: number[] = [];
  const warm: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const orm = await openOrm({ databaseUrl: database.url, poolMax: 2 });
      const directory = new SandboxDirectory(orm);
      const upsert = async () => {
        const started = performance.now();
        const input = { email: `person-${randomUUID()}@pool-bench.test`, first_name: 'Ada' };
        await upsertContact(orm.em.fork(), directory, org.organization_id, input);
        return performance.now() - started;
      };
      try {
        first.push(await upsert());
        await upsert();
        warm.push(await upsert());
      } finally {
        await orm.close();
      }
    }
  } finally {
    await database.stop();
  }
  const list = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
  console.log(`contact upsert opening a new connection: median ${median(first).toFixed(1)} ms (${list(first)})`);
  console.log(`contact upsert on its warm connection:   median ${median(warm).toFixed(1)} ms (${list(warm)})`);
}
