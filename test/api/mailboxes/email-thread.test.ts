// Threads of a run's emails against a real SMTP and IMAP server (GreenMail): a three-step sequence
// whose later steps continue the thread arrives in the prospect's inbox as one conversation (the same
// subject after "Re: ", each email In-Reply-To the previous one, References the chain), a reply naming
// any email of the thread matches that email of the run, a step with its own subject (thread
// false) starts a new thread, and a continuing step's variants differ by body under the same "Re:".
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { newOrg } from '../../helpers/fixtures.ts';
import { getGreenMail, type RunningGreenMail } from '../../helpers/greenmail.ts';
import { readInbox, readRawInbox } from '../../helpers/imap-inbox.ts';
import { messagesOf, type StepSpec } from '../../helpers/sequence-fixtures.ts';
import { runToProspectInbox } from '../../helpers/mailboxes.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { sentMessageByIds } from '../../../domain/mailboxes/inbox-match.ts';
import { chooseVariant } from '../../../domain/sequences/variants.ts';

describe('email threads of a run', function () {
  this.timeout(120_000);
  let stack: Stack;
  let mail: RunningGreenMail;

  before(async () => {
    [stack, mail] = await Promise.all([getStack(), getGreenMail()]);
  });

  /** Runs `steps` (as run `id` when given) for a prospect with a GreenMail inbox, sent through the owner's GreenMail mailbox; answers the inbox once every step went out. */
  async function run(steps: StepSpec[], id?: string) {
    const org = await newOrg(stack);
    const { prospect, sequenceId } = await runToProspectInbox(stack, mail, org, steps, { id });
    const inbox = await readInbox(mail, prospect.address, prospect.password);
    const raw = await readRawInbox(mail, prospect.address, prospect.password);
    return { org, sequenceId, inbox, raw, messages: await messagesOf(stack, sequenceId) };
  }

  it('when the later steps continue the thread, then the prospect gets one conversation: "Re: <first subject>", In-Reply-To the previous email, References the chain', async () => {
    const { org, inbox, messages } = await run([
      { type: 'EMAIL', delay_days: 0, subject: 'Quick question, {{first_name}}', body: 'Hi {{first_name}}' },
      { type: 'EMAIL', delay_days: 0, thread: true, body: 'Following up' },
      { type: 'EMAIL', delay_days: 0, thread: true, body: 'Last note' },
    ]);
    const [first, second, third] = inbox;
    assert.deepEqual(
      inbox.map((m) => m.subject),
      ['Quick question, Pat', 'Re: Quick question, Pat', 'Re: Quick question, Pat'],
    );
    assert.equal(first.inReplyTo, '');
    assert.deepEqual(first.references, []);
    assert.equal(second.inReplyTo, first.messageId);
    assert.deepEqual(second.references, [first.messageId]);
    assert.equal(third.inReplyTo, second.messageId);
    assert.deepEqual(third.references, [first.messageId, second.messageId]);
    // The stored messages carry the subjects as sent.
    assert.deepEqual(
      messages.map((m) => m.subject),
      inbox.map((m) => m.subject),
    );

    // A reply naming any email of the thread matches that email of the run.
    const bare = (id: string) => id.replace(/^<|>$/g, '');
    const em = stack.orm.em.fork();
    assert.equal(await sentMessageByIds(em, org.organizationId, [bare(first.messageId)]), messages[0].id);
    assert.equal(
      await sentMessageByIds(em, org.organizationId, [bare(third.messageId), ...third.references.map(bare)]),
      messages[2].id,
    );
  });

  it('when a step has its own subject (thread false), then it starts a new thread that the next threaded step continues', async () => {
    const { inbox } = await run([
      { type: 'EMAIL', delay_days: 0, subject: 'First topic', body: 'One' },
      { type: 'EMAIL', delay_days: 0, subject: 'Second topic', body: 'Two' },
      { type: 'EMAIL', delay_days: 0, thread: true, body: 'Three' },
    ]);
    assert.deepEqual(
      inbox.map((m) => m.subject),
      ['First topic', 'Second topic', 'Re: Second topic'],
    );
    assert.equal(inbox[1].inReplyTo, '', 'a step with its own subject answers nothing');
    assert.equal(inbox[2].inReplyTo, inbox[1].messageId);
    assert.deepEqual(inbox[2].references, [inbox[1].messageId]);
  });

  it('when a step that continues the thread has variants, then each run sends its variant\'s body under "Re: <first subject>", In-Reply-To the first email', async () => {
    const steps: StepSpec[] = [
      { type: 'EMAIL', delay_days: 0, subject: 'Quick question, {{first_name}}', body: 'Hi {{first_name}}' },
      { type: 'EMAIL', delay_days: 0, thread: true, body: 'Follow-up A', variants: [{ body: 'Follow-up B' }] },
    ];
    for (const variant of [1, 2]) {
      // A run id that gets this variant at step 2, by the rule of domain/sequences/variants.ts.
      let id = randomUUID();
      while (chooseVariant(id, 2, [1, 1]) !== variant) id = randomUUID();
      const { inbox, raw, messages } = await run(steps, id);
      const [mine, other] = variant === 1 ? ['Follow-up A', 'Follow-up B'] : ['Follow-up B', 'Follow-up A'];
      assert.deepEqual(
        inbox.map((m) => m.subject),
        ['Quick question, Pat', 'Re: Quick question, Pat'],
      );
      assert.equal(inbox[1].inReplyTo, inbox[0].messageId);
      assert.deepEqual(inbox[1].references, [inbox[0].messageId]);
      const reply = raw.find((r) => r.includes(inbox[1].messageId))!;
      assert.ok(reply.includes(mine), `variant ${variant} sends its own body`);
      assert.ok(!reply.includes(other), `variant ${variant} sends no other variant's body`);
      assert.deepEqual([messages[1].subject, messages[1].body], ['Re: Quick question, Pat', mine]);
      const { rows } = await sql<{
        variant: number | null;
      }>`select variant from messages where id = ${messages[1].id}`.execute(stack.orm.em.fork().getKysely());
      assert.equal(rows[0].variant, variant);
    }
  });
});
