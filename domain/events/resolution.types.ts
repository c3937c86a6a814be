// What one batch of event resolution answers (resolution.service.ts). Pure: the event-resolution
// workflow's activity returns the same shape.

export interface ResolveBatchResult {
  claimed: number;
  resolved: number;
  unresolved: number;
  contactsCreated: number;
  accountsCreated: number;
  playbookRuns: number;
}
