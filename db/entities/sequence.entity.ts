// Sequences: one outreach run of one contact in one template. Status lives here, in PostgreSQL:
// the API reads it; the sequence workflow writes it. Their messages, engagement rows and senders'
// counters have their own entity files; tasks live in task.entity.ts.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Contact } from './contact.entity.ts';
import { Organization } from './organization.entity.ts';
import { SequenceTemplate } from './sequence-template.entity.ts';
import { User } from './user.entity.ts';
import { SEQUENCE_STATUSES } from '../../domain/sequences/statuses.ts';
import { statsTriggersOf } from '../migrations/Migration20261202100000_stats_cheap_triggers.sql.ts';

export { SEQUENCE_STATUSES, type SequenceStatus } from '../../domain/sequences/statuses.ts';

export const SequenceSchema = defineEntity({
  name: 'Sequence',
  tableName: 'sequences',
  indexes: [
    {
      name: 'sequences_one_running_unique',
      expression: `create unique index "sequences_one_running_unique" on "sequences" ("contact_id", "sequence_template_id") where "status" in ('FOUND', 'ACTIVE', 'WAITING_FOR_LEAD', 'WAITING_FOR_USER')`,
    },
    // The enrollment's rotation counts each pool member's runs not started yet (domain/sequences/enrollment/rotation.queries.ts).
    {
      name: 'sequences_sender_unstarted_index',
      expression: `create index "sequences_sender_unstarted_index" on "sequences" ("sender_id") where "current_step" = 0 and "status" in ('FOUND', 'ACTIVE', 'WAITING_FOR_LEAD', 'WAITING_FOR_USER')`,
    },
    { name: 'sequences_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
    { name: 'sequences_organization_contact_index', properties: ['organization', 'contact'] },
    { name: 'sequences_organization_template_index', properties: ['organization', 'sequenceTemplate'] },
  ],
  // Keep the sequence_stats_daily counters (db/migrations/Migration20261202100000_stats_cheap_triggers.sql.ts).
  triggers: statsTriggersOf('sequences'),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    contact: () => p.manyToOne(Contact).ref().deleteRule('cascade'),
    accountId: p.uuid().nullable(),
    sequenceTemplate: () => p.manyToOne(SequenceTemplate).ref(),
    status: p.enum(SEQUENCE_STATUSES),
    /** Why it ended early or was refused (e.g. REMOVED_FROM_SOURCE_LIST, EXCLUDED, NO_CHANNEL). */
    stoppedReason: p.text().nullable(),
    /** Why the run ended with stopped_reason ERROR: a step failed in a way no retry can fix (kept for operators and clients). */
    error: p.text().nullable(),
    pausedUntil: p.datetime().nullable(),
    /** The status a pause interrupted, restored on resume. */
    statusBeforePause: p.text().nullable(),
    /** Steps started so far (0 before the first). */
    currentStep: p.integer().default(0),
    variables: p.json<Record<string, string | null>>(),
    sourceContactEntryId: p.uuid().nullable(),
    sender: () => p.manyToOne(User).ref().nullable(),
    /** Set by a SEQUENCE-scope task reassignment: the assignee of this run's later tasks (default: the sender). */
    taskAssignee: () => p.manyToOne(User).ref().nullable(),
    /** The enrollment run that created it (the 202's enrollment_run_id). */
    enrollmentRunId: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    endedAt: p.datetime().nullable(),
    /** Set by a reply that halts automatic steps (the run then waits for a person: WAITING_FOR_USER until the team answers, then WAITING_FOR_LEAD). */
    repliedAt: p.datetime().nullable(),
    /** Sum of the run's engagement points (domain/engagement.ts); a hot lead at the threshold. */
    engagementScore: p.integer().default(0),
    /**
     * Counted up by every write of the row (domain/sequences/runs.ts, under its lock): the run's
     * workflow keeps the pause state of the newest revision it has heard of, whatever order the
     * API's Updates, its own re-reads and its steps' findings reach it in.
     */
    revision: p.integer().default(0),
  },
});

export class Sequence extends SequenceSchema.class {}
SequenceSchema.setClass(Sequence);
