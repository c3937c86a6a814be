// What carrying out the PENDING playbook runs answers (pending-runs.ts). Pure: the event-resolution
// workflow's activity returns the same shape.

export interface RunPlaybooksResult {
  /** Runs taken from the queue. */
  claimed: number;
  completed: number;
  failed: number;
  /** Left PENDING after an unexpected error, or while its enrollment's email verification goes on (the next call tries again). */
  retrying: number;
}
