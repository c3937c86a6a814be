// createActivities(deps): the activity implementations the worker registers, built from their
// dependencies (no global singletons). Activities do all I/O and are idempotent.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';

export interface ActivityDeps {
  orm: MikroORM;
  logger: Logger;
}

export function createActivities(deps: ActivityDeps) {
  void deps;
  return {};
}

export type Activities = ReturnType<typeof createActivities>;
