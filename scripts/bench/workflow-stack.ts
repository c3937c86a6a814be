// The stack the enrollment benchmarks start before the services: a throwaway migrated PostgreSQL,
// a Temporal dev server and a client on it, one bootstrapped organization ("Bench") whose owner
// sends without a daily limit.
import { Client, Connection } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { startTemporalDevServer, type RunningTemporal } from '../local-stack.ts';
import { temporalCli } from '../tools.ts';
import { liftSendLimit } from './fixtures.ts';
import { benchDatabase, freePort } from './harness.ts';

export interface WorkflowBenchStack {
  database: Awaited<ReturnType<typeof benchDatabase>>;
  orm: MikroORM;
  temporal: RunningTemporal;
  client: Client;
  org: Awaited<ReturnType<typeof admin.bootstrap>>;
  /** Closes the client and the ORM, stops Temporal and PostgreSQL (stop the services first). */
  stop(): Promise<void>;
}

export async function workflowBenchStack(poolMax: number): Promise<WorkflowBenchStack> {
  const database = await benchDatabase();
  const orm = await openOrm({ databaseUrl: database.url, poolMax });
  await migrate(orm);
  const temporal = await startTemporalDevServer({
    cli: temporalCli(),
    port: await freePort(),
    uiPort: null,
    dbFile: null,
  });
  const connection = await Connection.connect({ address: temporal.address });
  const client = new Client({ connection });
  const org = await admin.bootstrap(orm.em.fork(), {
    orgName: 'Bench',
    ownerEmail: 'bench@example.com',
    ownerName: 'Bench',
  });
  await liftSendLimit(orm, org.user_id);
  return {
    database,
    orm,
    temporal,
    client,
    org,
    async stop() {
      await connection.close();
      await temporal.stop();
      await orm.close();
      await database.stop();
    },
  };
}
