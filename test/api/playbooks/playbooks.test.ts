// Playbooks on the real stack, runs end to end: events (inserted PENDING) drained by the stack's
// own event-resolution workflow (woken with drainNow), immediate to-dos, enrollments within
// seconds, approval through execute and through complete, rejection, deletion. CRUD and
// validation: crud.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { until } from '../../helpers/sequence-fixtures.ts';
import { playbooksFixture } from './fixtures.ts';

describe('playbooks API: runs', function () {
  this.timeout(120_000);
  const fx = playbooksFixture();
  const { create, paths, runs, resolvedEvent } = fx;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let templateId: string;
  before(() => ({ api, org, templateId } = fx));

  describe('runs', () => {
    it('when an event resolves to a contact, then each ACTIVE playbook of its name runs once: the to-do at once, the enrollment within seconds; PAUSED ones and other names do not', async () => {
      const name = `signup-${randomUUID().slice(0, 8)}`;
      const todo = (
        await create({
          name: 'Welcome call',
          event_name: name,
          action: { type: 'CREATE_TASK', title: 'Welcome call', priority: 'HOT', due_in_days: 1 },
        })
      ).body;
      const enroll = (
        await create({
          name: 'Nurture',
          event_name: name,
          action: { type: 'ENROLL_IN_SEQUENCE', sequence_template_id: templateId },
        })
      ).body;
      const paused = (
        await create({
          name: 'Paused',
          event_name: name,
          status: 'PAUSED',
          action: { type: 'CREATE_TASK', title: 'never' },
        })
      ).body;
      const other = (
        await create({ name: 'Other', event_name: `${name}-other`, action: { type: 'CREATE_TASK', title: 'never' } })
      ).body;
      const { contactId, eventId } = await resolvedEvent(name);

      const [todoRun] = await runs(todo.id);
      assert.deepEqual(
        [todoRun.status, todoRun.outcome, todoRun.contact_id, todoRun.event_id, todoRun.approval_task_id],
        ['COMPLETED', 'TASK_CREATED', contactId, eventId, null],
      );
      const task = (await api.get(`/v1/tasks/${todoRun.created_task_id}`, { key: org.apiKey })).body;
      assert.deepEqual(
        [task.type, task.status, task.title, task.priority, task.contact_id, task.assignee_user_id],
        ['TODO', 'PENDING', 'Welcome call', 'HOT', contactId, org.userId],
      );
      const announced: Record<string, unknown>[] = (
        await api.get('/v1/activities?types=task.created&size=100', { key: org.apiKey })
      ).body.items
        .map((a: { payload: Record<string, unknown> }) => a.payload)
        .filter((p: Record<string, unknown>) => p.taskId === task.id);
      assert.deepEqual(
        announced.map((p) => [p.sequenceId, p.contactId, (p.task as { title: string }).title]),
        [[null, contactId, 'Welcome call']],
        "the playbook's to-do announces itself",
      );

      await until(async () => (await runs(enroll.id))[0]?.status === 'COMPLETED');
      const [enrollRun] = await runs(enroll.id);
      assert.deepEqual([enrollRun.outcome, enrollRun.error], ['ENROLLED', null]);
      const sequence = (await api.get(`/v1/sequences/${enrollRun.sequence_id}`, { key: org.apiKey })).body;
      assert.deepEqual(
        [sequence.contact_id, sequence.sequence_template_id, sequence.status],
        [contactId, templateId, 'ACTIVE'],
      );
      assert.deepEqual([(await runs(paused.id)).length, (await runs(other.id)).length], [0, 0]);

      // The same contact again, with the template already running: one more run, recorded as ALREADY_ENROLLED.
      const email = (await api.get(`/v1/contacts/${contactId}`, { key: org.apiKey })).body.email;
      await resolvedEvent(name, { email });
      await until(async () => (await runs(enroll.id, '?status=COMPLETED')).length === 2);
      const again = (await runs(enroll.id)).find((r) => r.event_id !== eventId)!;
      assert.deepEqual([again.outcome, again.sequence_id], ['ALREADY_ENROLLED', enrollRun.sequence_id]);
    });

    it('when an event resolves to an account only or stays UNRESOLVED, then no playbook runs', async () => {
      const name = `account-${randomUUID().slice(0, 8)}`;
      const playbook = (await create({ name: 'x', event_name: name, action: { type: 'CREATE_TASK', title: 'x' } }))
        .body;
      await resolvedEvent(name, { company_domain: 'acme.test' });
      await resolvedEvent(name, { email: 'ghost@nowhere-at-all.test' });
      assert.equal((await runs(playbook.id)).length, 0);
    });

    it('when approval is required, then a PLAYBOOK_APPROVAL task waits; execute approved true creates the to-do, and executing again is 409', async () => {
      const name = `approve-${randomUUID().slice(0, 8)}`;
      const playbook = (
        await create({
          name: 'Approve me',
          event_name: name,
          requires_approval: true,
          action: { type: 'CREATE_TASK', title: 'Approved call' },
        })
      ).body;
      const { contactId } = await resolvedEvent(name);
      const [run] = await runs(playbook.id);
      assert.deepEqual([run.status, run.created_task_id], ['AWAITING_APPROVAL', null]);
      const approval = (await api.get(`/v1/tasks/${run.approval_task_id}`, { key: org.apiKey })).body;
      assert.deepEqual(
        [approval.type, approval.status, approval.contact_id, approval.title],
        ['PLAYBOOK_APPROVAL', 'PENDING', contactId, 'Approve playbook "Approve me"'],
      );
      const listed = await api.get(`/v1/tasks?types=PLAYBOOK_APPROVAL&contact_id=${contactId}`, { key: org.apiKey });
      assert.equal(listed.body.total_count, 1);

      const wrong = await api.post(`/v1/tasks/${approval.id}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'new_lead_review', approved: true } },
      });
      assert.deepEqual([wrong.status, paths(wrong)], [422, ['payload.type']]);
      const executed = await api.post(`/v1/tasks/${approval.id}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'playbook_approval', approved: true } },
      });
      assert.equal(executed.status, 200, executed.text);
      assert.deepEqual(
        [executed.body.task.status, executed.body.task.completion_source],
        ['COMPLETED', 'TASK_EXECUTION'],
      );
      const [done] = await runs(playbook.id);
      assert.deepEqual([done.status, done.outcome], ['COMPLETED', 'TASK_CREATED']);
      assert.ok(done.decided_at);
      const todo = (await api.get(`/v1/tasks/${done.created_task_id}`, { key: org.apiKey })).body;
      assert.deepEqual([todo.type, todo.title, todo.contact_id], ['TODO', 'Approved call', contactId]);
      const again = await api.post(`/v1/tasks/${approval.id}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'playbook_approval', approved: true } },
      });
      assert.equal(again.status, 409);
      const reopened = await api.post(`/v1/tasks/${approval.id}/reopen`, { key: org.apiKey });
      assert.equal(reopened.status, 200);
      const decided = await api.post(`/v1/tasks/${approval.id}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'playbook_approval', approved: true } },
      });
      assert.deepEqual(
        [decided.status, decided.body.data.playbook_run_status],
        [409, 'COMPLETED'],
        'a decided run is not carried out twice',
      );
    });

    it('when an approval task is completed with PLAYBOOK_RESOLUTION, then the enrollment is carried out (any source approves: test/api/tasks/completion.test.ts)', async () => {
      const name = `complete-${randomUUID().slice(0, 8)}`;
      const playbook = (
        await create({
          name: 'Enroll on approval',
          event_name: name,
          requires_approval: true,
          action: { type: 'ENROLL_IN_SEQUENCE', sequence_template_id: templateId },
        })
      ).body;
      const { contactId } = await resolvedEvent(name);
      const [run] = await runs(playbook.id);
      const completed = await api.post(`/v1/tasks/${run.approval_task_id}/complete`, {
        key: org.apiKey,
        body: { completion_source: 'PLAYBOOK_RESOLUTION' },
      });
      assert.deepEqual(
        [completed.status, completed.body.status, completed.body.completion_source],
        [200, 'COMPLETED', 'PLAYBOOK_RESOLUTION'],
      );
      await until(async () => (await runs(playbook.id))[0].status === 'COMPLETED');
      const [done] = await runs(playbook.id);
      assert.equal(done.outcome, 'ENROLLED');
      const sequence = (await api.get(`/v1/sequences/${done.sequence_id}`, { key: org.apiKey })).body;
      assert.deepEqual([sequence.contact_id, sequence.status], [contactId, 'ACTIVE']);
    });

    it('when approval is refused (execute approved false, or skip), then the run is REJECTED and nothing is created', async () => {
      const name = `reject-${randomUUID().slice(0, 8)}`;
      const playbook = (
        await create({
          name: 'Reject me',
          event_name: name,
          requires_approval: true,
          action: { type: 'CREATE_TASK', title: 'Should not exist' },
        })
      ).body;
      await resolvedEvent(name);
      await resolvedEvent(name);
      const [first, second] = await runs(playbook.id);
      const refused = await api.post(`/v1/tasks/${first.approval_task_id}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'playbook_approval', approved: false } },
      });
      assert.deepEqual([refused.status, refused.body.task.status], [200, 'COMPLETED']);
      const skipped = await api.post(`/v1/tasks/${second.approval_task_id}/skip`, { key: org.apiKey });
      assert.deepEqual([skipped.status, skipped.body.status], [200, 'SKIPPED']);
      const after = await runs(playbook.id, '?status=REJECTED');
      assert.deepEqual(
        after.map((r) => [r.outcome, r.created_task_id]),
        [
          [null, null],
          [null, null],
        ],
      );
      assert.ok(after.every((r) => r.decided_at));
    });

    it('when a playbook with a waiting approval is deleted, then its approval task is SKIPPED and the runs go with it', async () => {
      const name = `delete-${randomUUID().slice(0, 8)}`;
      const playbook = (
        await create({
          name: 'Doomed',
          event_name: name,
          requires_approval: true,
          action: { type: 'CREATE_TASK', title: 'x' },
        })
      ).body;
      await resolvedEvent(name);
      const [run] = await runs(playbook.id);
      assert.equal((await api.delete(`/v1/playbooks/${playbook.id}`, { key: org.apiKey })).status, 204);
      assert.equal((await api.get(`/v1/tasks/${run.approval_task_id}`, { key: org.apiKey })).body.status, 'SKIPPED');
      assert.equal((await api.get(`/v1/playbooks/${playbook.id}/runs`, { key: org.apiKey })).status, 404);
    });
  });
});
