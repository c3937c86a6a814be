// The running activity's heartbeat. A long step heartbeats on a timer while it works, so a worker
// that dies mid-activity is noticed within the activity's heartbeat timeout instead of its
// start-to-close timeout. Outside an activity (tests call activities directly) both are no-ops.
import { Context } from '@temporalio/activity';

/** The running activity's context (its heartbeat, throttled by the SDK); undefined outside an activity. */
export function activityContext(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined;
  }
}

/**
 * Runs `work`, heartbeating every `everyMs` until it settles. None at the start: the server counts the
 * heartbeat timeout from the activity's start, so a step that ends within `everyMs` (most do) costs
 * no heartbeat call, and a worker that dies before the first is noticed as soon.
 */
export async function whileHeartbeating<T>(work: () => Promise<T>, everyMs = 5000): Promise<T> {
  const context = activityContext();
  if (!context) return work();
  const timer = setInterval(() => context.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
