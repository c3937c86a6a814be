// Applies pending migrations to DATABASE_URL (or the embedded default): `npm run migrate`.
import { loadConfig } from '../config.ts';
import { migrate, openOrm } from '../db/orm.ts';
import { openDatabase } from './local-stack.ts';

const database = await openDatabase(loadConfig());
const orm = await openOrm({ databaseUrl: database.url, tls: database.tls });
try {
  const applied = await migrate(orm);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await orm.close();
  await database.stop();
}
