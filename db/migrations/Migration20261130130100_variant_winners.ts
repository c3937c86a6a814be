// The A/B winners of a template's steps (db/entities/sequence-template.entity.ts, variantWinners):
// each step's verdict, by step number, written once when its test is decided.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261130130100_variant_winners extends Migration {
  override name = 'Migration20261130130100_variant_winners';

  override up(): void | Promise<void> {
    this.addSql(`alter table "sequence_templates" add column "variant_winners" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sequence_templates" drop column "variant_winners";`);
  }
}
