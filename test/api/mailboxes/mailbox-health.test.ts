// A sender's mailbox health as an operator runs it (the admin CLI, a child process on the stack's
// database) and as GET /v1/users shows it: the warm-up ramp and today's effective daily limit; the
// reputation pause after a hard-bounce rate over the threshold or a spam complaint, the run it holds
// (not failed, not dropped) and the operator's resume that lets it send.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { recordInboxMessage } from '../../../domain/mailboxes/inbox-record.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { sequenceStatusQuery, sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import { getGreenMail } from '../../helpers/greenmail.ts';
import { arfComplaint } from '../../helpers/inbox-samples.ts';
import { insertMailbox } from '../../helpers/mailboxes.ts';
import {
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  sequenceRow,
  startSequenceWorkflow,
  until,
  type StepSpec,
} from '../../helpers/sequence-fixtures.ts';
import { senderSending } from '../../helpers/sender-sending.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { DAY_MS, utcDate } from '../../../domain/shared/time.ts';

describe('mailbox health', function () {
  this.timeout(180_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Mailbox health');
  });

  const { cli, newUser, shownSending } = senderSending(() => ({ stack, api, org }));
  const db = () => stack.orm.em.fork().getKysely();

  describe('admin CLI: mailbox ramp', () => {
    it("when a ramp is set, then the CLI and GET /v1/users show it with today's effective limit; --off removes it", async () => {
      const user = newUser('ramp@example.com');
      const twoDaysAgo = utcDate(new Date(Date.now() - 2 * DAY_MS));
      const set = cli().json(
        'mailbox',
        'ramp',
        '--user',
        user.id,
        '--start',
        '10',
        '--increase',
        '5',
        '--target',
        '50',
        '--started-on',
        twoDaysAgo,
      );
      const expected = {
        daily_send_limit: 200,
        ramp: { start: 10, increase: 5, target: 50, started_on: twoDaysAgo, day: 2 },
        effective_daily_limit: 20,
        pacing: null,
        reputation_paused_at: null,
        reputation_pause_reason: null,
      };
      assert.deepEqual(set, { user_id: user.id, ...expected });
      assert.deepEqual(await shownSending(user.id), expected);

      cli().json('user', 'sender', '--id', user.id, '--daily-send-limit', '15');
      assert.equal((await shownSending(user.id)).effective_daily_limit, 15, 'the daily send limit stays the ceiling');

      const today = cli().json(
        'mailbox',
        'ramp',
        '--user',
        user.id,
        '--start',
        '3',
        '--increase',
        '1',
        '--target',
        '9',
      );
      assert.deepEqual(
        [today.ramp.started_on, today.ramp.day, today.effective_daily_limit],
        [utcDate(new Date()), 0, 3],
      );

      const off = cli().json('mailbox', 'ramp', '--user', user.id, '--off');
      const plain = { daily_send_limit: 15, ramp: null, effective_daily_limit: 15, pacing: null };
      const unpaused = { reputation_paused_at: null, reputation_pause_reason: null };
      assert.deepEqual(off, { user_id: user.id, ...plain, ...unpaused });
      assert.deepEqual(await shownSending(user.id), { ...plain, ...unpaused });
    });

    it('when the ramp options are wrong, then it exits 1 (a refused value) or 2 (usage) and stores nothing', async () => {
      const user = newUser('bad@example.com');
      const ramp = (...args: string[]) => cli().run('mailbox', 'ramp', '--user', user.id, ...args);
      const refused = [
        ['--start=-1', '--increase', '1', '--target', '5'],
        ['--start', '1.5', '--increase', '1', '--target', '5'],
        ['--start', '10', '--increase', '1', '--target', '5'],
        ['--start', '1', '--increase', '1', '--target', '5', '--started-on', '2031-02-30'],
      ];
      for (const args of refused) {
        const result = ramp(...args);
        assert.equal(result.code, 1, `${args.join(' ')}: ${result.stderr}`);
        assert.match(result.stderr, /^error: --(start|target|started-on): /);
      }
      assert.equal(ramp('--start', '1', '--increase', '1').code, 2, '--target missing');
      assert.equal(ramp('--off', '--start', '1').code, 2);
      assert.equal(cli().run('mailbox', 'ramp', '--user', '00000000-0000-4000-8000-000000000000', '--off').code, 1);
      assert.equal((await shownSending(user.id)).ramp, null);
    });
  });

  describe('reputation pause', () => {
    const waitingFor = async (sequenceId: string) =>
      (await stack.temporal.workflow.getHandle(sequenceWorkflowId(sequenceId)).query(sequenceStatusQuery)).waitingFor;

    const firstEmail: StepSpec = { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' };
    /** A run sent by `senderId` (one email unless `steps` say more), its workflow started on the stack's worker as enrollment would. */
    async function run(senderId: string, steps: StepSpec[] = [firstEmail], email = `p-${randomUUID()}@prospect.test`) {
      const contactId = await insertContact(stack, org.organizationId, { email });
      const templateId = await insertTemplate(stack, org.organizationId, steps, { senderUserId: senderId });
      const sequenceId = await insertSequence(stack, org.organizationId, {
        contactId,
        templateId,
        senderUserId: senderId,
      });
      await startSequenceWorkflow(stack, org.organizationId, sequenceId);
      return sequenceId;
    }
    const sent = async (sequenceId: string) => (await messagesOf(stack, sequenceId))[0]?.id;
    const bounce = async (messageId: string) =>
      assert.equal((await api.post(`/v1/test-helpers/messages/${messageId}/bounce`, { key: org.apiKey })).status, 200);

    it("when 2 of a sender's 20 emails hard-bounce, then the mailbox pauses (BOUNCE_RATE 2/20), a run waits (REPUTATION) without sending or failing, and mailbox resume lets it send", async () => {
      const sender = newUser('rep@sender.test');
      const runs = await Promise.all(Array.from({ length: 20 }, () => run(sender.id)));
      await until(async () => (await Promise.all(runs.map(sent))).every(Boolean), { timeoutMs: 120_000 });
      const messages = await Promise.all(runs.map(sent));

      await bounce(messages[0]);
      assert.equal((await shownSending(sender.id)).reputation_paused_at, null, '1/20 = 5% does not pass 5%');
      await bounce(messages[1]);
      const paused = await shownSending(sender.id);
      assert.equal(paused.reputation_pause_reason, 'BOUNCE_RATE 2/20');
      assert.ok(Date.parse(paused.reputation_paused_at) > 0);

      const held = await run(sender.id);
      await until(async () => (await waitingFor(held)) === 'REPUTATION');
      assert.equal(await sent(held), undefined, 'held: not sent');
      assert.equal((await sequenceRow(stack, held)).status, 'ACTIVE', 'held: not failed, not skipped');
      const { rows: effects } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM outbound_effects WHERE sequence_id = ${held}`.execute(db());
      assert.equal(effects[0].n, 0, 'held before it is recorded or counted');

      const resume = cli().run('mailbox', 'resume', '--user', sender.id, '--json');
      assert.equal(resume.code, 0, resume.stderr);
      assert.match(resume.stderr, /paused since .* for BOUNCE_RATE 2\/20; resumed/);
      const resumed = JSON.parse(resume.stdout);
      assert.deepEqual(
        [resumed.resumed, resumed.was_pause_reason, resumed.woken_sequence_ids.includes(held)],
        [true, 'BOUNCE_RATE 2/20', true],
      );
      await until(async () => (await sent(held)) !== undefined);
      assert.equal((await shownSending(sender.id)).reputation_paused_at, null);

      const again = cli().run('mailbox', 'resume', '--user', sender.id, '--json');
      assert.equal(again.code, 0);
      assert.match(again.stderr, /not paused; nothing changed/);
      assert.equal(JSON.parse(again.stdout).resumed, false);

      // The window starts again at the resume: an older email's bounce and the one since are under the minimum.
      await bounce(messages[2]);
      assert.equal((await shownSending(sender.id)).reputation_paused_at, null);
    });

    it('when a sender has fewer than 20 emails, then even 1 bounce of 2 does not pause', async () => {
      const sender = newUser('few@sender.test');
      const runs = [await run(sender.id), await run(sender.id)];
      await until(async () => (await Promise.all(runs.map(sent))).every(Boolean));
      await bounce((await sent(runs[0]))!);
      assert.equal((await shownSending(sender.id)).reputation_paused_at, null);
    });

    it('when a feedback report (ARF) in an inbox of the organization names an email the sender sent, then the sender pauses (SPAM_COMPLAINT), the recipient is excluded for good and the run fails; one naming no email of ours changes nothing', async () => {
      const sender = newUser('arf@sender.test');
      const prospect = `complains-${randomUUID().split('-')[0]}@prospect.test`;
      const followUp: StepSpec = { type: 'EMAIL', delay_days: 3, subject: 'Again', body: 'Hello again' };
      const sequenceId = await run(sender.id, [firstEmail, followUp], prospect);
      const exclusions = async () =>
        (await api.get(`/v1/contact-exclusions?email=${encodeURIComponent(prospect)}`, { key: org.apiKey })).body.items;
      await until(async () => (await sent(sequenceId)) !== undefined);
      const { rows } = await sql<{ message_id: string }>`
      SELECT request->>'messageId' AS message_id FROM outbound_effects WHERE sequence_id = ${sequenceId}`.execute(db());
      const mailboxId = await insertMailbox(stack, await getGreenMail(), {
        organizationId: org.organizationId,
        userId: org.userId,
        email: `abuse-desk-${randomUUID().split('-')[0]}@sender.test`,
      });
      const deps = { em: stack.orm.em.fork(), workflows: createWorkflowClients(stack.temporal, stack.taskQueue) };
      const mailbox = { id: mailboxId, organizationId: org.organizationId, userId: org.userId };
      const report = (sentMessageId: string, uid: number) =>
        recordInboxMessage(deps, mailbox, {
          uidValidity: '1',
          uid,
          source: Buffer.from(arfComplaint({ mailbox: 'arf@sender.test', prospect: 'p@prospect.test', sentMessageId })),
          receivedAt: new Date(),
        });

      const stranger = await report(`<not-ours-${randomUUID()}@elsewhere.test>`, 1);
      assert.equal(stranger.kind, 'IGNORED');
      assert.equal((await shownSending(sender.id)).reputation_paused_at, null);
      assert.deepEqual(await exclusions(), []);
      assert.equal((await sequenceRow(stack, sequenceId)).status, 'ACTIVE');

      const complaint = await report(rows[0].message_id, 2);
      assert.deepEqual([complaint.kind, complaint.matchedMessageId], ['COMPLAINT', await sent(sequenceId)]);
      assert.equal((await shownSending(sender.id)).reputation_pause_reason, 'SPAM_COMPLAINT');
      const ended = await sequenceRow(stack, sequenceId);
      assert.deepEqual([ended.status, ended.stopped_reason], ['FAILED', 'SPAM_COMPLAINT']);
      await stack.temporal.workflow.getHandle(sequenceWorkflowId(sequenceId)).result();
      assert.equal((await messagesOf(stack, sequenceId)).length, 1, 'the follow-up is never sent');
      const [exclusion] = await exclusions();
      assert.deepEqual(
        [exclusion.reason, exclusion.until, exclusion.message],
        ['UNSUBSCRIBED', null, 'Reported an email as spam (feedback-loop report)'],
      );
      assert.equal(
        (await shownSending(org.userId)).reputation_paused_at,
        null,
        "the inbox's own user is not the sender",
      );
      cli().json('mailbox', 'resume', '--user', sender.id);
      assert.equal((await shownSending(sender.id)).reputation_paused_at, null);
    });
  });
});
