// What a workflow command holds (the outbox row's payload, db/entities/workflow-command.entity.ts):
// the leaf the entity and the commands' code (commands.ts and the changes that record them) share.
import type { SignalChange } from '../signals/signal-change.ts';

export type WorkflowCommand =
  | {
      kind: 'START_SEQUENCE';
      organizationId: string;
      sequenceId: string;
      contactId: string;
      sequenceTemplateId: string;
    }
  | { kind: 'TASK_COMPLETED'; organizationId: string; sequenceId: string; taskId: string }
  | { kind: 'RUN_CHANGED'; organizationId: string; sequenceId: string }
  | { kind: 'WAKE_PLAYBOOKS'; organizationId: string }
  /** One entry for the lead import: `import` completes its profile first, else it is only enrolled. */
  | { kind: 'LEAD_IMPORT'; organizationId: string; entryId: string; import: boolean }
  | { kind: 'SIGNAL_CHANGED'; organizationId: string; signalId: string; change: SignalChange['change'] | 'CREATE' }
  /** A mailbox connected, tested, disconnected or its user removed: its sync is made to follow its row. */
  | { kind: 'MAILBOX_SYNC'; organizationId: string; mailboxId: string }
  /** A person's erasure was requested: its job's workflow is started (erasure/<job id>). */
  | { kind: 'ERASE_PERSON'; organizationId: string; jobId: string };
