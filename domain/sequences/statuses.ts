// A sequence's statuses and the two groups the code asks about. Pure (no ORM), so the entity,
// domain code and workflow code share one list.

export const SEQUENCE_STATUSES = [
  'FOUND',
  'ACTIVE',
  'WAITING_FOR_LEAD',
  'WAITING_FOR_USER',
  'SUCCEEDED',
  'FAILED',
  'STOPPED_EARLY',
  'COMPLETED',
  'REFUSED',
] as const;
export type SequenceStatus = (typeof SEQUENCE_STATUSES)[number];

/** Still running: a contact runs a template at most once at a time in these (a partial unique index). */
export const RUNNING_STATUSES = [
  'FOUND',
  'ACTIVE',
  'WAITING_FOR_LEAD',
  'WAITING_FOR_USER',
] as const satisfies readonly SequenceStatus[];

/** Ended: the run never changes again (REFUSED included: such a run never started). */
export const ENDED_STATUSES = [
  'SUCCEEDED',
  'FAILED',
  'STOPPED_EARLY',
  'COMPLETED',
  'REFUSED',
] as const satisfies readonly SequenceStatus[];

/** Running with a workflow: FOUND waits for its lead review before its workflow starts. */
export const WORKFLOW_STATUSES = [
  'ACTIVE',
  'WAITING_FOR_LEAD',
  'WAITING_FOR_USER',
] as const satisfies readonly SequenceStatus[];

export function isRunningStatus(status: string): boolean {
  return (RUNNING_STATUSES as readonly string[]).includes(status);
}

export function isEndedStatus(status: string): boolean {
  return (ENDED_STATUSES as readonly string[]).includes(status);
}
