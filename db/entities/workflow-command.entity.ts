// The transactional outbox of workflow commands: a change that a workflow must hear about (start a
// sequence's run, a task completed, a lead import, a signal edited) is recorded here in the same
// transaction as the change, then delivered to Temporal idempotently by workflow id: at once by the
// request that made it (the fast path), and for good by the drain (domain/workflow-commands).
// Written through the typed query builder by that module; this entity keeps the table in the ORM's schema.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';
import type { WorkflowCommand as Command } from '../../domain/workflow-commands/command.types.ts';

/**
 * START_SEQUENCE: start the sequence workflow of an ACTIVE row. TASK_COMPLETED: the taskCompleted
 * signal to a run. RUN_CHANGED: the runChanged signal (the run re-reads its row). WAKE_PLAYBOOKS:
 * the event-resolution workflow's drainNow signal. LEAD_IMPORT: an entry to import or enroll (the
 * drain starts one lead-import workflow for the entries it claims). SIGNAL_CHANGED: start the
 * signal's workflow, or tell it to re-read its row. MAILBOX_SYNC: start (or wake) a mailbox's sync
 * workflow when its row is not DISCONNECTED, cancel it when it is. ERASE_PERSON: start an erasure job's
 * workflow (domain/erasure).
 */
export const WORKFLOW_COMMAND_KINDS = [
  'START_SEQUENCE',
  'TASK_COMPLETED',
  'RUN_CHANGED',
  'WAKE_PLAYBOOKS',
  'LEAD_IMPORT',
  'SIGNAL_CHANGED',
  'MAILBOX_SYNC',
  'ERASE_PERSON',
] as const;
export type WorkflowCommandKind = (typeof WORKFLOW_COMMAND_KINDS)[number];

/** PENDING: not delivered yet (or its last delivery failed). DONE: Temporal took it. */
export const WORKFLOW_COMMAND_STATUSES = ['PENDING', 'DONE'] as const;
export type WorkflowCommandStatus = (typeof WORKFLOW_COMMAND_STATUSES)[number];

export const WorkflowCommandSchema = defineEntity({
  name: 'WorkflowCommand',
  tableName: 'workflow_commands',
  indexes: [
    {
      name: 'workflow_commands_pending_index',
      expression: `create index "workflow_commands_pending_index" on "workflow_commands" ("next_attempt_at") where "status" = 'PENDING'`,
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    kind: p.enum(WORKFLOW_COMMAND_KINDS),
    /** The workflow the command is for (derived from the business key): delivering twice finds the same run. */
    workflowId: p.text(),
    /** What the delivery needs (ids, the signal's change). */
    payload: p.json<Command>(),
    status: p.enum(WORKFLOW_COMMAND_STATUSES).default('PENDING'),
    /** Deliveries tried. */
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    /** When the drain may take it (later after each failed delivery, and while another drain holds it). */
    nextAttemptAt: p.datetime(),
    createdAt: p.datetime(),
    doneAt: p.datetime().nullable(),
  },
});

export class WorkflowCommand extends WorkflowCommandSchema.class {}
WorkflowCommandSchema.setClass(WorkflowCommand);
