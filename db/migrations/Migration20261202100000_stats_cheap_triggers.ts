// The sequence_stats_daily counters kept at a write's cost of one statement at most (issue 35's
// 5% goal): the triggers of Migration20261130130000_sequence_stats replaced by ones split per
// operation, with WHEN clauses that let through only the writes that can move a counter, each
// running one upsert of the write's summed deltas (Migration20261202100000_stats_cheap_triggers.sql.ts).
// The counted numbers are the same: sequence_stats_recompute and sequence_stats_backfill stay.
import { Migration } from '@mikro-orm/migrations';
import { SEQUENCE_STATS_FUNCTIONS, SEQUENCE_STATS_TRIGGERS } from './Migration20261130130000_sequence_stats.sql.ts';
import { STATS_CHEAP_FUNCTIONS, STATS_CHEAP_TRIGGERS } from './Migration20261202100000_stats_cheap_triggers.sql.ts';

const OLD_TRIGGERS = [
  ['messages_sequence_stats', 'messages'],
  ['sequences_sequence_stats', 'sequences'],
  ['sequences_sequence_stats_delete', 'sequences'],
  ['tasks_sequence_stats', 'tasks'],
  ['meetings_sequence_stats', 'meetings'],
];
const OLD_FUNCTIONS = [
  '"messages_sequence_stats"()',
  '"sequences_sequence_stats"()',
  '"sequences_sequence_stats_delete"()',
  '"tasks_sequence_stats"()',
  '"meetings_sequence_stats"()',
  '"sequence_stats_message"(messages, messages, uuid, uuid)',
  '"sequence_stats_run"(sequences, sequences)',
  '"sequence_stats_task"(tasks, tasks)',
  '"sequence_stats_meeting"(meetings, meetings)',
  '"sequence_stats_shift"(uuid, uuid, text, int, int, uuid, date, int, int, uuid, date)',
  '"sequence_stats_add"(uuid, uuid, int, int, uuid, date, text, int)',
];
const NEW_FUNCTIONS = [
  '"messages_stats_reply"()',
  '"messages_stats"()',
  '"sequences_stats"()',
  '"sequences_stats_delete"()',
  '"tasks_stats"()',
  '"meetings_stats"()',
];

export class Migration20261202100000_stats_cheap_triggers extends Migration {
  override name = 'Migration20261202100000_stats_cheap_triggers';

  override up(): void | Promise<void> {
    for (const [name, table] of OLD_TRIGGERS) this.addSql(`drop trigger "${name}" on "${table}";`);
    for (const signature of OLD_FUNCTIONS) this.addSql(`drop function ${signature};`);
    for (const statement of STATS_CHEAP_FUNCTIONS) this.addSql(statement);
    for (const { statement } of STATS_CHEAP_TRIGGERS) this.addSql(`${statement};`);
  }

  override down(): void | Promise<void> {
    for (const { name, table } of STATS_CHEAP_TRIGGERS) this.addSql(`drop trigger "${name}" on "${table}";`);
    for (const signature of NEW_FUNCTIONS) this.addSql(`drop function ${signature};`);
    for (const statement of SEQUENCE_STATS_FUNCTIONS) this.addSql(statement);
    for (const statement of SEQUENCE_STATS_TRIGGERS) this.addSql(statement);
  }
}
