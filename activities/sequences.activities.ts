// Sequence run activities (issue 5 items 4-5): the plan, one step (exclusion check at send time,
// render, send, message row, event), and the controls' writes. Each change of the row and its event
// commit in one transaction under a row lock, so a step and a stop or pause never interleave.
import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { emitEvent } from '../domain/events.ts';
import { contactExclusionFor } from '../domain/exclusions.service.ts';
import { RUNNING, TERMINAL, end, endRunDirectly, iso, lockRun, sequenceEvent, toSequenceRecord, update, type RunRow } from '../domain/sequence-runs.ts';
import { derivedUuid, trackedEmail } from '../domain/tracking.ts';
import { unsubscribeToken } from '../domain/unsubscribe-token.ts';
import { renderTemplate, templateVariables } from '../domain/render.ts';
import { createProviders, type Providers } from '../providers/index.ts';
import { unsubscribeHeaders } from '../providers/mail/index.ts';
import {
  sequenceWorkflowId, stopUpdate,
  type RunStepInput, type RunStepResult, type SequencePlan, type SequenceRecord, type StopInput,
} from '../workflows/sequence.definitions.ts';

export interface SequenceActivityDeps {
  orm: MikroORM;
  logger: Logger;
  config: Config;
  temporal: Client;
  /** Mail and LinkedIn; built from the ORM and config when absent. */
  providers?: Pick<Providers, 'mail' | 'linkedin'>;
}

/** The validators refused Updates on ended runs; a row that ended meanwhile (or a retry after the commit) is answered as it is. */
const ended = (row: RunRow) => TERMINAL.includes(row.status);

interface Sender {
  id: string;
  name: string;
  /** The From address: the user's mailbox_email, else their email. */
  email: string;
  daily_send_limit: number;
  removed: boolean;
}

/** Midnight UTC after `at`: when a sender's daily count starts again. */
function nextUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

export function createSequenceActivities(deps: SequenceActivityDeps) {
  const providers = deps.providers ?? createProviders({ orm: deps.orm, config: deps.config });
  const baseUrl = (deps.config.publicBaseUrl ?? `http://127.0.0.1:${deps.config.port}`).replace(/\/+$/, '');
  const tx = <T>(work: (em: EntityManager) => Promise<T>) => deps.orm.em.fork().transactional(work);

  /** `/u/<token>`: the sequence id and an HMAC of it (verified by the public unsubscribe route). */
  function unsubscribeUrl(sequenceId: string): string {
    return `${baseUrl}/u/${unsubscribeToken(deps.config.webhookSecretKey, sequenceId)}`;
  }

  /** The run's sender (its own, else the template's): the From address is the mailbox, else the user's email. */
  async function sender(em: EntityManager, row: RunRow): Promise<Sender | null> {
    const id = row.sender_id ?? row.template_sender_id;
    if (!id) return null;
    const { rows } = await sql<Sender>`
      SELECT id, name, coalesce(mailbox_email, email) AS email, daily_send_limit, removed_at IS NOT NULL AS removed FROM users WHERE id = ${id}`.execute(em.getKysely());
    return rows[0] ?? null;
  }

  /**
   * Counts one email against the sender's limit for the UTC day of `at`; false when the limit is
   * reached. Committed on its own (not in the step's transaction), so concurrent runs of one sender
   * never pass the limit and do not wait for each other's sends; a step that fails after counting
   * leaves its count (the limit errs on the safe side).
   */
  async function countSend(senderId: string, limit: number, at: Date): Promise<boolean> {
    if (limit < 1) return false;
    const { rows } = await sql<{ sent: number }>`
      INSERT INTO sender_daily_sends (user_id, day, sent) VALUES (${senderId}, ${at.toISOString().slice(0, 10)}, 1)
      ON CONFLICT (user_id, day) DO UPDATE SET sent = sender_daily_sends.sent + 1 WHERE sender_daily_sends.sent < ${limit}
      RETURNING sent`.execute(deps.orm.em.fork().getKysely());
    return rows.length === 1;
  }

  async function variablesOf(em: EntityManager, table: 'contact_variables' | 'account_variables', column: 'contact_id' | 'account_id', id: string | null) {
    if (!id) return {};
    const { rows } = await sql<{ key: string; value: string | null }>`SELECT key, value FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${id}`.execute(em.getKysely());
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  /** The variables a step's subject and body render with: loaded once per step. */
  async function stepVariables(em: EntityManager, row: RunRow, from: { name: string; email: string } | null): Promise<ReturnType<typeof templateVariables>> {
    const accountVariables = await variablesOf(em, 'account_variables', 'account_id', row.contact_account_id);
    const contactVariables = await variablesOf(em, 'contact_variables', 'contact_id', row.contact_id);
    return templateVariables({
      contact: {
        first_name: row.first_name, last_name: row.last_name, email: row.email, job_title: row.job_title, company_name: row.company_name ?? row.account_name,
        company_domain: row.account_domain, linkedin_url: row.linkedin_url, phone: row.phone,
      },
      account: row.account_name ? { name: row.account_name, domain: row.account_domain } : null,
      accountVariables,
      contactVariables,
      runVariables: row.variables,
      sender: from,
    });
  }

  async function insertMessage(em: EntityManager, row: RunRow, m: { id: string; channel: 'EMAIL' | 'LINKEDIN'; kind: string; subject: string | null; body: string; stepNumber: number; providerMessageId: string; sentAt: Date }): Promise<string> {
    const id = m.id;
    await sql`
      INSERT INTO messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body, step_number, provider_message_id, sent_at, created_at)
      VALUES (${id}, ${row.organization_id}, ${row.contact_id}, ${row.id}, ${m.channel}, 'OUTBOUND', ${m.kind}, ${m.subject}, ${m.body}, ${m.stepNumber},
              ${m.providerMessageId}, ${m.sentAt}, now())`.execute(em.getKysely());
    return id;
  }

  async function stopOtherRunsOfAccount(row: RunRow, input: StopInput): Promise<void> {
    const accountId = row.contact_account_id ?? row.account_id;
    if (!accountId) return;
    const { rows } = await sql<{ id: string }>`
      SELECT s.id FROM sequences s JOIN contacts c ON c.id = s.contact_id
       WHERE s.organization_id = ${row.organization_id} AND (c.account_id = ${accountId} OR s.account_id = ${accountId})
         AND s.contact_id <> ${row.contact_id} AND s.status IN (${sql.join(RUNNING)})`.execute(deps.orm.em.fork().getKysely());
    for (const other of rows) {
      try {
        await deps.temporal.workflow.getHandle(sequenceWorkflowId(other.id)).executeUpdate(stopUpdate, { args: [{ reason: input.reason, scope: 'CONTACT' }] });
      } catch (error) {
        // No running workflow (or it ended meanwhile): stop the row directly when it is still running.
        deps.logger.warn({ err: error, sequenceId: other.id }, 'stop update failed; stopping the row directly');
        await endRunDirectly(deps.orm.em, other.id, input.reason === 'WIN' ? 'SUCCEEDED' : 'FAILED', null);
      }
    }
  }

  return {
    async loadSequencePlan(input: { sequenceId: string }): Promise<SequencePlan> {
      return tx(async (em) => {
        const row = await lockRun(em, input.sequenceId);
        return {
          status: row.status, currentStep: row.current_step, steps: row.steps, schedule: row.schedule, timezone: row.timezone,
          paused: row.status_before_pause !== null && row.status === 'WAITING_FOR_USER', pausedUntil: iso(row.paused_until),
          channels: { email: !!row.email, linkedin: !!row.linkedin_url },
          halted: row.replied_at !== null && RUNNING.includes(row.status),
        };
      });
    },

    async runStep(input: RunStepInput): Promise<RunStepResult> {
      return tx(async (em) => {
        const row = await lockRun(em, input.sequenceId);
        const result = (outcome: RunStepResult['outcome'], r: RunRow, extra: Partial<RunStepResult> = {}): RunStepResult => ({ outcome, taskId: null, messageId: null, status: r.status, ...extra });
        if (!RUNNING.includes(row.status)) return result('ENDED', row);
        if (row.status_before_pause !== null) return result('PAUSED', row);
        if (row.current_step >= input.stepNumber) return result('SENT', row); // a retry after the commit
        if (row.replied_at !== null) return result('HALTED', row);
        if (row.template_status === 'ARCHIVED') return result('ENDED', await end(em, row, 'STOPPED_EARLY', 'TEMPLATE_STOPPED'));
        if (row.template_status === 'INACTIVE' || row.template_status === 'PENDING_SETUP') return result('HELD', row);
        const at = new Date(input.at);
        const verdict = await contactExclusionFor(em, row.organization_id, row.contact_id, at);
        if (verdict.excluded) return result('ENDED', await end(em, row, 'STOPPED_EARLY', 'EXCLUDED'));

        const step = row.steps[input.stepNumber - 1];
        if (!step) return result('ENDED', row);
        const email = row.email && !['BOUNCED', 'UNDELIVERABLE'].includes(row.email_status) ? row.email : null;
        const missing = (step.type === 'EMAIL' && !email) || ((step.type === 'LINKEDIN_INVITATION' || step.type === 'LINKEDIN_MESSAGE') && !row.linkedin_url);
        const running = row.status === 'WAITING_FOR_USER' ? 'ACTIVE' : row.status; // a CALL wait is over once the next step runs
        const skip = async () => result('SKIPPED', await update(em, row, { current_step: input.stepNumber, status: running }));
        const noChannel = async () => (row.on_missing_channel === 'SKIP_STEP' ? skip() : result('ENDED', await end(em, row, 'STOPPED_EARLY', 'NO_CHANNEL')));
        if (missing) return noChannel();

        const from = await sender(em, row);
        if (from?.removed) return result('ENDED', await end(em, row, 'STOPPED_EARLY', 'SENDER_REMOVED'));
        if (step.type === 'CALL') {
          const taskId = randomUUID();
          const title = await renderTemplate(step.body, await stepVariables(em, row, from));
          await sql`
            INSERT INTO tasks (id, organization_id, type, priority, status, sequence_id, contact_id, assignee_id, step_number, title, notes, due_date, created_at, updated_at)
            VALUES (${taskId}, ${row.organization_id}, 'CALL', 'TODAY', 'PENDING', ${row.id}, ${row.contact_id}, ${row.task_assignee_id ?? from?.id ?? null}, ${input.stepNumber},
                    ${title.slice(0, 200)}, ${title}, ${at.toISOString().slice(0, 10)}, now(), now())`.execute(em.getKysely());
          const updated = await update(em, row, { current_step: input.stepNumber, status: 'WAITING_FOR_USER' });
          await emitEvent(em, sequenceEvent(updated, 'task.created', {
            resourceType: 'TASK', channel: 'MANUAL', taskId,
            embeds: { task: { id: taskId, type: 'CALL', status: 'PENDING', title: title.slice(0, 200), step_number: input.stepNumber } },
            fields: { step_number: input.stepNumber },
          }));
          return result('TASK', updated, { taskId });
        }

        const variables = await stepVariables(em, row, from);
        const body = await renderTemplate(step.body, variables);
        let subject: string | null = null;
        let providerMessageId: string;
        let kind = 'MESSAGE';
        // Derived from the run and step: a retried step sends and stores the same message id (its tracking links stay valid).
        const messageId = derivedUuid(`${row.id}:${input.stepNumber}`);
        if (step.type === 'EMAIL') {
          if (from && !(await countSend(from.id, from.daily_send_limit, at))) {
            return result('DEFERRED', row, { retryAt: nextUtcDay(at).toISOString() });
          }
          subject = await renderTemplate(step.subject ?? '', variables);
          const url = unsubscribeUrl(row.id);
          const domain = (from?.email.split('@')[1] ?? 'outreach.invalid');
          const parts = trackedEmail({ baseUrl, secret: deps.config.webhookSecretKey, messageId, body, unsubscribeUrl: url });
          const sent = await providers.mail.send({
            from: { name: from?.name ?? 'Outreach', email: from?.email ?? `no-reply@${domain}` },
            to: { name: [row.first_name, row.last_name].filter(Boolean).join(' ') || undefined, email: email! },
            subject, text: parts.text, html: parts.html, headers: unsubscribeHeaders(url),
            // Derived from the sequence and step: a retried activity re-sends the same Message-ID, which the transport stores once.
            messageId: `seq-${row.id}-step-${input.stepNumber}@${domain}`,
          });
          if (!sent.accepted) return noChannel();
          providerMessageId = sent.providerMessageId;
        } else {
          const senderUserId = from?.id ?? row.organization_id;
          const sent = step.type === 'LINKEDIN_INVITATION'
            ? await providers.linkedin.sendInvitation({ senderUserId, linkedinUrl: row.linkedin_url!, note: body.slice(0, 300) || null })
            : await providers.linkedin.sendMessage({ senderUserId, linkedinUrl: row.linkedin_url!, body });
          if (!sent.accepted) return noChannel();
          providerMessageId = sent.providerId;
          if (step.type === 'LINKEDIN_INVITATION') kind = 'INVITATION';
        }
        const channel = step.type === 'EMAIL' ? 'EMAIL' : 'LINKEDIN';
        await insertMessage(em, row, { id: messageId, channel, kind, subject, body, stepNumber: input.stepNumber, providerMessageId, sentAt: at });
        const updated = await update(em, row, { current_step: input.stepNumber, status: running });
        const message = { id: messageId, subject, body, channel, direction: 'OUTBOUND', sent_at: at.toISOString(), step_number: input.stepNumber };
        if (kind === 'INVITATION') {
          await emitEvent(em, sequenceEvent(updated, 'invitation.sent', { resourceType: 'INVITATION', channel, messageId, fields: { step_number: input.stepNumber } }));
        } else {
          await emitEvent(em, sequenceEvent(updated, 'message.sent', { resourceType: 'MESSAGE', channel, messageId, embeds: { message }, fields: { step_number: input.stepNumber } }));
        }
        return result('SENT', updated, { messageId });
      });
    },

    async taskDone(input: { sequenceId: string; taskId: string }): Promise<void> {
      await tx(async (em) => {
        const row = await lockRun(em, input.sequenceId);
        if (row.status === 'WAITING_FOR_USER' && row.status_before_pause === null) await update(em, row, { status: 'ACTIVE' });
      });
    },

    /** Ends a run whose steps are all done COMPLETED; a run a reply halted is left to its person (`halted`). */
    async completeSequence(input: { sequenceId: string }): Promise<SequenceRecord & { halted?: boolean }> {
      return tx(async (em) => {
        const row = await lockRun(em, input.sequenceId);
        if (RUNNING.includes(row.status) && row.replied_at !== null) return { ...toSequenceRecord(row), halted: true };
        return toSequenceRecord(RUNNING.includes(row.status) ? await end(em, row, 'COMPLETED', null) : row);
      });
    },

    async pauseSequence(input: { sequenceId: string; pausedUntil: string | null }): Promise<SequenceRecord> {
      return tx(async (em) => {
        const row = await lockRun(em, input.sequenceId);
        if (ended(row)) return toSequenceRecord(row);
        const before = row.status_before_pause ?? row.status;
        const paused = await update(em, row, { status: 'WAITING_FOR_USER', status_before_pause: before, paused_until: input.pausedUntil ? new Date(input.pausedUntil) : null });
        await emitEvent(em, sequenceEvent(paused, 'sequence.paused', { fields: { status: paused.status, paused_until: iso(paused.paused_until) } }));
        return toSequenceRecord(paused);
      });
    },

    /** `automatic`: the paused_until timer fired (a no-op when the row is no longer paused). */
    async resumeSequence(input: { sequenceId: string; automatic?: boolean }): Promise<SequenceRecord> {
      return tx(async (em) => {
        const row = await lockRun(em, input.sequenceId);
        if (input.automatic && (row.status_before_pause === null || TERMINAL.includes(row.status))) return toSequenceRecord(row);
        if (ended(row)) return toSequenceRecord(row);
        const resumed = await update(em, row, { status: row.status_before_pause ?? row.status, status_before_pause: null, paused_until: null });
        await emitEvent(em, sequenceEvent(resumed, 'sequence.resumed', { fields: { status: resumed.status, automatic: !!input.automatic } }));
        return toSequenceRecord(resumed);
      });
    },

    /** WIN: SUCCEEDED, LOSE: FAILED (stopped_reason as given, default null). Scope ACCOUNT then stops the running sequences of the account's other contacts through their workflows' stop Update. */
    async stopSequence(input: { sequenceId: string } & StopInput): Promise<SequenceRecord> {
      const { record, row } = await tx(async (em) => {
        const row = await lockRun(em, input.sequenceId);
        if (ended(row)) return { record: toSequenceRecord(row), row };
        const stopped = await end(em, row, input.reason === 'WIN' ? 'SUCCEEDED' : 'FAILED', input.stopped_reason ?? null);
        return { record: toSequenceRecord(stopped), row: stopped };
      });
      if (input.scope === 'ACCOUNT') await stopOtherRunsOfAccount(row, input);
      return record;
    },

    async setSequenceVariables(input: { sequenceId: string; variables: Record<string, string | null> }): Promise<SequenceRecord> {
      return tx(async (em) => {
        const row = await lockRun(em, input.sequenceId);
        if (ended(row)) return toSequenceRecord(row);
        return toSequenceRecord(await update(em, row, { variables: { ...row.variables, ...input.variables } }));
      });
    },
  };
}

export type SequenceActivities = ReturnType<typeof createSequenceActivities>;
