// What the stats suites share: a run's step message recorded as the step that sends records it
// (under the run's lock, with the run's progress), without a workflow or a provider.
import { randomUUID } from 'node:crypto';
import { recordOpen } from '../../../domain/engagement/opens-clicks.service.ts';
import { recordBounce, recordReply } from '../../../domain/engagement/engagement.service.ts';
import { lockRun, update } from '../../../domain/sequences/runs.ts';
import { insertStepMessage } from '../../../domain/sequences/step-writes.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { insertContact, insertSequence, insertTemplate } from '../../helpers/sequence-fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';

export interface StepSend {
  step: number;
  sentAt: Date;
  /** Default: the run's sender, else its template's. */
  senderId?: string | null;
  variant?: number | null;
  channel?: 'EMAIL' | 'LINKEDIN';
}

/** Records the run's message of `send.step` and moves the run to that step; answers the message id. */
export async function recordStepSend(stack: Stack, sequenceId: string, send: StepSend): Promise<string> {
  const id = randomUUID();
  const channel = send.channel ?? 'EMAIL';
  await stack.orm.em.fork().transactional(async (tx) => {
    const row = await lockRun(tx, sequenceId);
    await insertStepMessage(tx, row, {
      id,
      channel,
      kind: 'MESSAGE',
      subject: channel === 'EMAIL' ? 'Hi' : null,
      body: 'Hi',
      step_number: send.step,
      provider_message_id: null,
      sent_at: send.sentAt,
      sender_id: send.senderId !== undefined ? send.senderId : (row.sender_id ?? row.template_sender_id),
      variant: send.variant ?? null,
    });
    await update(tx, row, { current_step: send.step });
  });
  return id;
}

/**
 * A template of two EMAIL steps (the first with two variants) sent by the org's user on 2026-03-02
 * and 03: run 1 got variant 1 and replied INTERESTED; run 2 variant 2 and bounced; run 3 variant 2,
 * opened it and got step 2. What the client examples read (test/api/clients.test.ts).
 */
export async function smallStatsHistory(stack: Stack, org: TestOrg): Promise<string> {
  const o = org.organizationId;
  const day1 = new Date('2026-03-02T10:00:00Z');
  const later = (minutes: number) => new Date(day1.getTime() + minutes * 60_000);
  const templateId = await insertTemplate(
    stack,
    o,
    [
      { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi', variants: [{ subject: 'Hey', body: 'Hey' }] },
      { type: 'EMAIL', delay_days: 1, subject: 'Again', body: 'Again' },
    ],
    { senderUserId: org.userId },
  );
  const deps = () => ({ em: stack.orm.em.fork(), workflows: createWorkflowClients(stack.temporal, stack.taskQueue) });
  const run = async (variant: number) => {
    const contactId = await insertContact(stack, o, { email: `${randomUUID()}@example.com` });
    const id = await insertSequence(stack, o, { contactId, templateId, senderUserId: org.userId });
    return { id, first: await recordStepSend(stack, id, { step: 1, sentAt: day1, variant }) };
  };
  const [one, two, three] = [await run(1), await run(2), await run(2)];
  await recordReply(deps(), o, one.first, { body: 'Sounds great, tell me more' }, later(60));
  await recordBounce(deps(), o, two.first, later(2));
  await recordOpen(deps(), o, three.first, later(30));
  await recordStepSend(stack, three.id, { step: 2, sentAt: later(24 * 60) });
  return templateId;
}
