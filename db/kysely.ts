// Typed data access: the Kysely database type inferred from the entity definitions (table and column
// names as PostgreSQL has them: tables by their tableName, columns snake_case, many-to-one columns
// as <name>_id), so queries and their rows are typed from the entities instead of by hand.
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql, type ColumnType, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { AccountEntrySchema } from './entities/account-entry.entity.ts';
import type { AccountExclusionSchema } from './entities/account-exclusion.entity.ts';
import type { AccountListSchema } from './entities/account-list.entity.ts';
import type { AccountVariableSchema } from './entities/account-variable.entity.ts';
import type { AccountSchema } from './entities/account.entity.ts';
import type { ActivitySchema } from './entities/activity.entity.ts';
import type { ApiKeySchema } from './entities/api-key.entity.ts';
import type { AuditEntrySchema } from './entities/audit-entry.entity.ts';
import type { ContactEntrySchema } from './entities/contact-entry.entity.ts';
import type { ContactExclusionSchema } from './entities/contact-exclusion.entity.ts';
import type { ContactListSchema } from './entities/contact-list.entity.ts';
import type { ContactVariableSchema } from './entities/contact-variable.entity.ts';
import type { ContactSchema } from './entities/contact.entity.ts';
import type { CrmLinkSchema } from './entities/crm-link.entity.ts';
import type { DirectoryCompanyDomainSchema } from './entities/directory-company-domain.entity.ts';
import type { DirectoryCompanySchema } from './entities/directory-company.entity.ts';
import type { DirectoryMetaSchema } from './entities/directory-meta.entity.ts';
import type { DirectoryPersonSchema } from './entities/directory-person.entity.ts';
import type { ErasureJobSchema } from './entities/erasure-job.entity.ts';
import type { SandboxEnrichmentJobSchema } from './entities/enrichment.entity.ts';
import type { HotLeadSchema } from './entities/hot-lead.entity.ts';
import type { IdempotencyKeySchema } from './entities/idempotency-key.entity.ts';
import type { IngestedEventSchema } from './entities/ingested-event.entity.ts';
import type { MailboxInboxMessageSchema } from './entities/mailbox-inbox-message.entity.ts';
import type { MailboxSchema } from './entities/mailbox.entity.ts';
import type { MeetingSchema } from './entities/meeting.entity.ts';
import type { MessageSchema } from './entities/message.entity.ts';
import type { OrganizationSchema } from './entities/organization.entity.ts';
import type { OutboundEffectSchema } from './entities/outbound-effect.entity.ts';
import type { PlaybookRunSchema } from './entities/playbook-run.entity.ts';
import type { PlaybookSchema } from './entities/playbook.entity.ts';
import type { RateLimitSchema } from './entities/rate-limit.entity.ts';
import type { SandboxCrmRecordSchema } from './entities/sandbox-crm-record.entity.ts';
import type { SandboxLinkedinActionSchema } from './entities/sandbox-linkedin-action.entity.ts';
import type { SandboxOutboundEmailSchema } from './entities/sandbox-outbound-email.entity.ts';
import type { SenderDailySendsSchema } from './entities/sender-daily-sends.entity.ts';
import type { SendingDomainSchema } from './entities/sending-domain.entity.ts';
import type { SequenceStatsDaySchema } from './entities/sequence-stats-day.entity.ts';
import type { SenderSendSlotSchema } from './entities/sender-send-slot.entity.ts';
import type { SequenceTemplateSchema } from './entities/sequence-template.entity.ts';
import type { SequenceSchema } from './entities/sequence.entity.ts';
import type { SignalImportSchema } from './entities/signal-import.entity.ts';
import type { SignalSchema } from './entities/signal.entity.ts';
import type { SuppressionSchema } from './entities/suppression.entity.ts';
import type { TaskSchema } from './entities/task.entity.ts';
import type { UserSchema } from './entities/user.entity.ts';
import type { WebhookDeliverySchema } from './entities/webhook-delivery.entity.ts';
import type { WebhookSubscriptionSchema } from './entities/webhook-subscription.entity.ts';
import type { WorkflowCommandSchema } from './entities/workflow-command.entity.ts';

type Schemas =
  | typeof AccountEntrySchema
  | typeof AccountExclusionSchema
  | typeof AccountListSchema
  | typeof AccountVariableSchema
  | typeof AccountSchema
  | typeof ActivitySchema
  | typeof ApiKeySchema
  | typeof AuditEntrySchema
  | typeof ContactEntrySchema
  | typeof ContactExclusionSchema
  | typeof ContactListSchema
  | typeof ContactVariableSchema
  | typeof ContactSchema
  | typeof CrmLinkSchema
  | typeof DirectoryCompanyDomainSchema
  | typeof DirectoryCompanySchema
  | typeof DirectoryMetaSchema
  | typeof DirectoryPersonSchema
  | typeof ErasureJobSchema
  | typeof SandboxEnrichmentJobSchema
  | typeof HotLeadSchema
  | typeof IdempotencyKeySchema
  | typeof IngestedEventSchema
  | typeof MailboxInboxMessageSchema
  | typeof MailboxSchema
  | typeof MeetingSchema
  | typeof MessageSchema
  | typeof OrganizationSchema
  | typeof OutboundEffectSchema
  | typeof PlaybookRunSchema
  | typeof PlaybookSchema
  | typeof RateLimitSchema
  | typeof SandboxCrmRecordSchema
  | typeof SandboxLinkedinActionSchema
  | typeof SandboxOutboundEmailSchema
  | typeof SenderDailySendsSchema
  | typeof SendingDomainSchema
  | typeof SequenceStatsDaySchema
  | typeof SenderSendSlotSchema
  | typeof SequenceTemplateSchema
  | typeof SequenceSchema
  | typeof SignalImportSchema
  | typeof SignalSchema
  | typeof SuppressionSchema
  | typeof TaskSchema
  | typeof UserSchema
  | typeof WebhookDeliverySchema
  | typeof WebhookSubscriptionSchema
  | typeof WorkflowCommandSchema;

/**
 * A timestamp as the driver hands it over: the ORM's connection leaves timestamps as text, so a
 * row's timestamp is typed Date | string (domain/shared/time.ts iso() reads either); a Date or
 * text goes in.
 */
type Wire<T> = T extends Date ? Date | string : T;
type WireColumn<C> =
  C extends ColumnType<infer S, infer I, infer U>
    ? [NonNullable<S>] extends [Date]
      ? ColumnType<Wire<S>, Wire<I>, Wire<U>>
      : C
    : [NonNullable<C>] extends [Date]
      ? Wire<C>
      : C;
type Inferred = InferKyselyDB<Schemas>;

/** Every table the entities define, keyed by its real name (`sequences`, `contact_entries`, ...). */
export type DB = { [T in keyof Inferred]: { [K in keyof Inferred[T]]: WireColumn<Inferred[T][K]> } };
export type Table = keyof DB;
/** A row of one table as a SELECT returns it. */
export type Row<T extends Table> = Selectable<DB[T]>;

/**
 * The entity manager's Kysely instance, typed with DB: inside a transaction it runs on the
 * transaction's connection (the ORM pins it), otherwise on the pool. No plugin: names in queries
 * are the real ones and values pass as they are, so the typing costs nothing at run time.
 */
export function typedKysely(em: EntityManager): Kysely<DB> {
  return em.getKysely<DB>();
}

/**
 * now() plus a pause, on the database's clock (leases and retry pauses are measured there): SQL,
 * because the builder has no interval arithmetic.
 */
export function nowPlus(ms: number): RawBuilder<Date> {
  return sql<Date>`now() + ${ms}::int * interval '1 millisecond'`;
}
