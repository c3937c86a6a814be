// Rows the benchmarks set up before they measure, written as the service writes them: through its
// use cases (templates, sender settings) or the typed builder of db/kysely.ts (bulk rows).
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import type { TemplateStep } from '../../db/entities/sequence-template.entity.ts';
import { typedKysely, type DB } from '../../db/kysely.ts';
import { setSender } from '../../domain/admin/admin.service.ts';
import { createTemplate } from '../../domain/sequences/templates.service.ts';

/** The typed builder on a fresh entity manager of the bench's ORM. */
export const benchDb = (orm: MikroORM): Kysely<DB> => typedKysely(orm.em.fork());

/** Rows per multi-row insert: the columns times the rows stay well under PostgreSQL's 65,535 parameters. */
export const INSERT_CHUNK = 500;

/** Splits `items` into the chunks of a bulk insert. */
export function chunks<T>(items: T[], size = INSERT_CHUNK): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/** An ACTIVE template that sends as `senderUserId`, created as the templates API creates it. */
export async function activeTemplate(
  orm: MikroORM,
  organizationId: string,
  senderUserId: string,
  name: string,
  steps: TemplateStep[],
): Promise<string> {
  return (
    await createTemplate(orm.em.fork(), organizationId, senderUserId, {
      name,
      status: 'ACTIVE',
      steps,
      sender_user_id: senderUserId,
    })
  ).id;
}

/** The bench's one sender sends every email: its daily send limit (200 by default) is lifted out of the way. */
export async function liftSendLimit(orm: MikroORM, userId: string): Promise<void> {
  await setSender(orm.em.fork(), { userId, dailySendLimit: 1_000_000 });
}

/** Contacts whose email is already verified (DELIVERABLE), so an enrollment goes straight on; `email(id)` names each one's address. */
export async function insertVerifiedContacts(
  orm: MikroORM,
  organizationId: string,
  ids: string[],
  email: (id: string) => string,
): Promise<void> {
  const now = new Date();
  for (const chunk of chunks(ids)) {
    await benchDb(orm)
      .insertInto('contacts')
      .values(
        chunk.map((id) => ({
          id,
          organization_id: organizationId,
          email: email(id),
          first_name: 'Ada',
          company_name: 'Acme',
          email_status: 'DELIVERABLE',
          first_seen_at: now,
          last_seen_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

/** Empty lists a signal imports into: contact lists for PEOPLE, account lists for COMPANIES. */
export async function insertLists(
  orm: MikroORM,
  organizationId: string,
  target: 'PEOPLE' | 'COMPANIES',
  ids: string[],
  name: (id: string) => string,
): Promise<void> {
  const now = new Date();
  for (const chunk of chunks(ids)) {
    const rows = chunk.map((id) => ({
      id,
      organization_id: organizationId,
      name: name(id),
      created_at: now,
      updated_at: now,
    }));
    if (target === 'PEOPLE') await benchDb(orm).insertInto('contact_lists').values(rows).execute();
    else await benchDb(orm).insertInto('account_lists').values(rows).execute();
  }
}

/** A run about to start (its workflow not yet): a contact in a template, sent as `senderId`. */
export interface ActiveRun {
  id: string;
  contactId: string;
  templateId: string;
  senderId: string;
}

/** ACTIVE sequences at step 0 with no variables, as an enrollment writes them, for the bench to start. */
export async function insertActiveRuns(orm: MikroORM, organizationId: string, runs: ActiveRun[]): Promise<void> {
  for (const chunk of chunks(runs)) {
    const now = new Date();
    await benchDb(orm)
      .insertInto('sequences')
      .values(
        chunk.map((r) => ({
          id: r.id,
          organization_id: organizationId,
          contact_id: r.contactId,
          sequence_template_id: r.templateId,
          status: 'ACTIVE',
          current_step: 0,
          variables: {},
          sender_id: r.senderId,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

/**
 * `n` ACTIVE runs of one template and sender, each for a new verified contact at `domain`, written
 * as insertActiveRuns writes them (their workflows not started): the runs' ids and contacts.
 */
export async function insertFreshRuns(
  orm: MikroORM,
  s: { organizationId: string; templateId: string; senderId: string },
  n: number,
  domain: string,
): Promise<ActiveRun[]> {
  const runs = Array.from({ length: n }, () => ({
    id: randomUUID(),
    contactId: randomUUID(),
    templateId: s.templateId,
    senderId: s.senderId,
  }));
  await insertVerifiedContacts(
    orm,
    s.organizationId,
    runs.map((r) => r.contactId),
    (id) => `${id}@${domain}`,
  );
  await insertActiveRuns(orm, s.organizationId, runs);
  return runs;
}
