// The changes the API makes to a signal's row (edit, pause, resume, archive, unarchive): what a
// SIGNAL_CHANGED command carries and the signal workflow is told. Pure: the workflow checks a change
// against SIGNAL_CHANGES.

export const SIGNAL_CHANGES = ['EDIT', 'PAUSE', 'RESUME', 'ARCHIVE', 'UNARCHIVE'] as const;

/** What the API changed; the workflow re-reads the row (status, cadence, filters) either way. */
export interface SignalChange {
  change: (typeof SIGNAL_CHANGES)[number];
}
