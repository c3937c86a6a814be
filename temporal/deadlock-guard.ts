// The Temporal SDK's guard against workflow code that never yields (an endless loop): each call into
// the workflow sandbox runs under a vm timeout, and a call that exceeds it fails the workflow task
// ("Script execution timed out"), so the task is retried instead of the workflow thread hanging.
// Node enforces a vm timeout with a watchdog thread created and joined on every call, ~150 µs of
// CPU each; an activation makes several calls, so the guard cost about a third of the worker's CPU
// per enrollment. Off by default (our workflows are short, reviewed and replay-tested; the test
// stack turns it on so a loop that never yields fails a test); WORKFLOW_DEADLOCK_MS turns it on.
// The SDK reads the option `isolateExecutionTimeout` (not in its public types); an infinite value
// meaning "no timeout" is our patch of the SDK (patches/@temporalio+worker+*.patch, applied by
// npm's postinstall): unpatched, the SDK would pass Infinity to vm, which refuses it at start.

/** The worker option that sets (ms > 0) or removes (0) the per-call workflow sandbox timeout. */
export function workflowDeadlockOptions(ms: number): { isolateExecutionTimeout: number } {
  return { isolateExecutionTimeout: ms > 0 ? ms : Number.POSITIVE_INFINITY };
}
