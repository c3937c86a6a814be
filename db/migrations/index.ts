// Committed migrations, in order. Add each new migration file here.
import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122022105_foundation } from './Migration20261122022105_foundation.ts';
import { Migration20261122023808_people } from './Migration20261122023808_people.ts';

export const migrations: MigrationObject[] = [
  { name: 'Migration20261122022105_foundation', class: Migration20261122022105_foundation },
  { name: 'Migration20261122023808_people', class: Migration20261122023808_people },
];
