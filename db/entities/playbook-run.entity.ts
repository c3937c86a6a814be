// Playbook runs: one per playbook and event; it enrolls the contact in a sequence template or
// creates a TODO task, directly or after a person approves a PLAYBOOK_APPROVAL task.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Contact } from './contact.entity.ts';
import { IngestedEvent } from './ingested-event.entity.ts';
import { Organization } from './organization.entity.ts';
import { Playbook, type PlaybookAction } from './playbook.entity.ts';

/**
 * PENDING: to be carried out (new, or approved); AWAITING_APPROVAL: its PLAYBOOK_APPROVAL task is
 * open; COMPLETED: the action was carried out (see outcome); REJECTED: declined at approval;
 * FAILED: the action could not be carried out (see error).
 */
export const PLAYBOOK_RUN_STATUSES = ['PENDING', 'AWAITING_APPROVAL', 'COMPLETED', 'REJECTED', 'FAILED'] as const;
export type PlaybookRunStatus = (typeof PLAYBOOK_RUN_STATUSES)[number];

/** ENROLLED, ENROLLMENT_REFUSED (a REFUSED sequence row), ALREADY_ENROLLED, TASK_CREATED. */
export const PLAYBOOK_RUN_OUTCOMES = ['ENROLLED', 'ENROLLMENT_REFUSED', 'ALREADY_ENROLLED', 'TASK_CREATED'] as const;
export type PlaybookRunOutcome = (typeof PLAYBOOK_RUN_OUTCOMES)[number];

export const PlaybookRunSchema = defineEntity({
  name: 'PlaybookRun',
  tableName: 'playbook_runs',
  indexes: [
    {
      name: 'playbook_runs_playbook_event_unique',
      expression:
        'create unique index "playbook_runs_playbook_event_unique" on "playbook_runs" ("playbook_id", "event_id")',
    },
    { name: 'playbook_runs_playbook_created_index', properties: ['playbook', 'createdAt', 'id'] },
    { name: 'playbook_runs_approval_task_index', properties: ['approvalTaskId'] },
    {
      name: 'playbook_runs_pending_index',
      expression: `create index "playbook_runs_pending_index" on "playbook_runs" ("created_at", "id") where "status" = 'PENDING'`,
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    playbook: () => p.manyToOne(Playbook).ref().deleteRule('cascade'),
    event: () => p.manyToOne(IngestedEvent).ref().deleteRule('cascade'),
    contact: () => p.manyToOne(Contact).ref().deleteRule('cascade'),
    status: p.enum(PLAYBOOK_RUN_STATUSES),
    /** The playbook's action when the run was made: what an approver approves. */
    action: p.json<PlaybookAction>(),
    approvalTaskId: p.uuid().nullable(),
    outcome: p.enum(PLAYBOOK_RUN_OUTCOMES).nullable(),
    /** ENROLL_IN_SEQUENCE: the sequence written (ACTIVE, FOUND or REFUSED) or the one already running. */
    sequenceId: p.uuid().nullable(),
    /** CREATE_TASK: the TODO created. */
    createdTaskId: p.uuid().nullable(),
    error: p.text().nullable(),
    decidedAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class PlaybookRun extends PlaybookRunSchema.class {}
PlaybookRunSchema.setClass(PlaybookRun);
