// Execute: a task run in the service (a reply sent, a call logged, a lead review or a playbook
// approval decided), then completed.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskType } from '../../db/entities/task.entity.ts';
import { DomainError } from '../shared/errors.ts';
import { emitEvent } from '../activity/emit.ts';
import { getMessage, type MessageRecord } from '../engagement/messages.service.ts';
import { decideApproval } from '../playbooks/approval.ts';
import { end, sequenceEvent, settleWait, update, type RunRow } from '../sequences/runs.ts';
import { getSequence, type SequenceRecord } from '../sequences/sequences.service.ts';
import { getTask } from './reads.ts';
import {
  deliverReply,
  prepareReply,
  sentReplyId,
  type PreparedReply,
  type ReplyDeps,
  type ReplyPayload,
} from './replies.ts';
import { OPEN_STATUSES, type Disposition, type TaskRecord } from './task-record.ts';
import {
  change,
  completeIn,
  invalidTransition,
  sequenceToSignal,
  withLockedTask,
  type AfterCommit,
  type TaskDeps,
} from './task-changes.ts';
import { insertMessage, messageStep, type LockedTask } from './tasks.queries.ts';

export type ExecutePayload =
  | ReplyPayload
  | { type: 'call'; phone?: string; disposition?: Disposition }
  | { type: 'new_lead_review'; approved: boolean }
  | { type: 'playbook_approval'; approved: boolean };

/** The task type each payload type serves, and the payload fields it takes. */
export const PAYLOAD_TASK_TYPES: Record<ExecutePayload['type'], { task: TaskType; fields: string[] }> = {
  email_reply: { task: 'EMAIL_REPLY', fields: ['body', 'subject'] },
  linkedin_reply: { task: 'LINKEDIN_REPLY', fields: ['body'] },
  call: { task: 'CALL', fields: ['phone', 'disposition'] },
  new_lead_review: { task: 'NEW_LEAD_REVIEW', fields: ['approved'] },
  playbook_approval: { task: 'PLAYBOOK_APPROVAL', fields: ['approved'] },
};

export interface ExecuteResult {
  task: TaskRecord;
  /** email_reply / linkedin_reply: the reply sent (OUTBOUND, in_reply_to_id the message answered). */
  message: MessageRecord | null;
  /** The task's sequence after the execution (null for a standalone task). */
  sequence: SequenceRecord | null;
}

export interface ExecuteDeps extends TaskDeps, ReplyDeps {
  /** The key's user: the sender of a reply when the run has none. */
  userId: string;
}

/**
 * The run's step a task's reply belongs to: the step of the message it answers, else the run's
 * current step (at least 1); null for a task without a run answering no step's message.
 */
async function replyStep(tx: EntityManager, task: LockedTask, run: RunRow | null): Promise<number | null> {
  const step = task.message_id ? await messageStep(tx, task.message_id) : undefined;
  return step ?? (run ? Math.max(1, run.current_step) : null);
}

/** Stores the sent reply OUTBOUND in the thread, emits message.sent, completes the task; the run waits for the lead. */
async function recordReply(
  tx: EntityManager,
  organizationId: string,
  task: LockedTask,
  run: RunRow | null,
  reply: PreparedReply,
  providerMessageId: string,
): Promise<AfterCommit & { messageId: string }> {
  const messageId = randomUUID();
  const at = new Date();
  const stepNumber = await replyStep(tx, task, run);
  await insertMessage(tx, {
    id: messageId,
    organization_id: organizationId,
    contact_id: reply.contactId,
    sequence_id: run?.id ?? null,
    channel: reply.channel,
    direction: 'OUTBOUND',
    kind: 'MESSAGE',
    subject: reply.subject,
    body: reply.body,
    step_number: stepNumber,
    provider_message_id: providerMessageId,
    in_reply_to_id: task.message_id,
    sent_at: at,
    created_at: at,
  });
  // The team answered: the contact's turn (WAITING_FOR_LEAD), unless another CALL or reply task of the run is still open; a pause stays.
  const waiting = run ? await settleWait(tx, run, task.id) : null;
  if (waiting) {
    const message = {
      id: messageId,
      subject: reply.subject,
      body: reply.body,
      channel: reply.channel,
      direction: 'OUTBOUND',
      sent_at: at.toISOString(),
      step_number: stepNumber,
    };
    await emitEvent(
      tx,
      sequenceEvent(waiting, 'message.sent', {
        resourceType: 'MESSAGE',
        channel: reply.channel,
        messageId,
        taskId: task.id,
        embeds: { message },
        fields: { in_reply_to_message_id: task.message_id },
      }),
    );
  }
  await completeIn(tx, organizationId, task, waiting, 'TASK_EXECUTION');
  return { messageId, notifySequence: waiting && waiting !== run ? waiting.id : undefined };
}

/**
 * A reply is sent before the task's transaction: recorded as an effect under the task's lock, sent
 * with no lock held, then stored by the completion. Answers what that completion stores.
 */
async function sendReply(
  deps: ExecuteDeps,
  organizationId: string,
  id: string,
  payload: ReplyPayload,
): Promise<{ reply: PreparedReply; providerMessageId: string }> {
  const reply = await withLockedTask(deps.em, organizationId, id, async (tx, task, run) => {
    if (!OPEN_STATUSES.includes(task.status)) throw invalidTransition(task, 'executed', OPEN_STATUSES);
    return prepareReply(tx, { organizationId, userId: deps.userId, task, run, payload });
  });
  const outcome = await deliverReply(deps.em.fork(), deps, reply);
  return { reply, providerMessageId: await sentReplyId(deps.em.fork(), reply, outcome) };
}

/**
 * Runs the task in the service. Checks, in order: 404; the payload fits the task type (422 naming
 * both); the task is open (409); playbook_approval: its run still awaits approval (409).
 */
export async function executeTask(
  deps: ExecuteDeps,
  organizationId: string,
  id: string,
  payload: ExecutePayload,
): Promise<ExecuteResult> {
  const current = await getTask(deps.em, organizationId, id);
  const spec = PAYLOAD_TASK_TYPES[payload.type];
  const extra = Object.keys(payload).filter((k) => k !== 'type' && !spec.fields.includes(k));
  if (extra.length > 0) {
    throw DomainError.invalidFields(
      `payload: ${extra.join(', ')} not a field of ${payload.type}`,
      extra.map((k) => ({ path: `payload.${k}`, message: `is not a field of ${payload.type}` })),
    );
  }
  if (spec.task !== current.type) {
    throw DomainError.invalid(
      'payload.type',
      `${payload.type} does not fit a ${current.type} task (it serves ${spec.task} tasks)`,
      422,
    );
  }
  let messageId: string | null = null;
  const sent =
    payload.type === 'email_reply' || payload.type === 'linkedin_reply'
      ? await sendReply(deps, organizationId, id, payload)
      : null;
  await change(deps, organizationId, id, async (tx, task, run) => {
    if (!OPEN_STATUSES.includes(task.status)) throw invalidTransition(task, 'executed', OPEN_STATUSES);
    switch (payload.type) {
      case 'email_reply':
      case 'linkedin_reply': {
        const done = await recordReply(tx, organizationId, task, run, sent!.reply, sent!.providerMessageId);
        messageId = done.messageId;
        return done;
      }
      case 'call': {
        const extra = {
          disposition: payload.disposition ?? null,
          ...(payload.phone !== undefined && { phone: payload.phone }),
        };
        await completeIn(tx, organizationId, task, run, 'TASK_EXECUTION', extra);
        return { signalSequence: sequenceToSignal(task, run) };
      }
      case 'new_lead_review': {
        if (!run) throw DomainError.business('This lead review has no sequence to start or refuse.');
        if (run.status !== 'FOUND') {
          throw DomainError.conflict(`The sequence is ${run.status}; only a FOUND sequence awaits a lead review.`, {
            sequence_status: run.status,
          });
        }
        let after: AfterCommit = {};
        let decided: RunRow;
        if (payload.approved) {
          decided = await update(tx, run, { status: 'ACTIVE' });
          after = {
            startSequence: {
              sequenceId: run.id,
              contactId: run.contact_id,
              sequenceTemplateId: run.sequence_template_id,
            },
          };
        } else {
          decided = await end(tx, run, 'REFUSED', 'LEAD_REJECTED');
        }
        await completeIn(tx, organizationId, task, decided, 'TASK_EXECUTION');
        return after;
      }
      case 'playbook_approval': {
        const decided = await decideApproval(tx, organizationId, task.id, payload.approved);
        await completeIn(tx, organizationId, task, run, 'TASK_EXECUTION');
        return { pokePlaybooks: decided.poke };
      }
      default:
        throw DomainError.business(`Unknown payload type.`);
    }
  });
  const task = await getTask(deps.em, organizationId, id);
  const message = messageId ? await getMessage(deps.em, organizationId, messageId) : null;
  const sequence = task.sequence_id ? await getSequence(deps.em, organizationId, task.sequence_id) : null;
  return { task, message, sequence };
}
