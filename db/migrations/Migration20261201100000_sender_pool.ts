// Rotation (issue 33): a template's pool of senders (sequence_templates.sender_user_ids, null: one
// sender), and the index the enrollment's choice counts each member's unstarted runs with
// (domain/sequences/enrollment/rotation.queries.ts).
import { Migration } from '@mikro-orm/migrations';

export class Migration20261201100000_sender_pool extends Migration {
  override name = 'Migration20261201100000_sender_pool';

  override up(): void | Promise<void> {
    this.addSql(`alter table "sequence_templates" add column "sender_user_ids" jsonb null;`);
    this.addSql(
      `create index "sequences_sender_unstarted_index" on "sequences" ("sender_id") where "current_step" = 0 and "status" in ('FOUND', 'ACTIVE', 'WAITING_FOR_LEAD', 'WAITING_FOR_USER');`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "sequences_sender_unstarted_index";`);
    this.addSql(`alter table "sequence_templates" drop column "sender_user_ids";`);
  }
}
