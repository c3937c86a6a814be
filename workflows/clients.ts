// The workflow client modules built from the one Temporal Client: what createApp(deps) and
// createActivities(deps) hand to the domain. Only process entry points open the Client itself.
import type { Client } from '@temporalio/client';
import { createEnrollmentClient, type EnrollmentClient } from './enrollment.client.ts';
import { createErasureClient, type ErasureClient } from './erasure.client.ts';
import { createEventResolutionClient, type EventResolutionClient } from './event-resolution.client.ts';
import { createWorkflowInventoryClient, type WorkflowInventoryClient } from './inventory.client.ts';
import { createLeadImportClient, type LeadImportClient } from './lead-import.client.ts';
import { createMailboxSyncClient, type MailboxSyncClient } from './mailbox-sync.client.ts';
import { createSequenceClient, type SequenceClient } from './sequence.client.ts';
import { createSignalClient, type SignalClient } from './signal.client.ts';
import { createTaskReminderClient, type TaskReminderClient } from './task-reminder.client.ts';
import { createWebhookClient, type WebhookClient } from './webhook.client.ts';

/** The one Temporal client the modules are built on, named for the process entry points that hand it in. */
export type TemporalClient = Client;

export interface WorkflowClients {
  /** The task queue the workflows run on (some workflow ids derive from it). */
  taskQueue: string;
  sequence: SequenceClient;
  enrollment: EnrollmentClient;
  signal: SignalClient;
  leadImport: LeadImportClient;
  taskReminder: TaskReminderClient;
  webhook: WebhookClient;
  eventResolution: EventResolutionClient;
  /** Erasure jobs' workflows. */
  erasure: ErasureClient;
  /** Connected mailboxes' inbox sync workflows. */
  mailboxSync: MailboxSyncClient;
  /** Running workflows, for reconcile. */
  inventory: WorkflowInventoryClient;
  /** Resolves when the Temporal frontend answers (readiness), else rejects; the caller bounds the wait. */
  ping(): Promise<void>;
}

export function createWorkflowClients(temporal: Client, taskQueue: string): WorkflowClients {
  return {
    taskQueue,
    sequence: createSequenceClient(temporal, taskQueue),
    enrollment: createEnrollmentClient(temporal, taskQueue),
    signal: createSignalClient(temporal, taskQueue),
    leadImport: createLeadImportClient(temporal, taskQueue),
    taskReminder: createTaskReminderClient(temporal, taskQueue),
    webhook: createWebhookClient(temporal, taskQueue),
    eventResolution: createEventResolutionClient(temporal, taskQueue),
    erasure: createErasureClient(temporal, taskQueue),
    mailboxSync: createMailboxSyncClient(temporal, taskQueue),
    inventory: createWorkflowInventoryClient(temporal),
    async ping() {
      await temporal.connection.workflowService.getSystemInfo({});
    },
  };
}
