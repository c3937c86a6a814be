// The state an operation's example needs, for the operations that would otherwise act on a record
// another example still needs, or need it in another state (a paused run to resume, a completed
// to-do to reopen): each makes fresh records and answers which placeholders point at them for
// that one request. Every other operation's example is sent against the shared records of world.ts.
import { randomUUID } from 'node:crypto';
import { EXAMPLE_IDS as ID, EXAMPLE_TOKENS } from '../../../api/examples/ids.ts';
import { signId } from '../../../domain/engagement/signed-token.ts';
import type { World } from './world.ts';

type Overrides = [placeholder: string, real: string][];
type State = (w: World) => Promise<Overrides>;

const idOf = (body: Record<string, unknown>) => String(body.id);
const firstOf = (batch: Record<string, unknown>) =>
  String((batch.items as { resource: { id: string } }[])[0].resource.id);
const fresh =
  (placeholder: string, make: (w: World) => Promise<string>): State =>
  async (w) => [[placeholder, await make(w)]];

const running = (w: World) => w.running('EMAIL');
const pausedSequence = async (w: World) => {
  const { sequenceId } = await running(w);
  await w.created(`/v1/sequences/${sequenceId}/pause`, {});
  return sequenceId;
};
const signal = async (w: World) =>
  idOf(
    await w.created('/v1/signals', {
      signal_type: 'NEW_JOB',
      name: `New CTOs ${randomUUID()}`,
      search_filters: { job_title_or: ['CTO'] },
    }),
  );
const signalIn = (action: 'pause' | 'archive') => async (w: World) => {
  const id = await signal(w);
  await w.created(`/v1/signals/${id}/${action}`, undefined);
  return id;
};
const completedTodo = async (w: World) => {
  const id = await w.todo();
  await w.created(`/v1/tasks/${id}/complete`, {});
  return id;
};
const contactList = async (w: World) =>
  firstOf(await w.created('/v1/contact-lists', { items: [{ name: `Leads ${randomUUID()}` }] }));
const accountList = async (w: World) =>
  firstOf(await w.created('/v1/account-lists', { items: [{ name: `Targets ${randomUUID()}` }] }));

export const STATES: Record<string, State> = {
  eraseContact: fresh(ID.contact, (w) => w.contact()),
  requestContactErasure: fresh(ID.contact, (w) => w.contact()),
  getErasureJob: fresh(ID.erasureJob, async (w) =>
    idOf((await w.call('POST', `/v1/contacts/${await w.contact()}/erase`)).body),
  ),
  enrollContact: fresh(ID.contact, (w) => w.contact()),
  unenrollContacts: fresh(ID.contact, async (w) => (await running(w)).contactId),
  deleteContactVariable: async (w) => {
    await w.call('PATCH', `/v1/contacts/${w.ids.get(ID.contact)}/variables`, {
      contact_variables: { pain_point: 'reporting' },
    });
    return [];
  },
  deleteAccountVariable: async (w) => {
    await w.call('PATCH', `/v1/accounts/${w.ids.get(ID.account)}/variables`, {
      variables: { tech_stack: 'PostgreSQL' },
    });
    return [];
  },
  updateSequenceTemplate: fresh(ID.sequenceTemplate, async (w) =>
    idOf(await w.created('/v1/sequence-templates', { name: 'Draft' })),
  ),
  pauseSequence: fresh(ID.sequence, async (w) => (await running(w)).sequenceId),
  resumeSequence: fresh(ID.sequence, pausedSequence),
  stopSequence: fresh(ID.sequence, async (w) => (await running(w)).sequenceId),
  unsubscribe: async (w) => [
    [EXAMPLE_TOKENS.unsubscribe, signId(w.stack.config.webhookSecretKey, 'unsubscribe', (await running(w)).sequenceId)],
  ],
  startTask: fresh(ID.task, (w) => w.todo()),
  skipTask: fresh(ID.task, (w) => w.todo()),
  snoozeTask: fresh(ID.task, (w) => w.todo()),
  reopenTask: fresh(ID.task, completedTodo),
  completeTask: fresh(ID.callTask, async (w) => (await w.running('CALL')).taskId!),
  executeTask: fresh(ID.callTask, async (w) => (await w.running('CALL')).taskId!),
  deleteWebhook: fresh(ID.webhook, async (w) =>
    idOf(await w.created('/v1/webhooks', { name: 'Old', url: w.receiver.url, event_types: ['message.sent'] })),
  ),
  deleteContactExclusion: fresh(ID.contactExclusion, async (w) =>
    idOf(await w.created('/v1/contact-exclusions', { email: `gone-${randomUUID()}@example.net`, reason: 'OTHER' })),
  ),
  deleteAccountExclusion: fresh(ID.accountExclusion, async (w) =>
    idOf(
      await w.created('/v1/account-exclusions', {
        domain: `gone-${randomUUID().slice(0, 8)}.example`,
        reason: 'OTHER',
      }),
    ),
  ),
  deleteContactList: fresh(ID.contactList, contactList),
  deleteAccountList: fresh(ID.accountList, accountList),
  deleteContactEntry: fresh(ID.contactEntry, async (w) =>
    firstOf(
      await w.created('/v1/contact-entries', {
        items: [{ contact_list_id: await contactList(w), email: 'ada@example.com' }],
      }),
    ),
  ),
  deleteAccountEntry: fresh(ID.accountEntry, async (w) =>
    firstOf(
      await w.created('/v1/account-entries', {
        items: [{ account_list_id: await accountList(w), name: 'Analytical Engines', domain: 'example.com' }],
      }),
    ),
  ),
  deletePlaybook: fresh(ID.playbook, async (w) =>
    idOf(
      await w.created('/v1/playbooks', {
        name: 'Old',
        event_name: 'webinar_attended',
        action: { type: 'CREATE_TASK', title: 'Follow up' },
      }),
    ),
  ),
  pauseSignal: fresh(ID.signal, signal),
  archiveSignal: fresh(ID.signal, signal),
  resumeSignal: fresh(ID.signal, signalIn('pause')),
  unarchiveSignal: fresh(ID.signal, signalIn('archive')),
  testHelperReply: fresh(ID.message, async (w) => (await running(w)).messageId!),
  testHelperBounce: fresh(ID.message, async (w) => (await running(w)).messageId!),
  testHelperMeeting: fresh(ID.contact, async (w) => (await running(w)).contactId),
  testHelperLinkedinAccept: fresh(ID.contact, async (w) => (await w.running('LINKEDIN_INVITATION')).contactId),
};
