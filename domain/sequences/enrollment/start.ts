// Starting the sequence workflow of a written ACTIVE sequence (an enrollment's last step, and a lead
// approval's): idempotent by the workflow id derived from the sequence.
import { WorkflowIdConflictPolicy, type SearchAttributePair } from '@temporalio/common';
import type { Client } from '@temporalio/client';
import { ContactIdKey, OrganizationIdKey, SequenceTemplateIdKey } from '../../../temporal/search-attributes.ts';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId, type SequenceWorkflowInput } from '../../../workflows/enrollment.definitions.ts';

/** What a written ACTIVE sequence needs to have its workflow started. */
export interface SequenceStart {
  sequenceId: string;
  contactId: string;
  sequenceTemplateId: string;
}

/** Starts the sequence workflow of an ACTIVE sequence; a second start finds the first. */
export async function startSequenceWorkflow(
  temporal: Client, taskQueue: string, organizationId: string, start: SequenceStart,
): Promise<void> {
  const args: [SequenceWorkflowInput] = [{ sequenceId: start.sequenceId, organizationId }];
  await temporal.workflow.start(SEQUENCE_WORKFLOW, {
    taskQueue,
    workflowId: sequenceWorkflowId(start.sequenceId),
    args,
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    typedSearchAttributes: searchAttributes(organizationId, start.contactId, start.sequenceTemplateId),
  });
}

export function searchAttributes(organizationId: string, contactId: string, sequenceTemplateId: string): SearchAttributePair[] {
  return [
    { key: OrganizationIdKey, value: organizationId },
    { key: ContactIdKey, value: contactId },
    { key: SequenceTemplateIdKey, value: sequenceTemplateId },
  ];
}
