// Committed migrations, in order. Add each new migration file here.
import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122022105_foundation } from './Migration20261122022105_foundation.ts';
import { Migration20261122023808_people } from './Migration20261122023808_people.ts';
import { Migration20261122030000_directory } from './Migration20261122030000_directory.ts';
import { Migration20261122030100_crm } from './Migration20261122030100_crm.ts';
import { Migration20261122030200_enrichment } from './Migration20261122030200_enrichment.ts';
import { Migration20261122032819_outbox } from './Migration20261122032819_outbox.ts';
import { Migration20261122040000_sequence_templates } from './Migration20261122040000_sequence_templates.ts';
import { Migration20261122040100_channels } from './Migration20261122040100_channels.ts';
import { Migration20261122040938_sequences } from './Migration20261122040938_sequences.ts';
import { Migration20261122050000_engagement } from './Migration20261122050000_engagement.ts';
import { Migration20261122050100_tasks } from './Migration20261122050100_tasks.ts';
import { Migration20261122050200_lists } from './Migration20261122050200_lists.ts';
import { Migration20261122060000_ingested_events } from './Migration20261122060000_ingested_events.ts';
import { Migration20261122060100_playbooks } from './Migration20261122060100_playbooks.ts';
import { Migration20261122070000_signals } from './Migration20261122070000_signals.ts';
import { Migration20261122070100_signal_facts } from './Migration20261122070100_signal_facts.ts';
import { Migration20261122070200_unresolved_account_entries } from './Migration20261122070200_unresolved_account_entries.ts';
import { Migration20261122070300_signal_import_lookups } from './Migration20261122070300_signal_import_lookups.ts';
import { Migration20261122080000_idempotency_keys } from './Migration20261122080000_idempotency_keys.ts';
import { Migration20261122080100_rate_limits } from './Migration20261122080100_rate_limits.ts';
import { Migration20261124090000_outbound_effects } from './Migration20261124090000_outbound_effects.ts';
import { Migration20261125090000_workflow_commands } from './Migration20261125090000_workflow_commands.ts';
import { Migration20261126090000_mailboxes } from './Migration20261126090000_mailboxes.ts';
import { Migration20261126100000_idempotency_lease } from './Migration20261126100000_idempotency_lease.ts';
import { Migration20261126110000_inbox_lookups } from './Migration20261126110000_inbox_lookups.ts';
import { Migration20261127090000_sequence_revision } from './Migration20261127090000_sequence_revision.ts';
import { Migration20261127210000_inbox_once_per_org } from './Migration20261127210000_inbox_once_per_org.ts';
import { Migration20261127220000_mailbox_sync_commands } from './Migration20261127220000_mailbox_sync_commands.ts';
import { Migration20261127230000_mailbox_sync_health } from './Migration20261127230000_mailbox_sync_health.ts';
import { Migration20261128090000_prospect_time_zone } from './Migration20261128090000_prospect_time_zone.ts';
import { Migration20261129090000_mailbox_ramp } from './Migration20261129090000_mailbox_ramp.ts';
import { Migration20261129100000_reputation_pause } from './Migration20261129100000_reputation_pause.ts';
import { Migration20261129200000_audit_log } from './Migration20261129200000_audit_log.ts';
import { Migration20261130090000_mailbox_pacing } from './Migration20261130090000_mailbox_pacing.ts';
import { Migration20261130100000_erasure_jobs } from './Migration20261130100000_erasure_jobs.ts';
import { Migration20261130110000_user_roles } from './Migration20261130110000_user_roles.ts';
import { Migration20261130120000_tracking_control } from './Migration20261130120000_tracking_control.ts';
import { Migration20261130120100_compliance_footer } from './Migration20261130120100_compliance_footer.ts';
import { Migration20261130120200_sending_domains } from './Migration20261130120200_sending_domains.ts';
import { Migration20261130130000_sequence_stats } from './Migration20261130130000_sequence_stats.ts';
import { Migration20261130130100_variant_winners } from './Migration20261130130100_variant_winners.ts';
import { Migration20261201100000_sender_pool } from './Migration20261201100000_sender_pool.ts';
import { Migration20261202090000_audit_log_time_order } from './Migration20261202090000_audit_log_time_order.ts';
import { Migration20261202100000_stats_cheap_triggers } from './Migration20261202100000_stats_cheap_triggers.ts';

export const migrations: MigrationObject[] = [
  { name: 'Migration20261122022105_foundation', class: Migration20261122022105_foundation },
  { name: 'Migration20261122023808_people', class: Migration20261122023808_people },
  { name: 'Migration20261122030000_directory', class: Migration20261122030000_directory },
  { name: 'Migration20261122030100_crm', class: Migration20261122030100_crm },
  { name: 'Migration20261122030200_enrichment', class: Migration20261122030200_enrichment },
  { name: 'Migration20261122032819_outbox', class: Migration20261122032819_outbox },
  { name: 'Migration20261122040000_sequence_templates', class: Migration20261122040000_sequence_templates },
  { name: 'Migration20261122040100_channels', class: Migration20261122040100_channels },
  { name: 'Migration20261122040938_sequences', class: Migration20261122040938_sequences },
  { name: 'Migration20261122050000_engagement', class: Migration20261122050000_engagement },
  { name: 'Migration20261122050100_tasks', class: Migration20261122050100_tasks },
  { name: 'Migration20261122050200_lists', class: Migration20261122050200_lists },
  { name: 'Migration20261122060000_ingested_events', class: Migration20261122060000_ingested_events },
  { name: 'Migration20261122060100_playbooks', class: Migration20261122060100_playbooks },
  { name: 'Migration20261122070000_signals', class: Migration20261122070000_signals },
  { name: 'Migration20261122070100_signal_facts', class: Migration20261122070100_signal_facts },
  {
    name: 'Migration20261122070200_unresolved_account_entries',
    class: Migration20261122070200_unresolved_account_entries,
  },
  { name: 'Migration20261122070300_signal_import_lookups', class: Migration20261122070300_signal_import_lookups },
  { name: 'Migration20261122080000_idempotency_keys', class: Migration20261122080000_idempotency_keys },
  { name: 'Migration20261122080100_rate_limits', class: Migration20261122080100_rate_limits },
  { name: 'Migration20261124090000_outbound_effects', class: Migration20261124090000_outbound_effects },
  { name: 'Migration20261125090000_workflow_commands', class: Migration20261125090000_workflow_commands },
  { name: 'Migration20261126090000_mailboxes', class: Migration20261126090000_mailboxes },
  { name: 'Migration20261126100000_idempotency_lease', class: Migration20261126100000_idempotency_lease },
  { name: 'Migration20261126110000_inbox_lookups', class: Migration20261126110000_inbox_lookups },
  { name: 'Migration20261127090000_sequence_revision', class: Migration20261127090000_sequence_revision },
  { name: 'Migration20261127210000_inbox_once_per_org', class: Migration20261127210000_inbox_once_per_org },
  { name: 'Migration20261127220000_mailbox_sync_commands', class: Migration20261127220000_mailbox_sync_commands },
  { name: 'Migration20261127230000_mailbox_sync_health', class: Migration20261127230000_mailbox_sync_health },
  { name: 'Migration20261128090000_prospect_time_zone', class: Migration20261128090000_prospect_time_zone },
  { name: 'Migration20261129090000_mailbox_ramp', class: Migration20261129090000_mailbox_ramp },
  { name: 'Migration20261129100000_reputation_pause', class: Migration20261129100000_reputation_pause },
  { name: 'Migration20261129200000_audit_log', class: Migration20261129200000_audit_log },
  { name: 'Migration20261130090000_mailbox_pacing', class: Migration20261130090000_mailbox_pacing },
  { name: 'Migration20261130100000_erasure_jobs', class: Migration20261130100000_erasure_jobs },
  { name: 'Migration20261130110000_user_roles', class: Migration20261130110000_user_roles },
  { name: 'Migration20261130120000_tracking_control', class: Migration20261130120000_tracking_control },
  { name: 'Migration20261130120100_compliance_footer', class: Migration20261130120100_compliance_footer },
  { name: 'Migration20261130120200_sending_domains', class: Migration20261130120200_sending_domains },
  { name: 'Migration20261130130000_sequence_stats', class: Migration20261130130000_sequence_stats },
  { name: 'Migration20261130130100_variant_winners', class: Migration20261130130100_variant_winners },
  { name: 'Migration20261201100000_sender_pool', class: Migration20261201100000_sender_pool },
  {
    name: 'Migration20261202090000_audit_log_time_order',
    class: Migration20261202090000_audit_log_time_order,
  },
  { name: 'Migration20261202100000_stats_cheap_triggers', class: Migration20261202100000_stats_cheap_triggers },
];
