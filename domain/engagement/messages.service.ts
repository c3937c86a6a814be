// Messages (the message embed of docs/api/engagement.md): the reads of the messages runs send and receive,
// scoped to the organization; newest first by sent_at unless asked otherwise.
import type { EntityManager } from '@mikro-orm/postgresql';
import { iso } from '../shared/time.ts';
import type { MESSAGE_CHANNELS, MESSAGE_DIRECTIONS } from '../../db/entities/message.entity.ts';
import { DomainError } from '../shared/errors.ts';
import {
  messagePage,
  messageRecordRow,
  type MessageFilters,
  type MessageRecordRow,
  type MessageSort,
} from './engagement.queries.ts';

/** The list's filters and sort fields are the query's. */
export { MESSAGE_SORT_FIELDS, type MessageFilters, type MessageSort } from './engagement.queries.ts';

export interface MessageRecord {
  id: string;
  contact_id: string;
  sequence_id: string | null;
  channel: (typeof MESSAGE_CHANNELS)[number];
  direction: (typeof MESSAGE_DIRECTIONS)[number];
  kind: string;
  subject: string | null;
  body: string;
  step_number: number | null;
  sent_at: string;
  created_at: string;
  /** INBOUND: the OUTBOUND message it answers; OUTBOUND reply: the INBOUND one. */
  in_reply_to_id: string | null;
  /** INBOUND replies: the classifier's category. */
  reply_category: string | null;
  open_count: number;
  opened_at: string | null;
  click_count: number;
  clicked_at: string | null;
  bounced_at: string | null;
  /** LinkedIn invitations: when accepted. */
  accepted_at: string | null;
  /** Step messages of a step with variants: the variant sent (docs/api/stats.md). */
  variant: number | null;
}

function toRecord(row: MessageRecordRow): MessageRecord {
  return {
    ...row,
    sent_at: iso(row.sent_at),
    created_at: iso(row.created_at),
    opened_at: iso(row.opened_at),
    clicked_at: iso(row.clicked_at),
    bounced_at: iso(row.bounced_at),
    accepted_at: iso(row.accepted_at),
  };
}

export async function getMessage(em: EntityManager, organizationId: string, id: string): Promise<MessageRecord> {
  const row = await messageRecordRow(em, organizationId, id);
  if (!row) throw DomainError.notFound('Message');
  return toRecord(row);
}

export async function listMessages(
  em: EntityManager,
  organizationId: string,
  filters: MessageFilters,
  page: { limit: number; offset: number; sortBy?: MessageSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: MessageRecord[]; total: number }> {
  const { rows, total } = await messagePage(em, organizationId, filters, { ...page, sortBy: page.sortBy ?? 'sent_at' });
  return { items: rows.map(toRecord), total };
}
