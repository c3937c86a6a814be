// The calls to a mailbox's sync workflow (`mailbox-sync:<id>`): start it when the mailbox is
// connected (signal-with-start: a running one is kept and woken, so every worker start may ask),
// stop it when it is disconnected (cancelled: the running activity closes its IMAP session), and
// read its status query.
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import { temporalCall } from '../temporal/failures.ts';
import { mailboxSearchAttributes } from '../temporal/search-attributes.ts';
import {
  MAILBOX_SYNC_WORKFLOW,
  mailboxSyncStatusQuery,
  mailboxSyncTaskQueue,
  mailboxSyncWakeSignal,
  mailboxSyncWorkflowId,
  type MailboxSyncInput,
  type MailboxSyncStatus,
} from './mailbox-sync.definitions.ts';

/** The mailbox a sync is for. */
export interface MailboxSyncTarget {
  id: string;
  organizationId: string;
}

export interface MailboxSyncClient {
  /** Starts the mailbox's sync workflow unless it is running. */
  start(
    mailbox: MailboxSyncTarget,
    options?: Pick<MailboxSyncInput, 'mode' | 'pollMs' | 'runMs' | 'idleMs'>,
  ): Promise<void>;
  /** Cancels the mailbox's sync workflow; nothing to do when none runs. */
  stop(mailboxId: string): Promise<void>;
  /** The workflow's status query with the lag as of now, or null when it is not running. */
  status(mailboxId: string): Promise<MailboxSyncView | null>;
}

/** The status query, and the sync's lag now: seconds since a run last saw the inbox read to its end. */
export type MailboxSyncView = MailboxSyncStatus & { lagSeconds: number | null };

export function withLag(status: MailboxSyncStatus, now = Date.now()): MailboxSyncView {
  const at = status.readToEndAt ? Date.parse(status.readToEndAt) : Number.NaN;
  return { ...status, lagSeconds: Number.isNaN(at) ? null : Math.max(0, Math.round((now - at) / 1000)) };
}

export function createMailboxSyncClient(temporal: Client, taskQueue: string): MailboxSyncClient {
  return {
    start: (mailbox, options = {}) => startMailboxSync(temporal, mailbox, taskQueue, options),
    stop: (mailboxId) => stopMailboxSync(temporal, mailboxId),
    async status(mailboxId) {
      return temporalCall(async () => {
        try {
          const handle = temporal.workflow.getHandle(mailboxSyncWorkflowId(mailboxId));
          if ((await handle.describe()).status.name !== 'RUNNING') return null;
          return withLag(await handle.query(mailboxSyncStatusQuery));
        } catch (error) {
          if (error instanceof WorkflowNotFoundError) return null;
          throw error;
        }
      });
    },
  };
}

/**
 * Starts `mailbox-sync:<id>` on `taskQueue` (its activities on the mailbox queue beside it) unless
 * it runs; a running one is kept and woken (the wake signal), so a sync waiting after a refused
 * login tries again at once when the mailbox is connected or tested again.
 */
export async function startMailboxSync(
  temporal: Client,
  mailbox: MailboxSyncTarget,
  taskQueue: string,
  options: Pick<MailboxSyncInput, 'mode' | 'pollMs' | 'runMs' | 'idleMs'> = {},
): Promise<void> {
  const input: MailboxSyncInput = {
    mailboxId: mailbox.id,
    organizationId: mailbox.organizationId,
    syncTaskQueue: mailboxSyncTaskQueue(taskQueue),
    ...options,
  };
  await temporalCall(() =>
    temporal.workflow.signalWithStart(MAILBOX_SYNC_WORKFLOW, {
      workflowId: mailboxSyncWorkflowId(mailbox.id),
      taskQueue,
      args: [input],
      signal: mailboxSyncWakeSignal,
      signalArgs: [],
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
      typedSearchAttributes: mailboxSearchAttributes(mailbox.organizationId, mailbox.id),
    }),
  );
}

/** Cancels `mailbox-sync:<id>`: its activity stops waiting and closes the IMAP session. */
export async function stopMailboxSync(temporal: Client, mailboxId: string): Promise<void> {
  await temporalCall(async () => {
    try {
      const handle = temporal.workflow.getHandle(mailboxSyncWorkflowId(mailboxId));
      if ((await handle.describe()).status.name === 'RUNNING') await handle.cancel();
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
  });
}
