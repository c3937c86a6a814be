// The queries of a pause written at a revision: the run's pause columns, its event (with its webhook
// deliveries) and its RUN_CHANGED command in one statement, written only if the row is still at the
// revision read, so a pause needs no lock held across its work (pause.ts holds the rules). Compiled
// once (db/statement.ts); raw SQL where the builder cannot type an INSERT ... SELECT from a CTE.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { statement } from '../../db/statement.ts';
import { DELIVERY_COLUMNS, SEQUENCE_ACTIVITY_COLUMNS, deliveriesOfInserted } from '../activity/activity.queries.ts';
import type { WorkflowCommand } from '../workflow-commands/command.types.ts';
import type { RunRow } from './runs.queries.ts';

/** The activities row of the pause's event (activityRowOf's). */
export interface PauseActivity {
  id: string;
  organization_id: string;
  type: string;
  contact_id: string | null;
  sequence_id: string | null;
  sequence_template_id: string | null;
  resource_type: string | null;
  channel: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
}

/** The pause's RUN_CHANGED command row (runChangedRowOf's). */
export interface PauseCommand {
  id: string;
  organization_id: string;
  kind: WorkflowCommand['kind'];
  workflow_id: string;
  payload: WorkflowCommand;
  next_attempt_at: Date;
  created_at: Date;
}

/**
 * The run's pause columns as `next` holds them (and updated_at) if the row is still at `revision`, and only then the
 * activity row `a` (with its webhook deliveries, as emitEvent writes them) and the command `c`; true
 * when it was written.
 */
export async function writePauseAtRevision(
  em: EntityManager,
  id: string,
  revision: number,
  next: Pick<RunRow, 'status' | 'status_before_pause' | 'paused_until'>,
  updatedAt: Date,
  a: PauseActivity,
  c: PauseCommand,
): Promise<boolean> {
  const { rows } = await writePause(
    em,
    id,
    revision,
    next.status,
    next.status_before_pause,
    next.paused_until,
    updatedAt,
    a.id,
    a.organization_id,
    a.type,
    a.contact_id,
    a.sequence_id,
    a.sequence_template_id,
    a.resource_type,
    a.channel,
    a.payload,
    a.created_at,
    c.id,
    c.organization_id,
    c.kind,
    c.workflow_id,
    c.payload,
    c.next_attempt_at,
    c.created_at,
  );
  return Number(rows[0]?.written) === 1;
}

// One statement, compiled once (db/statement.ts). SQL where the builder cannot type an INSERT ...
// SELECT from a CTE.
const writePause = statement(
  (
    db,
    id: string,
    revision: number,
    status: RunRow['status'],
    statusBeforePause: string | null,
    pausedUntil: RunRow['paused_until'],
    updatedAt: Date,
    activityId: string,
    organizationId: string,
    type: string,
    contactId: string | null,
    sequenceId: string | null,
    templateId: string | null,
    resourceType: string | null,
    channel: string | null,
    payload: Record<string, unknown>,
    createdAt: Date,
    commandId: string,
    commandOrganizationId: string,
    kind: WorkflowCommand['kind'],
    workflowId: string,
    command: WorkflowCommand,
    due: Date,
    recordedAt: Date,
  ) =>
    db
      .with('r', (w) =>
        w
          .updateTable('sequences')
          .set({
            status,
            status_before_pause: statusBeforePause,
            paused_until: pausedUntil,
            updated_at: updatedAt,
            revision: (eb) => eb('revision', '+', 1),
          })
          .where('id', '=', id)
          .where('revision', '=', revision)
          .returning('id'),
      )
      .with('a', (w) =>
        w
          .insertInto('activities')
          .columns(SEQUENCE_ACTIVITY_COLUMNS)
          .expression(
            sql`SELECT ${activityId}::uuid, ${organizationId}::uuid, ${type}::text, ${contactId}::uuid, ${sequenceId}::uuid, ${templateId}::uuid,
                           ${resourceType}::text, ${channel}::text, ${payload}::jsonb, ${createdAt}::timestamptz FROM r`,
          )
          .returning(['id', 'organization_id', 'type']),
      )
      .with('c', (w) =>
        w
          .insertInto('workflow_commands')
          .columns(['id', 'organization_id', 'kind', 'workflow_id', 'payload', 'next_attempt_at', 'created_at'])
          .expression(sql`SELECT ${commandId}::uuid, ${commandOrganizationId}::uuid, ${kind}::text, ${workflowId}::text, ${command}::jsonb, ${due}::timestamptz,
                           ${recordedAt}::timestamptz FROM r`),
      )
      .with('d', (w) =>
        w
          .insertInto('webhook_deliveries')
          .columns(DELIVERY_COLUMNS)
          .expression(deliveriesOfInserted(createdAt, templateId)),
      )
      .selectFrom('r')
      .select((eb) => eb.fn.countAll<string>().as('written')),
);
