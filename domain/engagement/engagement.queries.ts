// The engagement feature's queries (messages and their opens, clicks, replies, bounces and
// acceptances; hot leads, meetings, reply tasks), in typed Kysely. Each runs on the `em` it is given
// (its transaction, if any); the use cases beside this file hold the rules.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import { typedKysely, type DB, type Row } from '../../db/kysely.ts';

// ---- Messages as the API reads them

const RECORD_COLUMNS = [
  'id',
  'contact_id',
  'sequence_id',
  'channel',
  'direction',
  'kind',
  'subject',
  'body',
  'step_number',
  'sent_at',
  'created_at',
  'in_reply_to_id',
  'reply_category',
  'open_count',
  'opened_at',
  'click_count',
  'clicked_at',
  'bounced_at',
  'accepted_at',
  'variant',
] as const;
/** A message's columns as the API answers them. */
export type MessageRecordRow = Pick<Row<'messages'>, (typeof RECORD_COLUMNS)[number]>;

export const MESSAGE_SORT_FIELDS = ['sent_at', 'created_at'] as const;
export type MessageSort = (typeof MESSAGE_SORT_FIELDS)[number];

/** The list's filters (GET /v1/messages, a task's thread). */
export interface MessageFilters {
  contact_id?: string;
  sequence_id?: string;
  channel?: Row<'messages'>['channel'];
  direction?: Row<'messages'>['direction'];
}

export function messageRecordRow(
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<MessageRecordRow | undefined> {
  return typedKysely(em)
    .selectFrom('messages')
    .select(RECORD_COLUMNS)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** One page of the organization's matching messages, and how many match. */
export async function messagePage(
  em: EntityManager,
  organizationId: string,
  filters: MessageFilters,
  page: { limit: number; offset: number; sortBy: MessageSort; sortOrder: 'asc' | 'desc' },
): Promise<{ rows: MessageRecordRow[]; total: number }> {
  const matching = typedKysely(em)
    .selectFrom('messages')
    .where('organization_id', '=', organizationId)
    .$if(!!filters.contact_id, (q) => q.where('contact_id', '=', filters.contact_id!))
    .$if(!!filters.sequence_id, (q) => q.where('sequence_id', '=', filters.sequence_id!))
    .$if(!!filters.channel, (q) => q.where('channel', '=', filters.channel!))
    .$if(!!filters.direction, (q) => q.where('direction', '=', filters.direction!));
  const [rows, counted] = await Promise.all([
    matching
      .select(RECORD_COLUMNS)
      .orderBy(page.sortBy, page.sortOrder)
      .orderBy('id', page.sortOrder)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

// ---- Engagement with a message

const ENGAGED_COLUMNS = [
  'id',
  'organization_id',
  'contact_id',
  'sequence_id',
  'channel',
  'direction',
  'kind',
  'subject',
  'body',
  'step_number',
  'sent_at',
  'opened_at',
  'clicked_at',
  'bounced_at',
  'accepted_at',
  'variant',
] as const;
/** What engagement reads of a message under its lock. */
export type EngagedMessage = Pick<Row<'messages'>, (typeof ENGAGED_COLUMNS)[number]>;

/** Locks the organization's message (FOR UPDATE); undefined when there is none. */
export function lockMessageRow(
  tx: EntityManager,
  organizationId: string,
  messageId: string,
): Promise<EngagedMessage | undefined> {
  return typedKysely(tx)
    .selectFrom('messages')
    .select(ENGAGED_COLUMNS)
    .where('id', '=', messageId)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
}

/** The organization a message belongs to; undefined when it is gone. */
export async function messageOrganization(em: EntityManager, messageId: string): Promise<string | undefined> {
  return (
    await typedKysely(em)
      .selectFrom('messages')
      .select('organization_id')
      .where('id', '=', messageId)
      .executeTakeFirst()
  )?.organization_id;
}

/** One more open; opened_at stays the first. */
export async function countOpen(tx: EntityManager, messageId: string, at: Date, proxy = false): Promise<void> {
  // The first open by a person (unique_opened_at) and the first by a privacy proxy (proxy_opened_at) are kept apart.
  const marker = proxy ? 'proxy_opened_at' : 'unique_opened_at';
  await typedKysely(tx)
    .updateTable('messages')
    .set((eb) => ({
      open_count: eb('open_count', '+', 1),
      opened_at: eb.fn.coalesce('opened_at', eb.val(at)),
      [marker]: eb.fn.coalesce(marker, eb.val(at)),
    }))
    .where('id', '=', messageId)
    .execute();
}

/** One more click; clicked_at stays the first. One within `botSeconds` of the send is a link scanner's (bot_clicked_at), any later a person's (unique_clicked_at). */
export async function countClick(tx: EntityManager, messageId: string, at: Date, botSeconds: number): Promise<void> {
  const bot = sql<boolean>`${at}::timestamptz < "sent_at" + make_interval(secs => ${botSeconds})`;
  await typedKysely(tx)
    .updateTable('messages')
    .set((eb) => ({
      click_count: eb('click_count', '+', 1),
      clicked_at: eb.fn.coalesce('clicked_at', eb.val(at)),
      bot_clicked_at: eb
        .case()
        .when(bot)
        .then(eb.fn.coalesce('bot_clicked_at', eb.val(at)))
        .else(eb.ref('bot_clicked_at'))
        .end(),
      unique_clicked_at: eb
        .case()
        .when(bot)
        .then(eb.ref('unique_clicked_at'))
        .else(eb.fn.coalesce('unique_clicked_at', eb.val(at)))
        .end(),
    }))
    .where('id', '=', messageId)
    .execute();
}

/** The message bounced (bounced_at stays the first) and its contact's email is BOUNCED. */
export async function markBounced(tx: EntityManager, messageId: string, contactId: string, at: Date): Promise<void> {
  await typedKysely(tx)
    .updateTable('messages')
    .set((eb) => ({ bounced_at: eb.fn.coalesce('bounced_at', eb.val(at)) }))
    .where('id', '=', messageId)
    .execute();
  await typedKysely(tx)
    .updateTable('contacts')
    .set({ email_status: 'BOUNCED', updated_at: at })
    .where('id', '=', contactId)
    .execute();
}

export async function markAccepted(tx: EntityManager, messageId: string, at: Date): Promise<void> {
  await typedKysely(tx).updateTable('messages').set({ accepted_at: at }).where('id', '=', messageId).execute();
}

/** The latest LinkedIn invitation sent to the contact. */
export function latestInvitation(tx: EntityManager, organizationId: string, contactId: string) {
  return typedKysely(tx)
    .selectFrom('messages')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('contact_id', '=', contactId)
    .where('channel', '=', 'LINKEDIN')
    .where('direction', '=', 'OUTBOUND')
    .where('kind', '=', 'INVITATION')
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertMessage(tx: EntityManager, values: Insertable<DB['messages']>): Promise<void> {
  await typedKysely(tx).insertInto('messages').values(values).execute();
}

// ---- Contacts, hot leads, meetings, reply tasks

/** A contact's addresses (what an exclusion names). */
export function contactAddresses(tx: EntityManager, contactId: string) {
  return typedKysely(tx)
    .selectFrom('contacts')
    .select(['email', 'linkedin_url'])
    .where('id', '=', contactId)
    .executeTakeFirst();
}

export async function isOrganizationContact(
  tx: EntityManager,
  organizationId: string,
  contactId: string,
): Promise<boolean> {
  return !!(await typedKysely(tx)
    .selectFrom('contacts')
    .select('id')
    .where('id', '=', contactId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst());
}

/** The run's hot lead, unless it has one; true when this inserted it. */
export async function insertHotLead(tx: EntityManager, values: Insertable<DB['hot_leads']>): Promise<boolean> {
  const inserted = await typedKysely(tx)
    .insertInto('hot_leads')
    .values(values)
    .onConflict((oc) => oc.column('sequence_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The contact's runs but REFUSED ones: those in one of `first` first, then the newest. */
export function contactRunsForMeeting(
  tx: EntityManager,
  organizationId: string,
  contactId: string,
  first: readonly Row<'sequences'>['status'][],
) {
  return typedKysely(tx)
    .selectFrom('sequences')
    .select(['id', 'status'])
    .where('organization_id', '=', organizationId)
    .where('contact_id', '=', contactId)
    .where('status', '<>', 'REFUSED')
    .orderBy((eb) => eb('status', 'in', first), 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertMeeting(tx: EntityManager, values: Insertable<DB['meetings']>): Promise<void> {
  await typedKysely(tx).insertInto('meetings').values(values).execute();
}

export async function insertTask(tx: EntityManager, values: Insertable<DB['tasks']>): Promise<void> {
  await typedKysely(tx).insertInto('tasks').values(values).execute();
}
