// The one way to emit an outreach event (docs/architecture.md, 'The main flows'). In the caller's transaction it writes
// the activity row (the stream and the outbox) and one delivery per webhook subscription that
// matches at this commit: ACTIVE, subscribed to the type, and for sequence-tied events either
// all templates or this template; resource events, and the task.* events of a standalone to-do
// (no sequence, so no template), go only to subscriptions for all templates.
// Nothing is announced that was not committed, and nothing committed is lost. Activity ids are
// time-ordered (domain/shared/uuid7.ts): events emitted in one millisecond keep their order in the
// stream, which sorts by created_at and then id.
import type { EntityManager } from '@mikro-orm/postgresql';
import { insertActivities, insertActivityWithDeliveries, insertDeliveries } from './activity.queries.ts';
import type { ContactSummary } from '../people/records.ts';
import { uuid7 } from '../shared/uuid7.ts';

export const SEQUENCE_EVENT_TYPES = [
  'message.sent',
  'message.opened',
  'message.link_clicked',
  'message.replied',
  'invitation.sent',
  'invitation.accepted',
  'hot_lead.created',
  'meeting.created',
  'sequence.created',
  'sequence.paused',
  'sequence.resumed',
  'sequence.stopped',
  'sequence.completed',
  'task.created',
  'task.completed',
  'task.skipped',
  'task.reopened',
] as const;
export const RESOURCE_EVENT_TYPES = [
  'contact_entry.resolved',
  'event.resolved',
  'contact_exclusion.created',
  'contact.erased',
  'sequence_template.variant_won',
] as const;
export const EVENT_TYPES = [...SEQUENCE_EVENT_TYPES, ...RESOURCE_EVENT_TYPES] as const;
export type SequenceEventType = (typeof SEQUENCE_EVENT_TYPES)[number];
export type ResourceEventType = (typeof RESOURCE_EVENT_TYPES)[number];
export type EventType = (typeof EVENT_TYPES)[number];

export const RESOURCE_TYPES = [
  'MESSAGE',
  'INVITATION',
  'HOT_LEAD',
  'MEETING',
  'SEQUENCE_STEP',
  'SEQUENCE',
  'TASK',
] as const;
export const CHANNELS = ['EMAIL', 'LINKEDIN', 'MANUAL'] as const;

export interface ResourceEvent {
  type: ResourceEventType;
  organizationId: string;
  /** The contact, when one is known (its id becomes contact_id). */
  contact: ContactSummary | null;
  /** The type's extra fields (docs/api/webhooks.md), snake_case. */
  fields: Record<string, unknown>;
}

export interface SequenceEvent {
  type: SequenceEventType;
  organizationId: string;
  contact: ContactSummary | null;
  /** null only for the task.* events of a standalone to-do (the payload keeps the keys, null). */
  sequenceId: string | null;
  sequenceTemplate: { id: string; name: string } | null;
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

/** The webhook body: the documented flat snake_case payload, plus the activity id and time. */
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
    sequence_template_id: event.sequenceTemplate?.id ?? null,
    resource_type: event.resourceType,
    channel: event.channel,
    message_id: event.messageId ?? null,
    hot_lead_id: event.hotLeadId ?? null,
    calendar_event_id: event.calendarEventId ?? null,
    task_id: event.taskId ?? null,
    contact: event.contact,
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
export async function emitEvent(
  em: EntityManager,
  event: OutboundEvent,
): Promise<{ activityId: string; deliveries: number }> {
  const a = activityRowOf(event, new Date());
  return { activityId: a.id, deliveries: await insertActivityWithDeliveries(em, a) };
}

/** The activities row of an event emitted at `createdAt` (its id time-ordered, its payload the webhook body). */
export function activityRowOf(event: OutboundEvent, createdAt: Date) {
  const id = uuid7(createdAt.getTime());
  const sequence = isSequenceEvent(event) ? event : null;
  return {
    id,
    organization_id: event.organizationId,
    type: event.type,
    contact_id: event.contact?.id ?? null,
    sequence_id: sequence?.sequenceId ?? null,
    sequence_template_id: sequence?.sequenceTemplate?.id ?? null,
    resource_type: sequence?.resourceType ?? null,
    channel: sequence?.channel ?? null,
    payload: payloadOf(event, id, createdAt),
    created_at: createdAt,
  };
}

/**
 * Emits several events in two statements (their activity rows, then their deliveries), inside
 * the caller's transaction: the batch form of emitEvent for writers that emit one event per row
 * of a batch (a signal check's page of imports). The events share one created_at.
 */
export async function emitEvents(
  em: EntityManager,
  events: OutboundEvent[],
): Promise<{ activityIds: string[]; deliveries: number }> {
  if (!events.length) return { activityIds: [], deliveries: 0 };
  const createdAt = new Date();
  const rows = events.map((event) => {
    const activityId = uuid7(createdAt.getTime());
    const sequence = isSequenceEvent(event) ? event : null;
    return { event, activityId, sequence, payload: payloadOf(event, activityId, createdAt) };
  });
  await insertActivities(
    em,
    rows.map(({ event, activityId, sequence, payload }) => ({
      id: activityId,
      organization_id: event.organizationId,
      type: event.type,
      contact_id: event.contact?.id ?? null,
      sequence_id: sequence?.sequenceId ?? null,
      sequence_template_id: sequence?.sequenceTemplate?.id ?? null,
      resource_type: sequence?.resourceType ?? null,
      channel: sequence?.channel ?? null,
      payload,
      created_at: createdAt,
    })),
  );
  const deliveries = await insertDeliveries(
    em,
    rows.map(({ event, activityId, sequence }) => ({
      id: activityId,
      organizationId: event.organizationId,
      type: event.type,
      templateId: sequence?.sequenceTemplate?.id ?? null,
    })),
    createdAt,
  );
  return { activityIds: rows.map((r) => r.activityId), deliveries };
}
