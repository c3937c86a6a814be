// The one way to emit an outreach event (DESIGN.md flow 2). In the caller's transaction it writes
// the activity row (the stream and the outbox) and one delivery per webhook subscription that
// matches at this commit: ACTIVE, subscribed to the type, and for sequence-tied events either
// all templates or this template; resource events go only to subscriptions for all templates.
// Nothing is announced that was not committed, and nothing committed is lost.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContactSummary } from './records.ts';

export const SEQUENCE_EVENT_TYPES = [
  'message.sent', 'message.opened', 'message.link_clicked', 'message.replied', 'invitation.sent', 'invitation.accepted',
  'hot_lead.created', 'meeting.created', 'sequence.created', 'sequence.paused', 'sequence.resumed', 'sequence.stopped',
  'sequence.completed', 'task.created', 'task.completed', 'task.skipped', 'task.reopened',
] as const;
export const RESOURCE_EVENT_TYPES = ['contact_entry.resolved', 'event.resolved', 'contact_exclusion.created'] as const;
export const EVENT_TYPES = [...SEQUENCE_EVENT_TYPES, ...RESOURCE_EVENT_TYPES] as const;
export type SequenceEventType = (typeof SEQUENCE_EVENT_TYPES)[number];
export type ResourceEventType = (typeof RESOURCE_EVENT_TYPES)[number];
export type EventType = (typeof EVENT_TYPES)[number];

export const RESOURCE_TYPES = ['MESSAGE', 'INVITATION', 'HOT_LEAD', 'MEETING', 'SEQUENCE_STEP', 'SEQUENCE', 'TASK'] as const;
export const CHANNELS = ['EMAIL', 'LINKEDIN', 'MANUAL'] as const;

export interface ResourceEvent {
  type: ResourceEventType;
  organizationId: string;
  /** The contact, when one is known (its id becomes contact_id). */
  contact: ContactSummary | null;
  /** The type's extra fields (SPEC 'Payload shape'), snake_case. */
  fields: Record<string, unknown>;
}

export interface SequenceEvent {
  type: SequenceEventType;
  organizationId: string;
  contact: ContactSummary | null;
  sequenceId: string;
  sequenceTemplate: { id: string; name: string };
  resourceType: (typeof RESOURCE_TYPES)[number];
  channel: (typeof CHANNELS)[number] | null;
  messageId?: string | null;
  hotLeadId?: string | null;
  calendarEventId?: string | null;
  taskId?: string | null;
  /** Event-specific embeds: message, meeting, task, hot_lead. */
  embeds?: Record<string, unknown>;
  /** Further fields of the type (e.g. final status, stopped_reason, step_number). */
  fields?: Record<string, unknown>;
}

export type OutboundEvent = ResourceEvent | SequenceEvent;

function isSequenceEvent(event: OutboundEvent): event is SequenceEvent {
  return 'sequenceId' in event;
}

/** The webhook body: SPEC's flat snake_case payload, plus the activity id and time. */
export function payloadOf(event: OutboundEvent, activityId: string, createdAt: Date): Record<string, unknown> {
  const base = { activity_id: activityId, created_at: createdAt.toISOString() };
  if (!isSequenceEvent(event)) {
    return {
      type: event.type,
      organization_id: event.organizationId,
      contact_id: event.contact?.id ?? null,
      ...(event.contact ? { contact: event.contact } : {}),
      ...event.fields,
      ...base,
    };
  }
  return {
    type: event.type,
    organization_id: event.organizationId,
    contact_id: event.contact?.id ?? null,
    sequence_id: event.sequenceId,
    sequence_template_id: event.sequenceTemplate.id,
    resource_type: event.resourceType,
    channel: event.channel,
    message_id: event.messageId ?? null,
    hot_lead_id: event.hotLeadId ?? null,
    calendar_event_id: event.calendarEventId ?? null,
    task_id: event.taskId ?? null,
    ...(event.contact ? { contact: event.contact } : {}),
    sequence_template: event.sequenceTemplate,
    ...event.embeds,
    ...event.fields,
    ...base,
  };
}

/**
 * Emits an event inside the caller's transaction (`em` must be the transactional one). Returns
 * the activity id and how many deliveries were queued.
 */
export async function emitEvent(em: EntityManager, event: OutboundEvent): Promise<{ activityId: string; deliveries: number }> {
  const db = em.getKysely();
  const activityId = randomUUID();
  const createdAt = new Date();
  const payload = payloadOf(event, activityId, createdAt);
  const sequence = isSequenceEvent(event) ? event : null;
  await sql`
    INSERT INTO activities (id, organization_id, type, contact_id, sequence_id, sequence_template_id, resource_type, channel, payload, created_at)
    VALUES (${activityId}, ${event.organizationId}, ${event.type}, ${event.contact?.id ?? null}, ${sequence?.sequenceId ?? null},
            ${sequence?.sequenceTemplate.id ?? null}, ${sequence?.resourceType ?? null}, ${sequence?.channel ?? null},
            ${JSON.stringify(payload)}::jsonb, ${createdAt})`.execute(db);
  const queued = await sql`
    INSERT INTO webhook_deliveries (id, organization_id, subscription_id, activity_id, event_type, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), s.organization_id, s.id, ${activityId}, ${event.type}, 'PENDING', 0, ${createdAt}, ${createdAt}, ${createdAt}
      FROM webhook_subscriptions s
     WHERE s.organization_id = ${event.organizationId} AND s.status = 'ACTIVE' AND ${event.type} = ANY (s.event_types)
       AND (s.sequence_template_ids IS NULL OR ${sequence?.sequenceTemplate.id ?? null}::text = ANY (s.sequence_template_ids))`.execute(db);
  return { activityId, deliveries: Number(queued.numAffectedRows ?? 0) };
}
