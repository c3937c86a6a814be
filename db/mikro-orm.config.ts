// MikroORM configuration. Entities are listed explicitly (no folder discovery) and migrations are
// imported from db/migrations/index.ts, so the same code runs from source on Node's type stripping.
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities/index.ts';
import { migrations } from './migrations/index.ts';
import { PLAIN_DATABASE, pgSsl, type DatabaseTls } from './database-tls.ts';
import { PreparingClient } from './prepared-statements.ts';

export interface OrmSettings {
  databaseUrl: string;
  /** TLS of every connection of the pool (db/database-tls.ts); default plain. */
  tls?: DatabaseTls;
  poolMax?: number;
  /**
   * How long an unused connection stays open before the pool closes it (default pg's 10 s). A new
   * connection costs its first request its backend's start and cold caches (10–15 ms more for a
   * contact upsert here: `npm run bench -- pool`), so the services keep theirs longer (DB_POOL_IDLE_MS).
   */
  poolIdleMs?: number;
  debug?: boolean;
  /** Hot statements prepared by name on each connection (db/prepared-statements.ts); default true. */
  preparedStatements?: boolean;
}

export function ormConfig(settings: OrmSettings): Options {
  return defineConfig({
    clientUrl: settings.databaseUrl,
    entities,
    extensions: [Migrator],
    pool: {
      min: 0,
      max: settings.poolMax ?? 10,
      ...(settings.poolIdleMs ? { idleTimeoutMillis: settings.poolIdleMs } : {}),
    },
    // Waiting for a free connection fails after 30 s instead of hanging forever (pg's default).
    driverOptions: {
      connectionTimeoutMillis: 30_000,
      ssl: pgSsl(settings.tls ?? PLAIN_DATABASE),
      ...(settings.preparedStatements === false ? {} : { Client: PreparingClient }),
    },
    debug: settings.debug ?? false,
    // The API always works inside a forked EntityManager (RequestContext); using the global one is a bug.
    allowGlobalContext: false,
    // Migrations own SQL functions (e.g. contact_search_text); the entity diff must not drop them.
    schemaGenerator: { ignoreRoutines: true },
    migrations: {
      tableName: 'mikro_orm_migrations',
      silent: true,
      migrationsList: migrations,
      path: 'db/migrations',
      pathTs: 'db/migrations',
      emit: 'ts',
      snapshot: false,
      transactional: true,
      allOrNothing: true,
    },
  });
}
