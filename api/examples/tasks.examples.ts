// Examples of the task endpoints: Grace's to-do about Ada, and the call the template's CALL step
// gave her.
import { EXAMPLE_IDS as ID, EXAMPLE_SNOOZE_UNTIL } from './ids.ts';
import { ADA_PHONE, CONTACT_SUMMARY, GRACE } from './people.examples.ts';
import { SEQUENCE } from './sequences.examples.ts';

const OPEN = {
  disposition: null,
  phone: null,
  completion_source: null,
  reopen_reason: null,
  snoozed_until: null,
  started_at: null,
  completed_at: null,
  skipped_at: null,
  reopened_at: null,
};

/** The to-do, PENDING. */
export const TODO = {
  id: ID.task,
  organization_id: ID.organization,
  type: 'TODO',
  priority: 'TODAY',
  status: 'PENDING',
  sequence_id: null,
  contact_id: ID.contact,
  assignee_user_id: ID.user,
  message_id: null,
  step_number: null,
  title: 'Send Ada the reporting case study',
  notes: 'She asked for numbers from a team of her size.',
  due_date: '2026-03-05',
  ...OPEN,
  created_at: '2026-03-03T08:30:14.201Z',
  updated_at: '2026-03-03T08:30:14.201Z',
  contact: CONTACT_SUMMARY,
  assignee: GRACE,
  sequence_template: null,
};

const CALL_SCRIPT =
  'Ask Ada how Analytical Engines closes the month today and who owns the reporting pipeline; offer the case study.';

/** The call, done: what complete and execute answer. */
export const CALL_DONE = {
  ...TODO,
  id: ID.callTask,
  type: 'CALL',
  status: 'COMPLETED',
  sequence_id: ID.sequence,
  step_number: 4,
  title: CALL_SCRIPT,
  notes: CALL_SCRIPT,
  due_date: '2026-03-11',
  disposition: 'ANSWERED',
  completion_source: 'TASK_EXECUTION',
  completed_at: '2026-03-11T14:21:40.662Z',
  created_at: '2026-03-11T09:00:02.118Z',
  updated_at: '2026-03-11T14:21:40.662Z',
  sequence_template: { id: ID.sequenceTemplate, name: 'Engineering leaders, Q3' },
};

/** The to-do after each transition. */
export const TODO_STARTED = {
  ...TODO,
  status: 'IN_PROGRESS',
  started_at: '2026-03-04T09:02:10.500Z',
  updated_at: '2026-03-04T09:02:10.500Z',
};
export const TODO_SKIPPED = {
  ...TODO,
  status: 'SKIPPED',
  skipped_at: '2026-03-04T09:05:31.020Z',
  updated_at: '2026-03-04T09:05:31.020Z',
};
export const TODO_REOPENED = {
  ...TODO,
  reopened_at: '2026-03-04T10:12:45.300Z',
  updated_at: '2026-03-04T10:12:45.300Z',
};
export const TODO_SNOOZED = { ...TODO, snoozed_until: EXAMPLE_SNOOZE_UNTIL, updated_at: '2026-03-04T09:06:00.000Z' };
export const TODO_REASSIGNED = {
  ...TODO,
  assignee_user_id: ID.colleague,
  assignee: { id: ID.colleague, email: 'alan@example.org', name: 'Alan Turing' },
};
export const TODO_UPDATED = {
  ...TODO,
  priority: 'HOT',
  due_date: '2026-03-04',
  notes: "She replied: send it before Thursday's call.",
  updated_at: '2026-03-03T09:12:00.000Z',
};

export const taskExamples: Record<string, unknown> = {
  Task: TODO,
  TaskCreate: {
    title: TODO.title,
    due_date: TODO.due_date,
    notes: TODO.notes,
    contact_id: ID.contact,
    assignee_user_id: ID.user,
    priority: 'TODAY',
  },
  TaskUpdate: { priority: 'HOT', due_date: TODO_UPDATED.due_date, notes: TODO_UPDATED.notes },
  TaskReassign: { assignee_user_id: ID.colleague, scope: 'TASK' },
  TaskComplete: { completion_source: 'TASK_EXECUTION', disposition: 'ANSWERED' },
  TaskSnooze: { snoozed_until: EXAMPLE_SNOOZE_UNTIL },
  TaskExecute: { payload: { type: 'call', phone: ADA_PHONE, disposition: 'INTERESTED' } },
  TaskExecutePayload: { type: 'call', phone: ADA_PHONE, disposition: 'INTERESTED' },
  TaskExecuteResult: {
    task: { ...CALL_DONE, disposition: 'INTERESTED', phone: ADA_PHONE },
    message: null,
    sequence: { ...SEQUENCE, status: 'WAITING_FOR_USER', current_step: 4, updated_at: '2026-03-11T14:21:40.700Z' },
  },
};
