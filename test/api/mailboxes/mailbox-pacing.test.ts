// A sender's pacing as an operator sets it (`admin mailbox pace`, a child process on the stack's
// database) and as the API shows it: the settings on GET /v1/users (no secret, null when none), the
// refused values, and a run's next planned send (`next_send_at` on GET /v1/sequences/{id}) while its
// email waits for its send slot on the stack's worker; a stopped run's slot is given back to the next.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  startSequenceWorkflow,
  until,
} from '../../helpers/sequence-fixtures.ts';
import { senderSending } from '../../helpers/sender-sending.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('mailbox pacing', function () {
  this.timeout(180_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Mailbox pacing');
  });

  const { cli, newUser, shownSending } = senderSending(() => ({ stack, api, org }));
  const db = () => stack.orm.em.fork().getKysely();

  it('when pacing is set, then the CLI and GET /v1/users show it; a later option keeps the others; --default clears it', async () => {
    const user = newUser('pace@example.com');
    assert.equal((await shownSending(user.id)).pacing, null, 'no settings: the transport default');
    const set = cli().json(
      'mailbox',
      'pace',
      '--user',
      user.id,
      '--hourly-limit',
      '20',
      '--min-gap-seconds',
      '90',
      '--max-gap-seconds',
      '240',
    );
    const pacing = { hourly_limit: 20, min_gap_seconds: 90, max_gap_seconds: 240 };
    assert.deepEqual([set.user_id, set.pacing], [user.id, pacing]);
    assert.deepEqual((await shownSending(user.id)).pacing, pacing);

    const hourly = cli().json('mailbox', 'pace', '--user', user.id, '--hourly-limit', '10');
    assert.deepEqual(hourly.pacing, { ...pacing, hourly_limit: 10 });

    const cleared = cli().json('mailbox', 'pace', '--user', user.id, '--default');
    assert.equal(cleared.pacing, null);
    assert.equal((await shownSending(user.id)).pacing, null);
  });

  it('when the pacing options are wrong, then it exits 1 naming the option and stores nothing', async () => {
    const user = newUser('bad-pace@example.com');
    const pace = (...args: string[]) => cli().run('mailbox', 'pace', '--user', user.id, ...args);
    const refused: [string[], RegExp][] = [
      [['--hourly-limit', '0'], /^error: --hourly-limit: /],
      [['--hourly-limit', '1.5'], /^error: --hourly-limit: /],
      [['--min-gap-seconds=-1'], /^error: --min-gap-seconds: /],
      [['--max-gap-seconds', '86401'], /^error: --max-gap-seconds: /],
      [['--min-gap-seconds', '300', '--max-gap-seconds', '60'], /^error: --max-gap-seconds: /],
      [['--default', '--hourly-limit', '5'], /^error: --default/],
      [[], /^error: give --hourly-limit/],
    ];
    for (const [args, message] of refused) {
      const result = pace(...args);
      assert.equal(result.code, 1, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message);
    }
    assert.equal(cli().run('mailbox', 'pace', '--user', '00000000-0000-4000-8000-000000000000', '--default').code, 1);
    assert.equal((await shownSending(user.id)).pacing, null);
  });

  describe('next planned send', () => {
    /** A run of one email sent by `senderId` (no window), its workflow started on the stack's worker. */
    async function run(senderId: string): Promise<string> {
      const contactId = await insertContact(stack, org.organizationId, { email: `n-${randomUUID()}@prospect.test` });
      const templateId = await insertTemplate(
        stack,
        org.organizationId,
        [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' }],
        { senderUserId: senderId },
      );
      const sequenceId = await insertSequence(stack, org.organizationId, {
        contactId,
        templateId,
        senderUserId: senderId,
      });
      await startSequenceWorkflow(stack, org.organizationId, sequenceId);
      return sequenceId;
    }
    const slotOf = async (sequenceId: string) => {
      const { rows } = await sql<{ slot_at: Date }>`
        SELECT slot_at FROM sender_send_slots WHERE sequence_id = ${sequenceId}`.execute(db());
      return rows[0] ? new Date(rows[0].slot_at).toISOString() : null;
    };
    const nextSendAt = async (sequenceId: string) => {
      const response = await api.get(`/v1/sequences/${sequenceId}`, { key: org.apiKey });
      assert.equal(response.status, 200);
      return response.body.next_send_at;
    };

    it("when a paced sender's second email waits for its slot, then GET /v1/sequences/{id} shows it as next_send_at; a stop gives the slot to the next run", async () => {
      const sender = newUser('next@sender.test');
      cli().json('mailbox', 'pace', '--user', sender.id, '--min-gap-seconds', '3600', '--max-gap-seconds', '3600');
      const first = await run(sender.id);
      await until(async () => (await messagesOf(stack, first)).length === 1, { timeoutMs: 60_000 });
      assert.equal(await nextSendAt(first), null, 'sent: nothing planned');

      const second = await run(sender.id);
      await until(async () => (await slotOf(second)) !== null, { timeoutMs: 60_000 });
      const slot = (await slotOf(second))!;
      assert.equal(Date.parse(slot) - Date.parse((await slotOf(first))!), 3_600_000, 'an hour after the first');
      assert.equal(await nextSendAt(second), slot);
      assert.equal((await messagesOf(stack, second)).length, 0, 'waits for its slot');

      const stopped = await api.post(`/v1/sequences/${second}/stop`, {
        key: org.apiKey,
        body: { reason: 'LOSE', scope: 'CONTACT' },
      });
      assert.equal(stopped.status, 200);
      assert.equal(await nextSendAt(second), null, 'a stopped run plans nothing');

      const third = await run(sender.id);
      await until(async () => (await slotOf(third)) !== null, { timeoutMs: 60_000 });
      assert.equal(await slotOf(third), slot, "the stopped run's slot is the next run's");
      assert.equal(await slotOf(second), null);
      assert.equal((await messagesOf(stack, second)).length, 0, 'the stopped run never sent');
    });
  });
});
