// Opens the ORM and applies pending migrations. Only process entry points (API server, worker,
// scripts, test helpers) call these.
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig, type OrmSettings } from './mikro-orm.config.ts';

export async function openOrm(settings: OrmSettings): Promise<MikroORM> {
  return MikroORM.init(ormConfig(settings));
}

export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}
