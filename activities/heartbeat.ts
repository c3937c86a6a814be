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

/** Runs `work`, heartbeating now and every `everyMs` until it settles. */
export async function whileHeartbeating<T>(work: () => Promise<T>, everyMs = 5000): Promise<T> {
  const context = activityContext();
  if (!context) return work();
  context.heartbeat();
  const timer = setInterval(() => context.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
