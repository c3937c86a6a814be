// The statements of an erasure (domain/erasure/steps.ts): each finds the person's copies in one
// table, by the contact's id or by text that mentions one of their identifiers (`patterns`, regular
// expressions made by mentionPattern), and deletes or redacts them. Every one is scoped to the
// organization, runs in the caller's transaction and answers how many rows it touched.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { OutboundEffectState } from '../../db/entities/outbound-effect.entity.ts';
import { typedKysely } from '../../db/kysely.ts';

/** What a redacted JSON column holds. */
export const REDACTED = { erased: true };
/** What a redacted text column holds. */
export const REDACTED_TEXT = '[erased]';

/** `value` as a regular expression (PostgreSQL's, case-insensitive) for text containing it as a whole identifier, not inside a longer one. */
export function mentionPattern(value: string, options: { anyPrefix?: boolean } = {}): string {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`);
  return `${options.anyPrefix ? '' : '(?<![a-z0-9._%+-])'}${escaped}(?![a-z0-9_-])`;
}

/** True when the column's text (JSON as its text) contains one of the patterns. */
function mentions(column: string, patterns: string[]): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(column)}::text ~* any (${patterns}::text[]))`;
}

const count = (rows: { numUpdatedRows?: bigint; numDeletedRows?: bigint }[]) =>
  rows.reduce((n, r) => n + Number(r.numUpdatedRows ?? r.numDeletedRows ?? 0n), 0);

/** The contact's runs (their ids, before the contact's deletion takes them). */
export async function runIdsOfContact(em: EntityManager, organizationId: string, contactId: string) {
  const rows = await typedKysely(em)
    .selectFrom('sequences')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('contact_id', '=', contactId)
    .execute();
  return rows.map((r) => r.id);
}

/** Whose effects: the organization, the person's runs, the patterns of their identifiers. */
export interface EffectScope {
  organizationId: string;
  runIds: string[];
  patterns: string[];
}

/**
 * The person's effects: those of their runs, and any whose request names them (a CRM write).
 * A CRM_DELETE effect names only the record's id and is left alone.
 */
function ofPerson({ organizationId, runIds, patterns }: EffectScope): Expression<SqlBool> {
  const about = [
    ...(runIds.length ? [sql<SqlBool>`sequence_id = any (${runIds}::uuid[])`] : []),
    ...(patterns.length ? [mentions('request', patterns)] : []),
  ];
  return sql<SqlBool>`(organization_id = ${organizationId}::uuid AND kind <> 'CRM_DELETE' AND (${about.length ? sql.join(about, sql` OR `) : sql`false`}))`;
}

function personEffects(em: EntityManager, scope: EffectScope) {
  return typedKysely(em).updateTable('outbound_effects').where(ofPerson(scope));
}

/** PENDING effects of the person become CANCELLED: a send recorded but not handed over is never made. */
export async function cancelPendingEffects(em: EntityManager, scope: EffectScope): Promise<number> {
  return count(await personEffects(em, scope).set({ state: 'CANCELLED' }).where('state', '=', 'PENDING').execute());
}

/** How many of the person's effects are IN_FLIGHT (handed to a provider, outcome not recorded). */
export async function inFlightEffects(em: EntityManager, scope: EffectScope): Promise<number> {
  const row = await typedKysely(em)
    .selectFrom('outbound_effects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('state', '=', 'IN_FLIGHT')
    .where(ofPerson(scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Redacts the person's effects: the request and result go; an IN_FLIGHT one is counted as done (UNCONFIRMED), never repeated. */
export async function redactEffects(em: EntityManager, scope: EffectScope): Promise<number> {
  return count(
    await personEffects(em, scope)
      .set({
        request: REDACTED,
        result: null,
        last_error: null,
        state: sql<OutboundEffectState>`case state when 'PENDING' then 'CANCELLED' when 'IN_FLIGHT' then 'UNCONFIRMED' else state end`,
      })
      .execute(),
  );
}

/** Inbox records about the person's messages or naming them: what the classification found goes; the row stays (a sync never takes the message again). */
export async function redactInboxRecords(
  em: EntityManager,
  organizationId: string,
  contactId: string | null,
  patterns: string[],
): Promise<number> {
  return count(
    await typedKysely(em)
      .updateTable('mailbox_inbox_messages')
      .set({ detail: REDACTED })
      .where('organization_id', '=', organizationId)
      .where('detail', 'is not', null)
      .where(sql<SqlBool>`detail::text <> ${JSON.stringify(REDACTED)}`)
      .where((eb) =>
        eb.or([
          ...(contactId
            ? [
                eb(
                  'matched_message_id',
                  'in',
                  eb.selectFrom('messages').select('id').where('contact_id', '=', contactId),
                ),
              ]
            : []),
          mentions('detail', patterns),
        ]),
      )
      .execute(),
  );
}

/**
 * The tables whose rows about the person are deleted, with the columns that may name them: rows of
 * the contact, or naming one of their identifiers. Activities take their webhook deliveries with them,
 * ingested events their playbook runs (ON DELETE CASCADE).
 */
const PERSON_ROWS = {
  activities: ['payload'],
  ingested_events: ['subject', 'payload_json'],
  contact_entries: ['email', 'linkedin_url', 'phone'],
  signal_imports: ['email', 'linkedin_url', 'metadata'],
} as const;

export async function deletePersonRows(
  em: EntityManager,
  table: keyof typeof PERSON_ROWS,
  organizationId: string,
  contactId: string | null,
  patterns: string[],
): Promise<number> {
  const about = [
    ...(contactId ? [sql<SqlBool>`contact_id = ${contactId}::uuid`] : []),
    ...(patterns.length ? PERSON_ROWS[table].map((column) => mentions(column, patterns)) : []),
  ];
  if (!about.length) return 0;
  return count(
    await typedKysely(em)
      .deleteFrom(table)
      .where('organization_id', '=', organizationId)
      .where(sql<SqlBool>`(${sql.join(about, sql` OR `)})`)
      .execute(),
  );
}

/** The organization's stored idempotent answers (sealed at rest): the caller opens them to find the person's. */
export function storedAnswers(em: EntityManager, organizationId: string) {
  return typedKysely(em)
    .selectFrom('idempotency_keys')
    .select(['id', 'response_body'])
    .where('organization_id', '=', organizationId)
    .where('response_body', 'is not', null)
    .execute();
}

export async function deleteIdempotencyKeys(em: EntityManager, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  return count(await typedKysely(em).deleteFrom('idempotency_keys').where('id', 'in', ids).execute());
}

/** Contact exclusions of the person's email or LinkedIn URL (the suppression hash keeps them out). */
export async function deleteContactExclusions(
  em: EntityManager,
  organizationId: string,
  email: string | null,
  linkedinUrl: string | null,
): Promise<number> {
  if (!email && !linkedinUrl) return 0;
  return count(
    await typedKysely(em)
      .deleteFrom('contact_exclusions')
      .where('organization_id', '=', organizationId)
      .where((eb) =>
        eb.or([
          ...(email ? [eb('email', '=', email)] : []),
          ...(linkedinUrl ? [eb('linkedin_url', '=', linkedinUrl)] : []),
        ]),
      )
      .execute(),
  );
}

/** Other contacts' messages and tasks that quote the person: their text is redacted (the person's own go with the contact). */
export async function redactQuotes(
  em: EntityManager,
  organizationId: string,
  contactId: string | null,
  patterns: string[],
): Promise<number> {
  const db = typedKysely(em);
  const messages = await db
    .updateTable('messages')
    .set({ subject: REDACTED_TEXT, body: REDACTED_TEXT })
    .where('organization_id', '=', organizationId)
    .$if(contactId !== null, (qb) => qb.where('contact_id', '<>', contactId!))
    .where((eb) => eb.or([mentions('body', patterns), mentions('subject', patterns)]))
    .execute();
  const tasks = await db
    .updateTable('tasks')
    .set({ title: REDACTED_TEXT, notes: REDACTED_TEXT, phone: null })
    .where('organization_id', '=', organizationId)
    .$if(contactId !== null, (qb) => qb.where(sql<SqlBool>`contact_id is distinct from ${contactId}::uuid`))
    .where((eb) => eb.or([mentions('title', patterns), mentions('notes', patterns), mentions('phone', patterns)]))
    .execute();
  return count([...messages, ...tasks]);
}

/** The contact's CRM links (the CRM's record is deleted through its provider first). */
export async function crmLinksOfContact(em: EntityManager, organizationId: string, contactId: string) {
  return typedKysely(em)
    .selectFrom('crm_links')
    .select(['external_id', 'crm_type'])
    .where('organization_id', '=', organizationId)
    .where('object_type', '=', 'contact')
    .where('local_id', '=', contactId)
    .execute();
}

export async function deleteCrmLinks(em: EntityManager, organizationId: string, contactId: string): Promise<number> {
  return count(
    await typedKysely(em)
      .deleteFrom('crm_links')
      .where('organization_id', '=', organizationId)
      .where('object_type', '=', 'contact')
      .where('local_id', '=', contactId)
      .execute(),
  );
}

/** The contact row; its variables, runs, messages, tasks, meetings, hot leads and entries go with it (ON DELETE CASCADE). */
export async function deleteContact(em: EntityManager, organizationId: string, contactId: string): Promise<number> {
  return count(
    await typedKysely(em)
      .deleteFrom('contacts')
      .where('organization_id', '=', organizationId)
      .where('id', '=', contactId)
      .execute(),
  );
}

/** The contact of this email or LinkedIn URL in the organization, with what identifies them. */
export function contactOfPerson(
  em: EntityManager,
  organizationId: string,
  by: { contactId?: string; email?: string | null; linkedinUrl?: string | null },
) {
  return typedKysely(em)
    .selectFrom('contacts')
    .select(['id', 'email', 'linkedin_url', 'first_name', 'last_name', 'phone'])
    .where('organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        ...(by.contactId ? [eb('id', '=', by.contactId)] : []),
        ...(by.email ? [eb('email', '=', by.email)] : []),
        ...(by.linkedinUrl ? [eb('linkedin_url', '=', by.linkedinUrl)] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
}
