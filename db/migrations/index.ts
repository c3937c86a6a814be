// Committed migrations, in order. Add each new migration file here.
import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122022105_foundation } from './Migration20261122022105_foundation.ts';

export const migrations: MigrationObject[] = [
  { name: 'Migration20261122022105_foundation', class: Migration20261122022105_foundation },
];
