// The one retry and failure policy of enrollment (domain/sequences/enrollment/enroll.ts and the
// enrollment workflow that verifies an email first). Pure: the enrollment workflow reads it too.
//
// - A refusal is an answer, not a failure: eligibility says why (REFUSAL_REASONS) and a REFUSED row
//   keeps it.
// - The email verifier is asked up to VERIFY_POLICY.attempts times with a growing pause; when every
//   attempt fails, the verifier counts as down: the email stays UNVERIFIED and counts as usable (a
//   bounce at send time is the backstop), and the verification step reports it.
// - A database step that fails is not caught by enrollment: it is retried by the durable step that
//   runs it (the workflow's activity retry policy, or the enclosing activity), which is safe because
//   every write is idempotent by its enrollment run id.
// - A missing contact, template or source entry (DomainError) is retried by nobody: the enrollment
//   fails with the reason (the API answers 404 or 422; list and signal enrollments skip the entry;
//   a playbook run is FAILED with the message).

export const VERIFY_POLICY = {
  attempts: 5,
  initialIntervalMs: 2_000,
  backoffCoefficient: 2,
  maximumIntervalMs: 30_000,
  /** Above the verifier's slowest answer: one attempt's timeout is that answer plus this margin. */
  attemptMarginMs: 30_000,
} as const;

/** The steps of the enrollment workflow: about 5 minutes of retries while the database does not answer. */
export const STEP_RETRY = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
  maximumAttempts: 10,
} as const;

/** The pause after failed verification attempt `attempt` (1-based). */
export function verifyBackoffMs(attempt: number): number {
  const { initialIntervalMs, backoffCoefficient, maximumIntervalMs } = VERIFY_POLICY;
  return Math.min(maximumIntervalMs, initialIntervalMs * backoffCoefficient ** (attempt - 1));
}

/** One verification attempt's timeout, from the verifier's slowest answer. */
export function verifyAttemptTimeoutMs(slowestAnswerMs: number): number {
  return slowestAnswerMs + VERIFY_POLICY.attemptMarginMs;
}

/** The whole verification's budget: every attempt timing out, plus the pauses between them. */
export function verifyBudgetMs(attemptTimeoutMs: number): number {
  let total = attemptTimeoutMs * VERIFY_POLICY.attempts;
  for (let attempt = 1; attempt < VERIFY_POLICY.attempts; attempt++) total += verifyBackoffMs(attempt);
  return total;
}
