// Sequence run activities: the plan, one step (activities/sequence-step.ts: checks at send time,
// render, the message sent exactly once, its row and event), the end of a pause that was to end at a
// time, and the end of a run that completed or failed. Each change of the row and its event commit in
// one transaction under the row lock, so a step and the API's stop or pause never interleave; no
// provider is called under that lock.
import type { WorkflowClients } from '../workflows/clients.ts';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { end, failRun, lockRun, settleWait, toSequenceRecord, update, waitsOnCall } from '../domain/sequences/runs.ts';
import { isRunningStatus } from '../domain/sequences/statuses.ts';
import { isPaused, pauseStateOf, resumeInRow } from '../domain/sequences/pause.ts';
import { truncateText } from '../domain/shared/text.ts';
import { iso } from '../domain/shared/time.ts';
import type { Providers } from '../providers/index.ts';
import { whileHeartbeating } from './heartbeat.ts';
import { mailboxSending } from './mailbox-send.ts';
import { MailboxCredentials } from '../domain/mailboxes/credentials.ts';
import { deliverRunsChanged } from '../domain/workflow-commands/deliver.ts';
import { deliverStep, prepareStep, recordStep, type StepDeps } from './sequence-step.ts';
import type { SequenceRecord } from '../domain/sequences/record.ts';
import type {
  HolidayCalendarInput,
  RunStepInput,
  RunStepResult,
  SequencePlan,
} from '../workflows/sequence.definitions.ts';
import { holidayCalendar } from '../domain/sequences/holidays.ts';
import type { HolidayCalendar } from '../domain/sequences/schedule-window.ts';
import { runWindow } from '../domain/sequences/run-window.ts';
import { serviceBaseUrl } from '../domain/sequences/step-email.ts';

export interface SequenceActivityDeps {
  orm: MikroORM;
  logger: Logger;
  config: Config;
  workflows: WorkflowClients;
  /** Mail and LinkedIn, built once for the worker (activities/index.ts). */
  providers: Pick<Providers, 'mail' | 'linkedin'>;
}

export function createSequenceActivities(deps: SequenceActivityDeps) {
  const { providers } = deps;
  const baseUrl = serviceBaseUrl(deps.config);
  const tx = <T>(work: (em: EntityManager) => Promise<T>) => deps.orm.em.fork().transactional(work);
  const mailboxes = mailboxSending({
    credentials: new MailboxCredentials(deps.config.webhookSecretKey),
    fallback: providers.mail,
    dkimSecretKey: deps.config.webhookSecretKey,
    // A mailbox back to CONNECTED wakes the runs it held now; the outbox drain would otherwise.
    onChange: async (change) => {
      await deliverRunsChanged(
        deps.orm.em.fork(),
        { workflows: deps.workflows, logger: deps.logger },
        change.wokenSequenceIds,
      ).catch((error: unknown) =>
        deps.logger.warn(
          { error: String(error) },
          'waking the runs a mailbox held failed; the outbox drain delivers it',
        ),
      );
    },
  });
  const stepDeps: StepDeps = {
    providers,
    mailboxes,
    baseUrl,
    secret: deps.config.webhookSecretKey,
    warn: (message, fields) => deps.logger.warn(fields, message),
    sharedTransportPaced: deps.config.smtpUrl !== undefined,
  };

  const sequenceRecord = (sequenceId: string) => tx(async (em) => toSequenceRecord(await lockRun(em, sequenceId)));

  return {
    /** The public holidays a skip_holidays run waits out (pure: no database). */
    async holidayCalendar(input: HolidayCalendarInput): Promise<HolidayCalendar> {
      return holidayCalendar(input.country, input.from);
    },

    async loadSequencePlan(input: { sequenceId: string }): Promise<SequencePlan> {
      return tx(async (em) => {
        const row = await lockRun(em, input.sequenceId);
        return {
          status: row.status,
          currentStep: row.current_step,
          steps: row.steps,
          schedule: row.schedule,
          ...runWindow(row),
          ...pauseStateOf(row),
          channels: { email: !!row.email, linkedin: !!row.linkedin_url },
          halted: row.replied_at !== null && isRunningStatus(row.status),
        };
      });
    },

    /** Prepare under the run's lock, deliver with no lock held, record under the lock (activities/sequence-step.ts). */
    runStep(input: RunStepInput): Promise<RunStepResult> {
      const once = async (): Promise<RunStepResult> => {
        const prepared = await tx(async (em) => prepareStep(stepDeps, em, await lockRun(em, input.sequenceId), input));
        if ('outcome' in prepared) return prepared;
        const outcome = await deliverStep(stepDeps, deps.orm.em.fork(), prepared);
        if (outcome.state === 'HELD')
          return {
            outcome: 'MAILBOX',
            taskId: null,
            messageId: null,
            status: (await sequenceRecord(input.sequenceId)).status,
            mailboxId: outcome.mailboxId,
          };
        return tx(async (em) => recordStep(em, await lockRun(em, input.sequenceId), input, prepared, outcome));
      };
      return whileHeartbeating(async () => {
        const first = await once();
        if (first.outcome !== 'MAILBOX' || !first.mailboxId) return first;
        // Held by a failing (ERROR) mailbox: its logins are tried again, and a mailbox that answers sends now.
        const change = await mailboxes.recheck(deps.orm.em.fork(), first.mailboxId);
        return change?.mailbox.status === 'CONNECTED' ? once() : first;
      });
    },

    async taskDone(input: { sequenceId: string; taskId: string }): Promise<void> {
      await tx(async (em) => {
        const row = await lockRun(em, input.sequenceId);
        if (waitsOnCall(row)) await update(em, row, { status: 'ACTIVE' });
        // A reply halted the run during the call: it waits for the team's answer (an open reply task) or for the lead.
        else if (row.replied_at !== null) await settleWait(em, row);
      });
    },

    /** Ends a run whose steps are all done COMPLETED; a run a reply halted is left to its person (`halted`). */
    async completeSequence(input: { sequenceId: string }): Promise<SequenceRecord & { halted?: boolean }> {
      return tx(async (em) => {
        const row = await lockRun(em, input.sequenceId);
        if (isRunningStatus(row.status) && row.replied_at !== null) return { ...toSequenceRecord(row), halted: true };
        return toSequenceRecord(isRunningStatus(row.status) ? await end(em, row, 'COMPLETED', null) : row);
      });
    },

    /**
     * The pause that was to end at `pausedUntil` has come to its end: the row resumes (sequence.resumed,
     * automatic). A row that is not paused (resumed or ended meanwhile), or that was paused again with
     * another time, is answered as it is.
     */
    async resumeSequence(input: { sequenceId: string; pausedUntil: string | null }): Promise<SequenceRecord> {
      return tx(async (em) => {
        const row = await lockRun(em, input.sequenceId);
        if (!isPaused(row) || iso(row.paused_until) !== input.pausedUntil) return toSequenceRecord(row);
        return toSequenceRecord(await resumeInRow(em, row));
      });
    },

    /**
     * A step failed in a way no retry fixes (bad data, a template that does not render) or ran out
     * of retries: the run ends STOPPED_EARLY with stopped_reason ERROR and the reason kept in
     * `error`, with sequence.stopped, so it never waits forever unseen.
     */
    async failSequence(input: { sequenceId: string; error: string }): Promise<SequenceRecord> {
      const record = await tx(async (em) => {
        const row = await lockRun(em, input.sequenceId);
        if (!isRunningStatus(row.status)) return toSequenceRecord(row);
        return toSequenceRecord(await failRun(em, row, truncateText(input.error, 1000)));
      });
      deps.logger.error(
        { sequenceId: input.sequenceId, error: input.error },
        'a sequence run failed and was ended (stopped_reason ERROR)',
      );
      return record;
    },
  };
}

export type SequenceActivities = ReturnType<typeof createSequenceActivities>;
