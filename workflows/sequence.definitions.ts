// The sequence workflow (one per sequence): its derived id, input, the plan and
// step shapes its activities exchange, the control Updates, the CALL-task Signal and the status query.
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { SequenceRecord } from '../domain/sequences/record.ts';
import { codePointLength } from '../domain/shared/text.ts';

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
  timezone: string;
  /** Set when the row is paused (status_before_pause present). */
  paused: boolean;
  pausedUntil: string | null;
  channels: { email: boolean; linkedin: boolean };
  /** A reply halted automatic steps: the run waits for a person (or its end). */
  halted: boolean;
  /** The row's revision this plan was read at (absent in plans recorded before revisions). */
  revision?: number;
}

/**
 * A run's pause as its row holds it at `revision`: the API writes a pause or resume in the row and
 * then tells the workflow this (the pauseState Update); the workflow keeps the newest revision's.
 */
export interface PauseState {
  /** The row's revision (db/entities/sequence.entity.ts): counted up by every write of the row. */
  revision: number;
  paused: boolean;
  /** ISO time the pause ends by itself; null: until resumed (or not paused). */
  pausedUntil: string | null;
}

export interface RunStepInput {
  sequenceId: string;
  /** 1-based. */
  stepNumber: number;
  /** Workflow time of the step (ISO): the message's sent_at. */
  at: string;
}

/**
 * SENT / SKIPPED: go on. TASK: a CALL task was created, wait for taskCompleted. PAUSED: the row is
 * paused, wait for the resume and run the step again. ENDED: the run ended here (excluded, no channel,
 * template archived) or earlier. HELD: the template is not running (INACTIVE, back to PENDING_SETUP):
 * wait for runChanged and try again. HALTED: a reply stopped automatic steps. DEFERRED: the sender's
 * daily send limit is reached: try again at retryAt. MAILBOX: the sender's connected mailbox refuses
 * its login or fails (AUTH_FAILED, ERROR): the email is kept, wait until the mailbox is fixed
 * (runChanged) or a while, and try again.
 */
export interface RunStepResult {
  outcome: 'SENT' | 'SKIPPED' | 'TASK' | 'PAUSED' | 'ENDED' | 'HELD' | 'HALTED' | 'DEFERRED' | 'MAILBOX';
  taskId: string | null;
  messageId: string | null;
  status: string;
  /** DEFERRED: when the step may run again (ISO). */
  retryAt?: string | null;
  /** MAILBOX: the sender's mailbox that holds the email. */
  mailboxId?: string | null;
  /** PAUSED: the pause the step found, at the row's revision (absent in results recorded before revisions). */
  pause?: PauseState;
}

export interface PauseInput {
  /** ISO time; without it the run stays paused until resumed. */
  paused_until?: string | null;
}

export interface StopInput {
  reason: 'WIN' | 'LOSE';
  scope: 'CONTACT' | 'ACCOUNT';
  /** Written to the final row and the sequence.stopped event (e.g. UNENROLLED, UNSUBSCRIBED); default null. */
  stopped_reason?: string | null;
}

export interface SetVariablesInput {
  variables: Record<string, string | null>;
}

/**
 * DELAY: a step's delay; WINDOW: the sending window; TASK: a CALL task; PAUSE: a pause; STEP: a step
 * running; TEMPLATE: the template is not ACTIVE or FINISHING; SEND_LIMIT: the sender's daily limit;
 * PERSON: a reply halted automatic steps, a person takes it from here; MAILBOX: the sender's mailbox
 * must be fixed (its login refused or its server failing) before the email goes out.
 */
export type WaitingFor = 'DELAY' | 'WINDOW' | 'TASK' | 'PAUSE' | 'STEP' | 'TEMPLATE' | 'SEND_LIMIT' | 'PERSON' | 'MAILBOX' | null;

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

/** ApplicationFailure types of rejected Updates (the API maps them to 409 / 422). */
export const SEQUENCE_TERMINAL = 'SequenceTerminal';
export const SEQUENCE_NOT_PAUSED = 'SequenceNotPaused';
export const SEQUENCE_INVALID_INPUT = 'SequenceInvalidInput';
/**
 * An Update whose write failed: `details[0]` is the failure's own type (DataError, InvalidInput:
 * the request's data, 400; anything else: the database or worker could not answer in time, 503).
 */
export const SEQUENCE_UPDATE_FAILED = 'SequenceUpdateFailed';

/**
 * The API paused or resumed the run in its row (committed, with a RUN_CHANGED command as its durable
 * path): the workflow takes the state unless it knows a newer revision. Answered in the workflow task
 * that accepts it, with no command.
 */
export const pauseStateUpdate = defineUpdate<void, [PauseState]>('pauseState');
/**
 * Pause and resume as the workflow's own writes (a local activity in the Update): what API replicas
 * before pauseState send, kept so their Updates and the histories that hold them still run.
 */
export const pauseUpdate = defineUpdate<SequenceRecord, [PauseInput]>('pause');
export const resumeUpdate = defineUpdate<SequenceRecord, []>('resume');
export const stopUpdate = defineUpdate<SequenceRecord, [StopInput]>('stop');
export const setVariablesUpdate = defineUpdate<SequenceRecord, [SetVariablesInput]>('setVariables');
/** A CALL task of this run was completed (the tasks API signals it). */
export const taskCompletedSignal = defineSignal<[{ taskId: string }]>('taskCompleted');
export const sequenceStatusQuery = defineQuery<SequenceRunStatus>('status');
/** The run's row changed outside the workflow (ended, paused, halted, template changed): re-read it. */
export const runChangedSignal = defineSignal('runChanged');

export const VARIABLE_KEY_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export const RUN_VARIABLE_LIMIT = 200;
export const RUN_VARIABLE_VALUE_MAX = 10_000;

/**
 * What is wrong with a run's `variables` input, or null when it is fine: an object of at most
 * RUN_VARIABLE_LIMIT keys, each key VARIABLE_KEY_RE, each value a well-formed string of at most
 * RUN_VARIABLE_VALUE_MAX characters or null. The setVariables Update's validator and the API's
 * change of a lead awaiting review (no workflow yet) check the same rules.
 */
export function runVariablesProblem(variables: unknown): string | null {
  if (!variables || typeof variables !== 'object' || Array.isArray(variables)) return 'variables must be an object.';
  const entries = Object.entries(variables);
  if (entries.length > RUN_VARIABLE_LIMIT) return `at most ${RUN_VARIABLE_LIMIT} variables.`;
  for (const [key, value] of entries) {
    if (!VARIABLE_KEY_RE.test(key)) return `variables.${key}: invalid key.`;
    if (value !== null && (typeof value !== 'string' || codePointLength(value) > RUN_VARIABLE_VALUE_MAX)) return `variables.${key}: a string of at most ${RUN_VARIABLE_VALUE_MAX} characters, or null.`;
    if (typeof value === 'string' && !value.isWellFormed()) return `variables.${key}: holds a lone surrogate (not well-formed Unicode).`;
  }
  return null;
}
