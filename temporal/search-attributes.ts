// Custom search attributes the workflows of an organization carry, so an operator can find a run
// in the Temporal UI (for example `OrganizationId = "<org>" AND ContactId = "<contact>"`); which
// workflow carries which is tabled in docs/operations.md ('Finding a stuck enrollment'). The dev server
// registers them at start (scripts/local-stack.ts); docker-compose's setup and production register
// them once with the CLI.
import { defineSearchAttributeKey, SearchAttributeType, type SearchAttributePair } from '@temporalio/common';

export const SEARCH_ATTRIBUTES = {
  OrganizationId: 'Keyword',
  ContactId: 'Keyword',
  SequenceTemplateId: 'Keyword',
  MailboxId: 'Keyword',
} as const;

export const OrganizationIdKey = defineSearchAttributeKey('OrganizationId', SearchAttributeType.KEYWORD);
export const ContactIdKey = defineSearchAttributeKey('ContactId', SearchAttributeType.KEYWORD);
export const SequenceTemplateIdKey = defineSearchAttributeKey('SequenceTemplateId', SearchAttributeType.KEYWORD);
export const MailboxIdKey = defineSearchAttributeKey('MailboxId', SearchAttributeType.KEYWORD);

/** The attributes of a workflow of this organization: ContactId and SequenceTemplateId only when known. */
export function organizationSearchAttributes(ids: {
  organizationId: string;
  contactId?: string | null;
  sequenceTemplateId?: string | null;
}): SearchAttributePair[] {
  return [
    { key: OrganizationIdKey, value: ids.organizationId },
    ...(ids.contactId ? [{ key: ContactIdKey, value: ids.contactId }] : []),
    ...(ids.sequenceTemplateId ? [{ key: SequenceTemplateIdKey, value: ids.sequenceTemplateId }] : []),
  ];
}

/** The attributes of a mailbox's sync workflow: `MailboxId = "<id>"` finds it in the Temporal UI. */
export function mailboxSearchAttributes(organizationId: string, mailboxId: string): SearchAttributePair[] {
  return [
    { key: OrganizationIdKey, value: organizationId },
    { key: MailboxIdKey, value: mailboxId },
  ];
}
