// What a snoozed task's reminder carries and answers (snooze.ts: the snooze that starts it, reminderDue
// that brings the task back). Pure: the task-reminder workflow takes and returns the same shapes.

export interface TaskReminderInput {
  taskId: string;
  organizationId: string;
  /** ISO time the task comes back; the reminder acts only if the row still says exactly this. */
  snoozedUntil: string;
}

export interface TaskReminderResult {
  /** REOPENED: the task came back; STALE: it was completed, skipped, re-snoozed or deleted meanwhile. */
  outcome: 'REOPENED' | 'STALE';
}
