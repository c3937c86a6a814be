// The signal workflow (one per signal, id `signal/<signal_id>`): checks on the signal's cadence,
// woken by the `signalChanged` Update after every change the API makes to the signal's row.
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { SignalChange } from '../domain/signals/signal-change.ts';

export const SIGNAL_WORKFLOW = 'signalWorkflow';

export function signalWorkflowId(signalId: string): string {
  return `signal/${signalId}`;
}

export interface SignalWorkflowInput {
  signalId: string;
  organizationId: string;
}

/** The state the workflow holds after applying the change (the API answers from the row). */
export interface SignalRunState {
  status: 'ACTIVE' | 'PAUSED' | 'ARCHIVED';
  /** The next check's time (ISO), null when paused or archived. */
  nextCheckAt: string | null;
  lastCheckAt: string | null;
  checks: number;
  /** Why the last check failed for good (a data error, or retries spent), null once a check works again. */
  lastError?: string | null;
}

export const signalChangedUpdate = defineUpdate<SignalRunState, [SignalChange]>('signalChanged');
export const signalStateQuery = defineQuery<SignalRunState>('state');

// ---------------------------------------------------------------------------------------------
// The scheduling side of the contract, added without changing anything above: the optional
// scheduling inputs, the state carried over continue-as-new, and the activities' shapes.

/** Optional inputs of signalWorkflow (all absent when the API starts it). */
export interface SignalWorkflowOptions {
  /** Test and benchmark only: the length of a "day" in ms (DAILY = 1 day, WEEKLY = 7, the custom-event first-poll offset scales too). */
  dayMs?: number;
  /** Checks before continue-as-new (default 50). */
  checksPerExecution?: number;
  /** Carried over continue-as-new. */
  carried?: { checks: number; lastCheckAt: string | null; resumeNow: boolean };
}

/** The row as the workflow reads it (activity loadSignalState). */
export interface SignalRowState {
  status: 'ACTIVE' | 'PAUSED' | 'ARCHIVED';
  cadence: 'DAILY' | 'WEEKLY';
  customEvent: boolean;
  createdAt: string;
  lastCheckedAt: string | null;
  /**
   * The row's updated_at (ISO): Update handlers run concurrently and their reads can come back in
   * any order, so the workflow keeps the newest read.
   */
  updatedAt: string;
}

export interface CheckSignalInput extends SignalWorkflowInput {
  /** The check's time (the workflow's clock): the fact window ends here and last_checked_at takes it. */
  at: string;
  dayMs?: number;
}

export interface CheckSignalResult {
  outcome: 'CHECKED' | 'NOT_ACTIVE' | 'NOT_FOUND';
  imported: number;
  skipped: number;
  read: number;
}

export const SIGNAL_INVALID_CHANGE = 'SignalInvalidChange';

/**
 * A custom-event signal's first poll: creation + an offset under the hour derived from its id
 * (due signals are checked hourly, so the first poll happens within an hour of creation);
 * the offset spreads a batch of signals created together over the hour.
 */
export function firstPollOffsetMs(signalId: string, dayMs = 24 * 60 * 60 * 1000): number {
  let h = 0;
  for (const ch of signalId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const hourMs = dayMs / 24;
  return Math.floor(((h % 3000) / 3600) * hourMs); // [0, 50 min) of a day's hour
}
