// What the stats suites share: a run's step message recorded as the step that sends records it
// (under the run's lock, with the run's progress), without a workflow or a provider.
import { randomUUID } from 'node:crypto';
import { lockRun, update } from '../../../domain/sequences/runs.ts';
import { insertStepMessage } from '../../../domain/sequences/step-writes.ts';
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
