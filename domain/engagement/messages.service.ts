// Messages (the message embed of docs/api/engagement.md): the reads of the messages runs send and receive,
// scoped to the organization; newest first by sent_at unless asked otherwise.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely, type Row } from '../../db/kysely.ts';
import { iso } from '../shared/time.ts';
import type { MESSAGE_CHANNELS, MESSAGE_DIRECTIONS } from '../../db/entities/message.entity.ts';
import { DomainError } from '../shared/errors.ts';

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
}

const COLUMNS = [
  'id', 'contact_id', 'sequence_id', 'channel', 'direction', 'kind', 'subject', 'body', 'step_number', 'sent_at', 'created_at',
  'in_reply_to_id', 'reply_category', 'open_count', 'opened_at', 'click_count', 'clicked_at', 'bounced_at', 'accepted_at',
] as const;
type MessageRow = Pick<Row<'messages'>, (typeof COLUMNS)[number]>;

function toRecord(row: MessageRow): MessageRecord {
  return {
    ...row,
    sent_at: iso(row.sent_at), created_at: iso(row.created_at), opened_at: iso(row.opened_at), clicked_at: iso(row.clicked_at),
    bounced_at: iso(row.bounced_at), accepted_at: iso(row.accepted_at),
  };
}

export async function getMessage(em: EntityManager, organizationId: string, id: string): Promise<MessageRecord> {
  const row = await typedKysely(em).selectFrom('messages').select(COLUMNS).where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
  if (!row) throw DomainError.notFound('Message');
  return toRecord(row);
}

export const MESSAGE_SORT_FIELDS = ['sent_at', 'created_at'] as const;
export type MessageSort = (typeof MESSAGE_SORT_FIELDS)[number];

export interface MessageFilters {
  contact_id?: string;
  sequence_id?: string;
  channel?: MessageRecord['channel'];
  direction?: MessageRecord['direction'];
}

export async function listMessages(
  em: EntityManager,
  organizationId: string,
  filters: MessageFilters,
  page: { limit: number; offset: number; sortBy?: MessageSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: MessageRecord[]; total: number }> {
  const matching = typedKysely(em)
    .selectFrom('messages')
    .where('organization_id', '=', organizationId)
    .$if(!!filters.contact_id, (q) => q.where('contact_id', '=', filters.contact_id!))
    .$if(!!filters.sequence_id, (q) => q.where('sequence_id', '=', filters.sequence_id!))
    .$if(!!filters.channel, (q) => q.where('channel', '=', filters.channel!))
    .$if(!!filters.direction, (q) => q.where('direction', '=', filters.direction!));
  const [rows, counted] = await Promise.all([
    matching.select(COLUMNS).orderBy(page.sortBy ?? 'sent_at', page.sortOrder).orderBy('id', page.sortOrder).limit(page.limit).offset(page.offset).execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toRecord), total: Number(counted.total) };
}
