// Messages (SPEC 'Message embed', issue 5 item 8): the reads of the messages runs send and receive,
// scoped to the organization; newest first by sent_at unless asked otherwise.
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
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

const TIMESTAMPS = ['sent_at', 'created_at', 'opened_at', 'clicked_at', 'bounced_at', 'accepted_at'] as const;
type MessageRow = Omit<MessageRecord, (typeof TIMESTAMPS)[number]> & Record<(typeof TIMESTAMPS)[number], Date | null>;

const COLUMNS = sql.raw(`id, contact_id, sequence_id, channel, direction, kind, subject, body, step_number, sent_at, created_at,
  in_reply_to_id, reply_category, open_count, opened_at, click_count, clicked_at, bounced_at, accepted_at`);

function toRecord(row: MessageRow): MessageRecord {
  const record = { ...row } as unknown as MessageRecord;
  for (const key of TIMESTAMPS) (record as unknown as Record<string, string | null>)[key] = row[key] === null ? null : new Date(row[key]).toISOString();
  return record;
}

export async function getMessage(em: EntityManager, organizationId: string, id: string): Promise<MessageRecord> {
  const { rows } = await sql<MessageRow>`SELECT ${COLUMNS} FROM messages WHERE id = ${id} AND organization_id = ${organizationId}`.execute(em.getKysely());
  if (!rows[0]) throw DomainError.notFound('Message');
  return toRecord(rows[0]);
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
  const where = [sql`organization_id = ${organizationId}`];
  if (filters.contact_id) where.push(sql`contact_id = ${filters.contact_id}`);
  if (filters.sequence_id) where.push(sql`sequence_id = ${filters.sequence_id}`);
  if (filters.channel) where.push(sql`channel = ${filters.channel}`);
  if (filters.direction) where.push(sql`direction = ${filters.direction}`);
  const condition = sql.join(where, sql` AND `);
  const column = sql.ref(page.sortBy ?? 'sent_at');
  const direction = sql.raw(page.sortOrder === 'asc' ? 'ASC' : 'DESC');
  const [{ rows }, counted] = await Promise.all([
    sql<MessageRow>`SELECT ${COLUMNS} FROM messages WHERE ${condition} ORDER BY ${column} ${direction}, id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`
      .execute(em.getKysely()),
    sql<{ total: string }>`SELECT count(*) AS total FROM messages WHERE ${condition}`.execute(em.getKysely()),
  ]);
  return { items: rows.map(toRecord), total: Number(counted.rows[0].total) };
}
