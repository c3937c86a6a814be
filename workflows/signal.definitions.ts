// The signal workflow (one per signal, id `signal/<signal_id>`): checks on the signal's cadence,
// woken by the `signalChanged` Update after every change the API makes to the signal's row.
import { defineQuery, defineUpdate } from '@temporalio/workflow';

export const SIGNAL_WORKFLOW = 'signalWorkflow';

export function signalWorkflowId(signalId: string): string {
  return `signal/${signalId}`;
}

export interface SignalWorkflowInput {
  signalId: string;
  organizationId: string;
}

/** What the API changed; the workflow re-reads the row (status, cadence, filters) either way. */
export interface SignalChange {
  change: 'EDIT' | 'PAUSE' | 'RESUME' | 'ARCHIVE' | 'UNARCHIVE';
}

/** The state the workflow holds after applying the change (the API answers from the row). */
export interface SignalRunState {
  status: 'ACTIVE' | 'PAUSED' | 'ARCHIVED';
  /** The next check's time (ISO), null when paused or archived. */
  nextCheckAt: string | null;
  lastCheckAt: string | null;
  checks: number;
}

export const signalChangedUpdate = defineUpdate<SignalRunState, [SignalChange]>('signalChanged');
export const signalStateQuery = defineQuery<SignalRunState>('state');
