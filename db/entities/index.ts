// Every entity the ORM knows; the config and migrations read this list.
import { Account } from './account.entity.ts';
import { Activity } from './activity.entity.ts';
import { ApiKey } from './api-key.entity.ts';
import { SandboxLinkedinAction, SandboxOutboundEmail } from './channels.entity.ts';
import { Contact } from './contact.entity.ts';
import { CrmLink, SandboxCrmRecord } from './crm.entity.ts';
import { DirectoryCompany, DirectoryCompanyDomain, DirectoryMeta, DirectoryPerson } from './directory.entity.ts';
import { SandboxEnrichmentJob } from './enrichment.entity.ts';
import { AccountExclusion, ContactExclusion } from './exclusion.entity.ts';
import { Organization } from './organization.entity.ts';
import { SequenceTemplate } from './sequence-template.entity.ts';
import { Suppression } from './suppression.entity.ts';
import { User } from './user.entity.ts';
import { AccountVariable, ContactVariable } from './variable.entity.ts';
import { WebhookDelivery, WebhookSubscription } from './webhook.entity.ts';
import { HotLead, Meeting, Message, SenderDailySends, Sequence } from './sequence.entity.ts';
import { Task } from './task.entity.ts';

import { AccountEntry, AccountList, ContactEntry, ContactList } from './list.entity.ts';

export { Account, AccountVariable, ApiKey, Contact, ContactVariable, Organization, Suppression, User };
export { DirectoryCompany, DirectoryCompanyDomain, DirectoryMeta, DirectoryPerson };
export { CrmLink, SandboxCrmRecord };
export { SandboxEnrichmentJob };
export { AccountExclusion, Activity, ContactExclusion, WebhookDelivery, WebhookSubscription };
export { SequenceTemplate };
export { SandboxLinkedinAction, SandboxOutboundEmail };
export { HotLead, Meeting, Message, SenderDailySends, Sequence, Task };
export { AccountEntry, AccountList, ContactEntry, ContactList };
import { IngestedEvent } from './ingested-event.entity.ts';
import { Playbook, PlaybookRun } from './playbook.entity.ts';

export { IngestedEvent };
export { Playbook, PlaybookRun };
import { Signal, SignalImport } from './signal.entity.ts';

export { Signal, SignalImport };
import { IdempotencyKey } from './idempotency-key.entity.ts';

export { IdempotencyKey };
import { RateLimit } from './rate-limit.entity.ts';
import { OutboundEffect } from './outbound-effect.entity.ts';

export { RateLimit };
export { OutboundEffect };
import { WorkflowCommand } from './workflow-command.entity.ts';

export { WorkflowCommand };
export const entities = [
  Organization, User, ApiKey, Account, Contact, ContactVariable, AccountVariable, Suppression,
  DirectoryCompany, DirectoryCompanyDomain, DirectoryPerson, DirectoryMeta, SandboxCrmRecord, CrmLink, SandboxEnrichmentJob,
  ContactExclusion, AccountExclusion, Activity, WebhookSubscription, WebhookDelivery,
  SequenceTemplate,
  SandboxOutboundEmail, SandboxLinkedinAction,
  Sequence, Message, Task, HotLead, Meeting, SenderDailySends,
  ContactList, AccountList, ContactEntry, AccountEntry,
  IngestedEvent,
  Signal, SignalImport,
  Playbook, PlaybookRun,
  IdempotencyKey,
  RateLimit,
  OutboundEffect,
  WorkflowCommand,
];
