// The steps every engagement use case shares: the message locked under its organization and checked
// to be an outbound one that can take the engagement, its embed in events, the run's score, and the
// result answered. Kept apart so each kind of engagement (opens and clicks, replies and bounces,
// invitations and meetings) scores and answers the same way.
//
// Engagement score (per run): first open of an email +1, first click of an email +2, LinkedIn
// invitation accepted +2, a reply that is neither negative nor out of office +3, an INTERESTED
// reply +5. When a run's score reaches HOT_LEAD_THRESHOLD (3) its contact becomes a hot lead, once
// per run: a hot_leads row and hot_lead.created with the hot_lead embed {id, engagement_score}.
// Opens and clicks after the first count (open_count, click_count) without adding points; every
// click emits message.link_clicked (with its url), only the first open emits message.opened.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../shared/errors.ts';
import { emitEvent } from '../activity/emit.ts';
import { getMessage, type MessageRecord } from './messages.service.ts';
import { iso } from '../shared/time.ts';
import { sequenceEvent, toSequenceRecord, update, type RunRow } from '../sequences/runs.ts';
import type { SequenceRecord } from '../sequences/record.ts';
import { insertHotLead, lockMessageRow, type EngagedMessage as MessageRow } from './engagement.queries.ts';

export const HOT_LEAD_THRESHOLD = 3;
export const ENGAGEMENT_POINTS = { open: 1, click: 2, invitationAccepted: 2, reply: 3, interestedReply: 5 } as const;

export interface EngagementResult {
  message: MessageRecord;
  /** The run as it now is, or null for a message without a run. */
  sequence: SequenceRecord | null;
}

export async function lockMessage(tx: EntityManager, organizationId: string, messageId: string): Promise<MessageRow> {
  const row = await lockMessageRow(tx, organizationId, messageId);
  if (!row) throw DomainError.notFound('Message');
  return row;
}

export function requireOutbound(message: MessageRow, channels: MessageRow['channel'][], what: string): void {
  if (message.direction !== 'OUTBOUND' || !channels.includes(message.channel) || message.kind === 'INVITATION') {
    throw DomainError.business(
      `Only an outbound ${channels.join(' or ')} message can be ${what}; this one is ${message.direction} ${message.channel} ${message.kind}.`,
      {
        message_id: message.id,
        direction: message.direction,
        channel: message.channel,
        kind: message.kind,
      },
    );
  }
}

export const messageEmbed = (
  m: Pick<MessageRow, 'id' | 'subject' | 'body' | 'channel' | 'direction' | 'sent_at' | 'step_number' | 'variant'>,
) => ({
  id: m.id,
  subject: m.channel === 'EMAIL' ? m.subject : null,
  body: m.body,
  channel: m.channel,
  direction: m.direction,
  sent_at: iso(m.sent_at),
  step_number: m.step_number,
  variant: m.variant,
});

export const eventChannel = (channel: MessageRow['channel']) =>
  channel === 'EMAIL' || channel === 'LINKEDIN' ? channel : 'MANUAL';

/** Adds points to the run; at the threshold, the run's hot lead (once) and hot_lead.created. */
export async function score(
  tx: EntityManager,
  run: RunRow,
  points: number,
  channel: MessageRow['channel'] | null,
): Promise<RunRow> {
  if (points <= 0) return run;
  const scored = await update(tx, run, { engagement_score: run.engagement_score + points });
  if (scored.engagement_score < HOT_LEAD_THRESHOLD) return scored;
  const hotLeadId = randomUUID();
  const inserted = await insertHotLead(tx, {
    id: hotLeadId,
    organization_id: run.organization_id,
    contact_id: run.contact_id,
    sequence_id: run.id,
    engagement_score: scored.engagement_score,
    created_at: new Date(),
  });
  if (inserted) {
    await emitEvent(
      tx,
      sequenceEvent(scored, 'hot_lead.created', {
        resourceType: 'HOT_LEAD',
        channel: channel ? eventChannel(channel) : null,
        hotLeadId,
        embeds: { hot_lead: { id: hotLeadId, engagement_score: scored.engagement_score } },
      }),
    );
  }
  return scored;
}

export async function resultOf(
  tx: EntityManager,
  organizationId: string,
  messageId: string,
  run: RunRow | null,
): Promise<EngagementResult> {
  return { message: await getMessage(tx, organizationId, messageId), sequence: run ? toSequenceRecord(run) : null };
}
