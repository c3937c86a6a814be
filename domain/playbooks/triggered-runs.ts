// Playbooks (docs/api/playbooks.md): event-triggered actions on the
// contact an ingested event resolved to.
//
// A playbook has a trigger (`event_name`, exact), an action (ENROLL_IN_SEQUENCE a template, or
// CREATE_TASK a to-do), `requires_approval` and a status (ACTIVE or PAUSED). When the resolution
// drain resolves an event to a contact, every ACTIVE playbook of its name gets one run (unique per
// playbook and event), made in the drain's own transaction, with the action copied into it (an
// approver approves what the run says, whatever the playbook becomes later):
//   - requires_approval: the run waits (AWAITING_APPROVAL) on a PLAYBOOK_APPROVAL task made with
//     it; execute `playbook_approval` {approved} decides it, completing the task (any
//     completion_source) approves it, skipping it rejects it;
//   - CREATE_TASK: the TODO is created at once (in the same transaction, with task.created), the
//     run COMPLETED;
//   - ENROLL_IN_SEQUENCE: the run is PENDING until the workflow's next activity enrolls the contact
//     through the one enrollment path (domain/sequences/enrollment: eligibility, verification of a
//     never-verified email, then the sequence row with sequence.created, or a REFUSED row), seconds later.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlaybookRunStatus } from '../../db/entities/playbook-run.entity.ts';
import { truncateText } from '../shared/text.ts';
import { dateIn, insertTasks, todoFor } from './playbook-todos.ts';
import {
  insertRuns,
  sequenceTemplateNames,
  triggeredPlaybooks,
  type NewTask,
  type TriggeredRow,
} from './playbooks.queries.ts';

export interface ResolvedEvent {
  eventId: string;
  organizationId: string;
  eventName: string;
  contactId: string;
}

/**
 * The runs of every ACTIVE playbook watching the events' names (the events resolved to a contact),
 * in the caller's transaction: approval tasks and immediate to-dos are written with them. Answers
 * how many runs were made.
 */
export async function createRunsForResolvedEvents(
  tx: EntityManager,
  events: ResolvedEvent[],
  now: Date,
): Promise<number> {
  if (!events.length) return 0;
  const pairs = [...new Map(events.map((e) => [`${e.organizationId}|${e.eventName}`, e])).values()];
  const playbooks = await triggeredPlaybooks(tx, pairs);
  if (!playbooks.length) return 0;
  const templateIds = [
    ...new Set(
      playbooks.flatMap((p) => (p.action.type === 'ENROLL_IN_SEQUENCE' ? [p.action.sequence_template_id] : [])),
    ),
  ];
  const templateNames = new Map<string, string>();
  if (templateIds.length) {
    const rows = await sequenceTemplateNames(tx, templateIds);
    for (const r of rows) templateNames.set(r.id, r.name);
  }

  const runs: {
    id: string;
    e: ResolvedEvent;
    p: TriggeredRow;
    status: PlaybookRunStatus;
    task: NewTask | null;
    approval: boolean;
  }[] = [];
  for (const e of events) {
    for (const p of playbooks) {
      if (p.organization_id !== e.organizationId || p.event_name !== e.eventName) continue;
      const base = {
        organizationId: e.organizationId,
        contactId: e.contactId,
        eventId: e.eventId,
        eventName: e.eventName,
        playbookName: p.name,
        assigneeId: p.assignee_id,
      };
      if (p.requires_approval) {
        const what =
          p.action.type === 'CREATE_TASK'
            ? `create the to-do "${p.action.title}" (priority ${p.action.priority}, due in ${p.action.due_in_days} days)`
            : `enroll the contact in the sequence template "${templateNames.get(p.action.sequence_template_id) ?? p.action.sequence_template_id}"`;
        const task: NewTask = {
          id: randomUUID(),
          organizationId: e.organizationId,
          type: 'PLAYBOOK_APPROVAL',
          priority: 'TODAY',
          contactId: e.contactId,
          assigneeId: p.assignee_id,
          title: truncateText(`Approve playbook "${p.name}"`, 200),
          dueDate: dateIn(now, 0),
          notes:
            `The event ${e.eventName} (${e.eventId}) resolved to this contact. On approval the playbook will ${what}. ` +
            'Execute playbook_approval {approved: true|false}, or complete this task to approve; skip it to reject.',
        };
        runs.push({ id: randomUUID(), e, p, status: 'AWAITING_APPROVAL', task, approval: true });
      } else if (p.action.type === 'CREATE_TASK') {
        runs.push({ id: randomUUID(), e, p, status: 'COMPLETED', task: todoFor(base, p.action, now), approval: false });
      } else {
        runs.push({ id: randomUUID(), e, p, status: 'PENDING', task: null, approval: false });
      }
    }
  }
  if (!runs.length) return 0;
  const made = new Set(
    await insertRuns(
      tx,
      runs.map((r) => ({
        id: r.id,
        organizationId: r.e.organizationId,
        playbookId: r.p.id,
        eventId: r.e.eventId,
        contactId: r.e.contactId,
        status: r.status,
        action: r.p.action,
        approvalTaskId: r.approval ? r.task!.id : null,
        outcome: r.status === 'COMPLETED' ? 'TASK_CREATED' : null,
        createdTaskId: !r.approval && r.task ? r.task.id : null,
        completedAt: r.status === 'COMPLETED' ? now : null,
      })),
      now,
    ),
  );
  await insertTasks(
    tx,
    runs.filter((r) => made.has(r.id) && r.task).map((r) => r.task!),
    now,
  );
  return made.size;
}
