// The inbox sync's queries about messages: the outbound emails an inbox message may be about
// (inbox-match.ts) and the mailbox_inbox_messages rows that record each message once (inbox-record.ts),
// in typed Kysely. Each runs on the `em` it is given (its transaction, if any).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Insertable } from 'kysely';
import { typedKysely, type DB, type Row } from '../../db/kysely.ts';

// ---- Matching sent emails

/** The EMAIL effects of the organization whose request carries one of these Message-IDs (as written, with or without <>). */
export function emailEffectsByMessageId(em: EntityManager, organizationId: string, forms: string[]) {
  return typedKysely(em)
    .selectFrom('outbound_effects')
    .select((eb) => ['key', eb.ref('request', '->>').key('messageId').as('message_id')])
    .where((eb) => eb(eb.ref('request', '->>').key('messageId'), 'in', forms))
    .where('kind', '=', 'EMAIL')
    .where('organization_id', '=', organizationId)
    .execute();
}

/** Which of these message ids are stored OUTBOUND messages of the organization. */
export function storedOutboundIds(em: EntityManager, organizationId: string, ids: string[]) {
  return typedKysely(em)
    .selectFrom('messages')
    .select('id')
    .where('id', 'in', ids)
    .where('organization_id', '=', organizationId)
    .where('direction', '=', 'OUTBOUND')
    .execute();
}

/** The organization's OUTBOUND emails stored under one of these provider ids, newest first (at most two per id). */
export function outboundEmailsByProviderId(em: EntityManager, organizationId: string, forms: string[]) {
  return typedKysely(em)
    .selectFrom('messages')
    .select(['id', 'provider_message_id'])
    .where('organization_id', '=', organizationId)
    .where('provider_message_id', 'in', forms)
    .where('direction', '=', 'OUTBOUND')
    .where('channel', '=', 'EMAIL')
    .orderBy('sent_at', 'desc')
    .limit(forms.length * 2)
    .execute();
}

/** Outbound emails to a contact address from this sender (the run's, else its template's), newest first, sent since `since` (20 at most). */
export function recentEmailsTo(
  em: EntityManager,
  organizationId: string,
  senderId: string,
  address: string,
  since: Date,
) {
  return typedKysely(em)
    .selectFrom('messages as m')
    .innerJoin('contacts as c', 'c.id', 'm.contact_id')
    .leftJoin('sequences as s', 's.id', 'm.sequence_id')
    .leftJoin('sequence_templates as t', 't.id', 's.sequence_template_id')
    .select(['m.id', 'm.subject'])
    .where('m.organization_id', '=', organizationId)
    .where('c.organization_id', '=', organizationId)
    .where('c.email', '=', address)
    .where('m.direction', '=', 'OUTBOUND')
    .where('m.channel', '=', 'EMAIL')
    .where('m.sent_at', '>=', since)
    .where((eb) =>
      eb.or([
        eb('s.sender_id', '=', senderId),
        eb.and([eb('s.sender_id', 'is', null), eb('t.sender_user_id', '=', senderId)]),
      ]),
    )
    .orderBy('m.sent_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(20)
    .execute();
}

/** The email of the contact a message of the organization went to. */
export async function recipientEmail(
  em: EntityManager,
  organizationId: string,
  messageId: string,
): Promise<string | null | undefined> {
  const row = await typedKysely(em)
    .selectFrom('messages as m')
    .innerJoin('contacts as c', 'c.id', 'm.contact_id')
    .select('c.email')
    .where('m.id', '=', messageId)
    .where('m.organization_id', '=', organizationId)
    .executeTakeFirst();
  return row?.email;
}

// ---- Recording inbox messages

type InboxRow = Insertable<DB['mailbox_inbox_messages']>;

/** The kind this UID of the mailbox was recorded with, when it was. */
export async function recordedInboxKind(
  tx: EntityManager,
  mailboxId: string,
  uidValidity: string,
  uid: string,
): Promise<Row<'mailbox_inbox_messages'>['kind'] | null> {
  const row = await typedKysely(tx)
    .selectFrom('mailbox_inbox_messages')
    .select('kind')
    .where('mailbox_id', '=', mailboxId)
    .where('uid_validity', '=', uidValidity)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row?.kind ?? null;
}

/** Inserts the row unless its dedupe key is taken in the organization; true when it was inserted. */
export async function insertInboxRowUnlessKeyTaken(tx: EntityManager, row: InboxRow): Promise<boolean> {
  const inserted = await typedKysely(tx)
    .insertInto('mailbox_inbox_messages')
    .values(row)
    .onConflict((oc) => oc.columns(['organization_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The row holding this dedupe key in the organization (the copy that applied the message). */
export function inboxRowByKey(tx: EntityManager, organizationId: string, dedupeKey: string) {
  return typedKysely(tx)
    .selectFrom('mailbox_inbox_messages')
    .select(['id', 'mailbox_id'])
    .where('organization_id', '=', organizationId)
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst();
}

export async function insertInboxRow(tx: EntityManager, row: InboxRow): Promise<void> {
  await typedKysely(tx).insertInto('mailbox_inbox_messages').values(row).execute();
}

/** Inserts the row unless this UID of the mailbox is recorded already; true when it was inserted. */
export async function insertInboxRowUnlessRecorded(tx: EntityManager, row: InboxRow): Promise<boolean> {
  const inserted = await typedKysely(tx)
    .insertInto('mailbox_inbox_messages')
    .values(row)
    .onConflict((oc) => oc.columns(['mailbox_id', 'uid_validity', 'uid']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
