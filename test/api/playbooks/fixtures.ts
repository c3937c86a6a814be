// Shared setup of the playbook suites (test/api/playbooks/*.test.ts) on the real stack: an
// organization with an ACTIVE email template, create and the paths of a 400/422, a playbook's
// runs, and events for a contact drained by the stack's own event-resolution workflow (woken with
// drainNow).
import { randomUUID } from 'node:crypto';
import { drainNowSignal, eventResolutionWorkflowId } from '../../../workflows/event-resolution.definitions.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import { eventRow, insertEvent } from '../../helpers/ingested-events.ts';
import { insertTemplate, until } from '../../helpers/sequence-fixtures.ts';

export function playbooksFixture() {
  const fx = apiSuiteFixture<{ templateId: string }>();

  before(async () => {
    fx.templateId = await insertTemplate(
      fx.stack,
      fx.org.organizationId,
      [{ type: 'EMAIL', delay_days: 1, subject: 'Hi', body: 'Hello' }],
      { senderUserId: fx.org.userId },
    );
  });

  const create = (body: unknown, key = fx.org.apiKey) => fx.api.post('/v1/playbooks', { key, body });
  const paths = (res: { body: { data?: { errors?: { path: string }[] } } }) =>
    (res.body.data?.errors ?? []).map((e) => e.path).sort();
  const runs = async (playbookId: string, query = '') =>
    (await fx.api.get(`/v1/playbooks/${playbookId}/runs${query}`, { key: fx.org.apiKey })).body.items as Record<
      string,
      string | null
    >[];

  /** A contact of the org (created through the API), an event for it, drained by the stack's workflow. */
  async function resolvedEvent(
    eventName: string,
    subject?: Record<string, string>,
  ): Promise<{ contactId: string | null; eventId: string }> {
    const { stack, api, org } = fx;
    let contactId: string | null = null;
    if (!subject) {
      const email = `pb-${randomUUID().slice(0, 8)}@playbooks-api.test`;
      contactId = (await api.post('/v1/contacts', { key: org.apiKey, body: { email, first_name: 'Pat' } })).body.id;
      subject = { email };
    }
    const eventId = await insertEvent(stack, org.organizationId, { eventName, subject });
    await stack.temporal.workflow.getHandle(eventResolutionWorkflowId(stack.taskQueue)).signal(drainNowSignal);
    await until(async () => (await eventRow(stack, eventId)).resolution_status !== 'PENDING');
    return { contactId, eventId };
  }

  return Object.assign(fx, { create, paths, runs, resolvedEvent });
}
