// The commands a committed change leaves for a workflow, with the workflow each is for (its id
// derived from the business key, so delivering a command twice reaches the same run).
import type { WorkflowCommandKind } from '../../db/entities/workflow-command.entity.ts';
import { sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import { signalWorkflowId } from '../../workflows/signal.definitions.ts';
import { eventResolutionWorkflowId } from '../../workflows/event-resolution.definitions.ts';
import { mailboxSyncWorkflowId } from '../../workflows/mailbox-sync.definitions.ts';
import { erasureWorkflowId } from '../../workflows/erasure.definitions.ts';
import type { WorkflowCommand } from './command.types.ts';

/** A command as the outbox holds it. */
export interface StoredCommand {
  id: string;
  kind: WorkflowCommandKind;
  workflowId: string;
  command: WorkflowCommand;
  attempts: number;
}

/** A LEAD_IMPORT command's key: its entry (SQL that records one builds the same string). */
export const LEAD_IMPORT_ENTRY_PREFIX = 'lead-import-entry/';

/**
 * The workflow a command is for. Lead imports are started per batch of entries (their id derived
 * from the entries), so a LEAD_IMPORT command names its entry instead.
 */
export function commandWorkflowId(command: WorkflowCommand, taskQueue: string): string {
  switch (command.kind) {
    case 'START_SEQUENCE':
    case 'TASK_COMPLETED':
    case 'RUN_CHANGED':
      return sequenceWorkflowId(command.sequenceId);
    case 'WAKE_PLAYBOOKS':
      return eventResolutionWorkflowId(taskQueue);
    case 'LEAD_IMPORT':
      return `${LEAD_IMPORT_ENTRY_PREFIX}${command.entryId}`;
    case 'SIGNAL_CHANGED':
      return signalWorkflowId(command.signalId);
    case 'MAILBOX_SYNC':
      return mailboxSyncWorkflowId(command.mailboxId);
    case 'ERASE_PERSON':
      return erasureWorkflowId(command.jobId);
  }
}
