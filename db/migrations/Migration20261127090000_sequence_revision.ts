// A sequence row's revision (db/entities/sequence.entity.ts): every write of the row under its lock
// counts it up, so the run's workflow can tell the newest of the pause states it hears of (the API's
// pauseState Update, a re-read of the row, a step that found the row paused) whatever order they
// arrive in. Adding a column with a constant default rewrites no rows.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261127090000_sequence_revision extends Migration {
  override name = 'Migration20261127090000_sequence_revision';

  override up(): void | Promise<void> {
    this.addSql(`alter table "sequences" add column "revision" int not null default 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sequences" drop column "revision";`);
  }
}
