// Custom search attributes every workflow of the service carries, so an operator can find a run
// in the Temporal UI (for example `OrganizationId = "<org>" AND ContactId = "<contact>"`).
// The dev server registers them at start; production registers them once with the CLI.
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

export const SEARCH_ATTRIBUTES = {
  OrganizationId: 'Keyword',
  ContactId: 'Keyword',
  SequenceTemplateId: 'Keyword',
} as const;

export const OrganizationIdKey = defineSearchAttributeKey('OrganizationId', SearchAttributeType.KEYWORD);
export const ContactIdKey = defineSearchAttributeKey('ContactId', SearchAttributeType.KEYWORD);
export const SequenceTemplateIdKey = defineSearchAttributeKey('SequenceTemplateId', SearchAttributeType.KEYWORD);
