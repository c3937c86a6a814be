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
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely, type Row } from '../../db/kysely.ts';
import type { PlaybookRunStatus } from '../../db/entities/playbook-run.entity.ts';
import { truncateText } from '../shared/text.ts';
import { dateIn, insertTasks, todoFor, type NewTask } from './playbook-todos.ts';

export interface ResolvedEvent {
  eventId: string;
  organizationId: string;
  eventName: string;
  contactId: string;
}

/** A playbook the events trigger, with its owner as the assignee when still an active user. */
type TriggeredRow = Pick<Row<'playbooks'>, 'id' | 'organization_id' | 'name' | 'event_name' | 'action' | 'requires_approval'> & { assignee_id: string | null };

/**
 * The runs of every ACTIVE playbook watching the events' names (the events resolved to a contact),
 * in the caller's transaction: approval tasks and immediate to-dos are written with them. Answers
 * how many runs were made.
 */
export async function createRunsForResolvedEvents(tx: EntityManager, events: ResolvedEvent[], now: Date): Promise<number> {
  if (!events.length) return 0;
  const db = tx.getKysely();
  const pairs = [...new Map(events.map((e) => [`${e.organizationId}|${e.eventName}`, e])).values()];
  // Raw: the playbooks are matched against (organization, event name) pairs joined from unnest of two parallel arrays.
  const { rows: playbooks } = await sql<TriggeredRow>`
    SELECT p.id, p.organization_id, p.name, p.event_name, p.action, p.requires_approval, u.id AS assignee_id
      FROM playbooks p JOIN unnest(${pairs.map((e) => e.organizationId)}::uuid[], ${pairs.map((e) => e.eventName)}::text[]) AS x(org, name)
        ON p.organization_id = x.org AND p.event_name = x.name
      LEFT JOIN users u ON u.id = p.owner_user_id AND u.removed_at IS NULL
     WHERE p.status = 'ACTIVE'`.execute(db);
  if (!playbooks.length) return 0;
  const templateIds = [...new Set(playbooks.flatMap((p) => (p.action.type === 'ENROLL_IN_SEQUENCE' ? [p.action.sequence_template_id] : [])))];
  const templateNames = new Map<string, string>();
  if (templateIds.length) {
    const rows = await typedKysely(tx).selectFrom('sequence_templates').select(['id', 'name']).where('id', 'in', templateIds).execute();
    for (const r of rows) templateNames.set(r.id, r.name);
  }

  const runs: { id: string; e: ResolvedEvent; p: TriggeredRow; status: PlaybookRunStatus; task: NewTask | null; approval: boolean }[] = [];
  for (const e of events) {
    for (const p of playbooks) {
      if (p.organization_id !== e.organizationId || p.event_name !== e.eventName) continue;
      const base = { organizationId: e.organizationId, contactId: e.contactId, eventId: e.eventId, eventName: e.eventName, playbookName: p.name, assigneeId: p.assignee_id };
      if (p.requires_approval) {
        const what = p.action.type === 'CREATE_TASK'
          ? `create the to-do "${p.action.title}" (priority ${p.action.priority}, due in ${p.action.due_in_days} days)`
          : `enroll the contact in the sequence template "${templateNames.get(p.action.sequence_template_id) ?? p.action.sequence_template_id}"`;
        const task: NewTask = {
          id: randomUUID(), organizationId: e.organizationId, type: 'PLAYBOOK_APPROVAL', priority: 'TODAY', contactId: e.contactId, assigneeId: p.assignee_id,
          title: truncateText(`Approve playbook "${p.name}"`, 200), dueDate: dateIn(now, 0),
          notes: `The event ${e.eventName} (${e.eventId}) resolved to this contact. On approval the playbook will ${what}. `
            + 'Execute playbook_approval {approved: true|false}, or complete this task to approve; skip it to reject.',
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
  const col = <T>(pick: (r: (typeof runs)[number]) => T) => runs.map(pick);
  // Raw: INSERT ... SELECT over unnest of parallel arrays, skipping (playbook, event) pairs already run, in one statement.
  const { rows: inserted } = await sql<{ id: string }>`
    INSERT INTO playbook_runs (id, organization_id, playbook_id, event_id, contact_id, status, action, approval_task_id, outcome, created_task_id, completed_at, created_at, updated_at)
    SELECT x.id, x.org, x.playbook, x.event, x.contact, x.status, x.action, x.approval, x.outcome, x.created_task, x.completed_at, ${now}, ${now}
      FROM unnest(${col((r) => r.id)}::uuid[], ${col((r) => r.e.organizationId)}::uuid[], ${col((r) => r.p.id)}::uuid[], ${col((r) => r.e.eventId)}::uuid[],
                  ${col((r) => r.e.contactId)}::uuid[], ${col((r) => r.status)}::text[], ${col((r) => JSON.stringify(r.p.action))}::jsonb[],
                  ${col((r) => (r.approval ? r.task!.id : null))}::uuid[], ${col((r) => (r.status === 'COMPLETED' ? 'TASK_CREATED' : null))}::text[],
                  ${col((r) => (!r.approval && r.task ? r.task.id : null))}::uuid[], ${col((r) => (r.status === 'COMPLETED' ? now : null))}::timestamptz[])
        AS x(id, org, playbook, event, contact, status, action, approval, outcome, created_task, completed_at)
    ON CONFLICT (playbook_id, event_id) DO NOTHING RETURNING id`.execute(db);
  const made = new Set(inserted.map((r) => r.id));
  await insertTasks(tx, runs.filter((r) => made.has(r.id) && r.task).map((r) => r.task!), now);
  return made.size;
}
