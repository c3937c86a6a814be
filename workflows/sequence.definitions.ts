// The sequence workflow (one per sequence): its derived id, input, the plan and step shapes its
// activities exchange, the pauseState Update, the runChanged and CALL-task Signals and the status query.
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { PauseState } from '../domain/sequences/pause-state.ts';

export const SEQUENCE_WORKFLOW = 'sequenceWorkflow';

export function sequenceWorkflowId(sequenceId: string): string {
  return `sequence/${sequenceId}`;
}

export interface SequenceInput {
  sequenceId: string;
  organizationId: string;
}

export type { SequenceRecord } from '../domain/sequences/record.ts';

/** A template step and sending window as stored (db/entities/sequence-template.entity.ts), repeated here for workflow code. */
export interface TemplateStep {
  type: 'EMAIL' | 'LINKEDIN_INVITATION' | 'LINKEDIN_MESSAGE' | 'CALL';
  delay_days: number;
  subject?: string | null;
  body: string;
}

export interface SendingSchedule {
  days: ('MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT' | 'SUN')[];
  start_hour: number;
  end_hour: number;
}

export interface SequencePlan {
  status: string;
  /** Steps started so far; the run resumes at step currentStep + 1. */
  currentStep: number;
  steps: TemplateStep[];
  schedule: SendingSchedule | null;
  /** The zone of the window: the template's, or the prospect's for a PROSPECT window (domain/sequences/run-window.ts). */
  timezone: string;
  /** skip_holidays: whose public holidays a due step waits out; null or absent: none. */
  holidayCountry?: string | null;
  /** Set when the row is paused (status_before_pause present). */
  paused: boolean;
  pausedUntil: string | null;
  channels: { email: boolean; linkedin: boolean };
  /** A reply halted automatic steps: the run waits for a person (or its end). */
  halted: boolean;
  /** The row's revision this plan was read at. */
  revision: number;
}

/** What the holidayCalendar activity is asked: one country's public holidays from a local date on. */
export interface HolidayCalendarInput {
  country: string;
  /** Local date (YYYY-MM-DD) in the window's zone, from workflow time. */
  from: string;
}

export interface RunStepInput {
  sequenceId: string;
  /** 1-based. */
  stepNumber: number;
  /** Workflow time of the step (ISO): the message's sent_at. */
  at: string;
  /**
   * The step is due while its window is closed: an email of a paced sender reserves its send slot
   * now (SLOT); any other step answers WINDOW and runs when the window opens.
   */
  reserveOnly?: boolean;
}

/**
 * SENT / SKIPPED: go on. TASK: a CALL task was created, wait for taskCompleted. PAUSED: the row is
 * paused, wait for the resume and run the step again. ENDED: the run ended here (excluded, no channel,
 * template archived) or earlier. HELD: the template is not running (INACTIVE, back to PENDING_SETUP):
 * wait for runChanged and try again. HALTED: a reply stopped automatic steps. DEFERRED: the sender's
 * daily send limit is reached: try again at retryAt. MAILBOX: the sender's connected mailbox refuses
 * its login or fails (AUTH_FAILED, ERROR): the email is kept, wait until the mailbox is fixed
 * (runChanged) or a while, and try again. REPUTATION: the sender is paused for their reputation (a
 * bounce rate, a spam complaint): wait as for MAILBOX until an operator resumes them. SLOT: the
 * email is recorded with the send slot its paced sender's mailbox reserved: wait until slotAt and run
 * the step again. WINDOW: (reserveOnly) nothing was reserved: wait for the window and run the step.
 */
export interface RunStepResult {
  outcome:
    | 'SENT'
    | 'SKIPPED'
    | 'TASK'
    | 'PAUSED'
    | 'ENDED'
    | 'HELD'
    | 'HALTED'
    | 'DEFERRED'
    | 'MAILBOX'
    | 'REPUTATION'
    | 'SLOT'
    | 'WINDOW';
  taskId: string | null;
  messageId: string | null;
  status: string;
  /** DEFERRED: when the step may run again (ISO). */
  retryAt?: string | null;
  /** SLOT: when the email's send slot comes (ISO). */
  slotAt?: string | null;
  /** MAILBOX: the sender's mailbox that holds the email. */
  mailboxId?: string | null;
  /** PAUSED: the pause the step found, at the row's revision. */
  pause?: PauseState;
}

/**
 * DELAY: a step's delay; WINDOW: the sending window; TASK: a CALL task; PAUSE: a pause; STEP: a step
 * running; TEMPLATE: the template is not ACTIVE or FINISHING; SEND_LIMIT: the sender's daily limit;
 * PERSON: a reply halted automatic steps, a person takes it from here; MAILBOX: the sender's mailbox
 * must be fixed (its login refused or its server failing) before the email goes out; REPUTATION: the
 * sender's mailbox is paused for its reputation until an operator resumes it; SEND_SLOT: the email
 * waits for the send slot its paced mailbox reserved (nextWakeUp: the slot).
 */
export type WaitingFor =
  | 'DELAY'
  | 'WINDOW'
  | 'TASK'
  | 'PAUSE'
  | 'STEP'
  | 'TEMPLATE'
  | 'SEND_LIMIT'
  | 'PERSON'
  | 'MAILBOX'
  | 'REPUTATION'
  | 'SEND_SLOT'
  | null;

export interface SequenceRunStatus {
  sequenceId: string;
  /** Steps started so far (the row's current_step). */
  currentStep: number;
  stepCount: number;
  waitingFor: WaitingFor;
  /** When the current wait ends by itself (ISO), or null (a task, an open-ended pause, no wait). */
  nextWakeUp: string | null;
  paused: boolean;
  pausedUntil: string | null;
  /** The run reached a final status (the row has it). */
  ended: boolean;
  taskId: string | null;
  /** Why the run ended with stopped_reason ERROR (a step failed for good), else null. */
  error?: string | null;
}

/** The ApplicationFailure type of a refused pauseState Update (a malformed state). */
export const SEQUENCE_INVALID_INPUT = 'SequenceInvalidInput';

/**
 * The API paused or resumed the run in its row (committed, with a RUN_CHANGED command as its durable
 * path): the workflow takes the state unless it knows a newer revision. Answered in the workflow task
 * that accepts it, with no command.
 */
export const pauseStateUpdate = defineUpdate<void, [PauseState]>('pauseState');
/** A CALL task of this run was completed (the tasks API signals it). */
export const taskCompletedSignal = defineSignal<[{ taskId: string }]>('taskCompleted');
export const sequenceStatusQuery = defineQuery<SequenceRunStatus>('status');
/** The run's row changed outside the workflow (ended, paused, halted, template changed): re-read it at once. */
export const runChangedSignal = defineSignal('runChanged');

/** What sequenceWorkflow is started with (the contract with the sequence workflow). */
export interface SequenceWorkflowInput {
  sequenceId: string;
  organizationId: string;
}
