// The sequences feature's reads of runs as the API answers them (GET /v1/sequences and one by id),
// in typed Kysely; each runs on the `em` it is given.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';
import { SEQUENCE_RECORD_COLUMNS } from './record.ts';
import type { SequenceStatus } from './statuses.ts';

// Read by every GET of a sequence and every enrollment answered through the enrollment workflow: compiled once.
const selectSequence = statement((db, organizationId: string, id: string) =>
  db
    .selectFrom('sequences')
    .select(SEQUENCE_RECORD_COLUMNS)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId),
);

/** The run's row (its record's columns), or undefined. */
export async function sequenceRecordRow(em: EntityManager, organizationId: string, id: string) {
  return (await selectSequence(em, organizationId, id)).rows[0];
}

export interface SequenceListWhere {
  contact_id?: string;
  sequence_template_id?: string;
  status?: SequenceStatus;
  created_at_before?: string;
  created_at_after?: string;
}

/** A page of the organization's runs matching `where` (AND), and how many match in all. */
export async function sequencePage(
  em: EntityManager,
  organizationId: string,
  where: SequenceListWhere,
  page: { limit: number; offset: number; sortBy: 'created_at' | 'updated_at'; sortOrder: 'asc' | 'desc' },
) {
  const matching = typedKysely(em)
    .selectFrom('sequences')
    .where('organization_id', '=', organizationId)
    .$if(!!where.contact_id, (q) => q.where('contact_id', '=', where.contact_id!))
    .$if(!!where.sequence_template_id, (q) => q.where('sequence_template_id', '=', where.sequence_template_id!))
    .$if(!!where.status, (q) => q.where('status', '=', where.status!))
    .$if(!!where.created_at_before, (q) => q.where('created_at', '<', new Date(where.created_at_before!)))
    .$if(!!where.created_at_after, (q) => q.where('created_at', '>', new Date(where.created_at_after!)));
  const [rows, counted] = await Promise.all([
    matching
      .select(SEQUENCE_RECORD_COLUMNS)
      .orderBy(page.sortBy, page.sortOrder)
      .orderBy('id', page.sortOrder)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}
