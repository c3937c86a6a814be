// The replay history of an erasure job (workflows/erasure.workflow.ts): a contact with a run is
// erased; the job stops the run, finds no send in flight, finds the run's workflow closed (it never
// started here), deletes nothing in the CRM and erases the rows.
import { requestErasure } from '../../domain/erasure/request.ts';
import { erasureWorkflowId } from '../../workflows/erasure.definitions.ts';
import { insertContact, insertSequence, insertTemplate } from '../../test/helpers/sequence-fixtures.ts';
import { until } from '../../test/helpers/poll.ts';
import type { RecordingSession } from './session.ts';

export function erasureRecordings({ stack, env, org, workflows, save, shortId }: RecordingSession) {
  return {
    'erasure-succeeded': async () => {
      const contactId = await insertContact(stack, org.organizationId, {
        email: `erased-${shortId()}@example.com`,
        firstName: 'Ada',
      });
      const templateId = await insertTemplate(stack, org.organizationId, [
        { type: 'EMAIL', delay_days: 1, subject: 'Hello', body: 'Hello' },
      ]);
      await insertSequence(stack, org.organizationId, { contactId, templateId });
      const { job } = await requestErasure(stack.orm.em.fork(), { workflows }, org.organizationId, { contactId });
      const handle = env.client.workflow.getHandle(erasureWorkflowId(job.id));
      await until(async () => (await handle.describe().catch(() => null))?.status.name === 'COMPLETED', 60_000);
      await save('erasure-succeeded', handle);
    },
  };
}
