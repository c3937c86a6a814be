// Writes a new migration from the difference between the entities and the database schema:
// `npm run migration:create -- <name>`. Review the file, then add it to db/migrations/index.ts.
import { loadConfig } from '../config.ts';
import { migrate, openOrm } from '../db/orm.ts';
import { openDatabase } from './local-stack.ts';

const name = process.argv[2];
const database = await openDatabase(loadConfig());
const orm = await openOrm({ databaseUrl: database.url, tls: database.tls });
try {
  await migrate(orm);
  const result = await orm.migrator.create(undefined, false, false, name);
  console.log(result.fileName ? `created db/migrations/${result.fileName}` : 'no schema changes');
  if (result.code) console.log(result.code);
} finally {
  await orm.close();
  await database.stop();
}
