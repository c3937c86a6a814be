// Every entity the ORM knows, one per file; the config and migrations read this list.
import { AccountEntry } from './account-entry.entity.ts';
import { AccountExclusion } from './account-exclusion.entity.ts';
import { AccountList } from './account-list.entity.ts';
import { AccountVariable } from './account-variable.entity.ts';
import { Account } from './account.entity.ts';
import { Activity } from './activity.entity.ts';
import { ApiKey } from './api-key.entity.ts';
import { AuditEntry } from './audit-entry.entity.ts';
import { ContactEntry } from './contact-entry.entity.ts';
import { ContactExclusion } from './contact-exclusion.entity.ts';
import { ContactList } from './contact-list.entity.ts';
import { ContactVariable } from './contact-variable.entity.ts';
import { Contact } from './contact.entity.ts';
import { CrmLink } from './crm-link.entity.ts';
import { DirectoryCompanyDomain } from './directory-company-domain.entity.ts';
import { DirectoryCompany } from './directory-company.entity.ts';
import { DirectoryMeta } from './directory-meta.entity.ts';
import { DirectoryPerson } from './directory-person.entity.ts';
import { ErasureJob } from './erasure-job.entity.ts';
import { SandboxEnrichmentJob } from './enrichment.entity.ts';
import { HotLead } from './hot-lead.entity.ts';
import { IdempotencyKey } from './idempotency-key.entity.ts';
import { IngestedEvent } from './ingested-event.entity.ts';
import { MailboxInboxMessage } from './mailbox-inbox-message.entity.ts';
import { Mailbox } from './mailbox.entity.ts';
import { Meeting } from './meeting.entity.ts';
import { Message } from './message.entity.ts';
import { Organization } from './organization.entity.ts';
import { OutboundEffect } from './outbound-effect.entity.ts';
import { PlaybookRun } from './playbook-run.entity.ts';
import { Playbook } from './playbook.entity.ts';
import { RateLimit } from './rate-limit.entity.ts';
import { SandboxCrmRecord } from './sandbox-crm-record.entity.ts';
import { SandboxLinkedinAction } from './sandbox-linkedin-action.entity.ts';
import { SandboxOutboundEmail } from './sandbox-outbound-email.entity.ts';
import { SenderDailySends } from './sender-daily-sends.entity.ts';
import { SendingDomain } from './sending-domain.entity.ts';
import { SequenceStatsDay } from './sequence-stats-day.entity.ts';
import { SenderSendSlot } from './sender-send-slot.entity.ts';
import { SequenceTemplate } from './sequence-template.entity.ts';
import { Sequence } from './sequence.entity.ts';
import { SignalImport } from './signal-import.entity.ts';
import { Signal } from './signal.entity.ts';
import { Suppression } from './suppression.entity.ts';
import { Task } from './task.entity.ts';
import { User } from './user.entity.ts';
import { WebhookDelivery } from './webhook-delivery.entity.ts';
import { WebhookSubscription } from './webhook-subscription.entity.ts';
import { WorkflowCommand } from './workflow-command.entity.ts';

export {
  Account,
  AccountEntry,
  AccountExclusion,
  AccountList,
  AccountVariable,
  Activity,
  ApiKey,
  AuditEntry,
  Contact,
  ContactEntry,
  ContactExclusion,
  ContactList,
  ContactVariable,
  CrmLink,
  DirectoryCompany,
  DirectoryCompanyDomain,
  DirectoryMeta,
  DirectoryPerson,
  ErasureJob,
  HotLead,
  IdempotencyKey,
  IngestedEvent,
  Mailbox,
  MailboxInboxMessage,
  Meeting,
  Message,
  Organization,
  OutboundEffect,
  Playbook,
  PlaybookRun,
  RateLimit,
  SandboxCrmRecord,
  SandboxEnrichmentJob,
  SandboxLinkedinAction,
  SandboxOutboundEmail,
  SenderDailySends,
  SendingDomain,
  SenderSendSlot,
  Sequence,
  SequenceStatsDay,
  SequenceTemplate,
  Signal,
  SignalImport,
  Suppression,
  Task,
  User,
  WebhookDelivery,
  WebhookSubscription,
  WorkflowCommand,
};

export const entities = [
  Organization,
  User,
  ApiKey,
  Account,
  Contact,
  ContactVariable,
  AccountVariable,
  Suppression,
  DirectoryCompany,
  DirectoryCompanyDomain,
  DirectoryPerson,
  DirectoryMeta,
  SandboxCrmRecord,
  CrmLink,
  SandboxEnrichmentJob,
  ContactExclusion,
  AccountExclusion,
  Activity,
  AuditEntry,
  ErasureJob,
  WebhookSubscription,
  WebhookDelivery,
  SequenceStatsDay,
  SequenceTemplate,
  SandboxOutboundEmail,
  SandboxLinkedinAction,
  Sequence,
  Message,
  Task,
  HotLead,
  Meeting,
  SenderDailySends,
  SenderSendSlot,
  ContactList,
  AccountList,
  ContactEntry,
  AccountEntry,
  IngestedEvent,
  Signal,
  SignalImport,
  Playbook,
  PlaybookRun,
  IdempotencyKey,
  RateLimit,
  OutboundEffect,
  WorkflowCommand,
  Mailbox,
  MailboxInboxMessage,
  SendingDomain,
];
