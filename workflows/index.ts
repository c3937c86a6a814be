// What the worker loads: every workflow of the service is exported here. Workflow files import
// only @temporalio/workflow, their *.definitions.ts and activity types (lint enforces this).
// The service's workflows arrive with the issues that need them (enrollment, sequences,
// webhooks, events, signals); none ships before it does real work.
export { auditRetentionWorkflow } from './audit-retention.workflow.ts';
export { enrollmentWorkflow } from './enrollment.workflow.ts';
export { erasureWorkflow } from './erasure.workflow.ts';
export { eventResolutionWorkflow } from './event-resolution.workflow.ts';
export { leadImportWorkflow } from './lead-import.workflow.ts';
export { mailboxSyncWorkflow } from './mailbox-sync.workflow.ts';
export { sequenceWorkflow } from './sequence.workflow.ts';
export { signalWorkflow } from './signal.workflow.ts';
export { taskReminderWorkflow } from './task-reminder.workflow.ts';
export { webhookDispatcherWorkflow } from './webhook-dispatcher.workflow.ts';
export { webhookRetryWorkflow } from './webhook-retry.workflow.ts';
export { workflowCommandsWorkflow } from './workflow-commands.workflow.ts';
