// DELETE /v1/contact-entries/{id}.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { DomainError } from '../shared/errors.ts';
import { sourcedRunningSequences } from './lists.service.ts';
import { endRuns } from '../sequences/runs.ts';
import { deliverRunsChanged } from '../workflow-commands/deliver.ts';
import { entryRecord, type ContactEntryRecord } from './contact-entry-record.ts';
import { deleteContactEntryRow, lockContactEntry } from './contact-entries.queries.ts';

/**
 * Rule 5: the running sequence this entry sourced ends STOPPED_EARLY (REMOVED_FROM_SOURCE_LIST), its
 * RUN_CHANGED command recorded with it and delivered after the commit; other runs of the contact stay.
 */
export async function deleteContactEntry(
  em: EntityManager,
  workflows: WorkflowClients,
  organizationId: string,
  id: string,
): Promise<ContactEntryRecord> {
  const { record, stopped } = await em.transactional(async (tx) => {
    if (!(await lockContactEntry(tx, organizationId, id))) throw DomainError.notFound('Contact entry');
    const stopped = await endRuns(
      tx,
      await sourcedRunningSequences(tx, organizationId, { entryId: id }),
      'STOPPED_EARLY',
      'REMOVED_FROM_SOURCE_LIST',
    );
    const record = (await entryRecord(tx, organizationId, id))!;
    await deleteContactEntryRow(tx, id);
    return { record, stopped };
  });
  await deliverRunsChanged(em, { workflows }, stopped);
  return record;
}
