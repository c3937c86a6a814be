// Loads the sandbox directory into DATABASE_URL (or the embedded default) at DIRECTORY_COMPANIES /
// DIRECTORY_PEOPLE, for deployments where no `npm start` does it; a no-op when already loaded.
import { loadConfig } from '../config.ts';
import { openOrm } from '../db/orm.ts';
import { ensureDirectoryLoaded } from '../providers/directory/load.ts';
import { openDatabase } from './local-stack.ts';

const config = loadConfig();
const database = await openDatabase(config);
const orm = await openOrm({ databaseUrl: database.url, tls: database.tls });
try {
  const result = await ensureDirectoryLoaded(orm, {
    companies: config.directoryCompanies,
    people: config.directoryPeople,
    log: console.log,
  });
  console.log(
    result.loaded
      ? `directory loaded in ${(result.durationMs / 1000).toFixed(1)} s`
      : `directory is up to date (${config.directoryCompanies} companies, ${config.directoryPeople} people)`,
  );
} finally {
  await orm.close();
  await database.stop();
}
