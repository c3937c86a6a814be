// The check a change makes before it writes anything, when its answer promises the workflow service
// was there: a ping within a short bound. It writes nothing, so a refusal leaves nothing behind; a
// change that passes still reaches its workflow through the outbox, whatever happens after.
import type { WorkflowClients } from '../../workflows/clients.ts';
import { DomainError } from '../shared/errors.ts';
import { withTimeout } from '../shared/timeout.ts';

/** How long the workflow service may take to answer the ping. */
export const REACHABLE_TIMEOUT_MS = 3_000;

/** 503 UnavailableIssue when the workflow service does not answer in time. */
export async function requireWorkflowService(workflows: Pick<WorkflowClients, 'ping'>): Promise<void> {
  try {
    await withTimeout(workflows.ping(), REACHABLE_TIMEOUT_MS, 'the workflow service');
  } catch (error) {
    throw DomainError.unavailable('The workflow service is unavailable; nothing was changed. Try again shortly.', { cause: error });
  }
}
