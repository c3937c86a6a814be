// The call to the enrollment workflow (`enrollment/<org>/<contact>/<template>`) of an enrollment
// whose email must be verified first: start it (or attach to the running one) and wait a bounded
// time for its result. A run that failed for good is the domain's business error; an unreachable
// Temporal is 'unavailable'.
import { WorkflowFailedError, type Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy } from '@temporalio/common';
import { DomainError } from '../domain/shared/errors.ts';
import { temporalCall } from '../temporal/failures.ts';
import { organizationSearchAttributes } from '../temporal/search-attributes.ts';
import type { EnrollmentResult } from '../domain/sequences/enrollment/enrollment.types.ts';
import { ENROLLMENT_WORKFLOW, enrollmentWorkflowId, type EnrollmentInput } from './enrollment.definitions.ts';

export interface EnrollmentRun {
  /** The first run's id: what a 202 names while the workflow goes on. */
  runId: string;
  /** The result, or null when `waitMs` passed first (the long poll is then abandoned; the workflow goes on). */
  result: EnrollmentResult | null;
}

export interface EnrollmentClient {
  /** Starts the enrollment (a running one with the same id is attached to) and waits up to `waitMs` for its result (0: answers at once). */
  enroll(input: EnrollmentInput, waitMs: number): Promise<EnrollmentRun>;
}

/** The result, or null when `ms` pass first. */
async function waitFor<T>(temporal: Client, fn: () => Promise<T>, ms: number): Promise<T | null> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, ms);
  });
  const work = temporal.withAbortSignal(controller.signal, fn);
  work.catch(() => {}); // after a timeout its rejection (the abort) is expected and unobserved
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createEnrollmentClient(temporal: Client, taskQueue: string): EnrollmentClient {
  return {
    enroll: (input, waitMs) =>
      temporalCall(async () => {
        const handle = await temporal.workflow.start(ENROLLMENT_WORKFLOW, {
          taskQueue,
          workflowId: enrollmentWorkflowId(input.organizationId, input.contactId, input.sequenceTemplateId),
          args: [input],
          workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
          typedSearchAttributes: organizationSearchAttributes(input),
        });
        if (waitMs <= 0) return { runId: handle.firstExecutionRunId, result: null };
        const result = await waitFor(temporal, () => handle.result() as Promise<EnrollmentResult>, waitMs).catch(
          (error: unknown) => {
            // The enrollment failed for good (data the database refused, retries spent): nothing was enrolled.
            if (error instanceof WorkflowFailedError) {
              const cause = error.cause?.cause instanceof Error ? error.cause.cause : error.cause;
              throw DomainError.business(`The enrollment failed: ${cause?.message ?? error.message}`);
            }
            throw error;
          },
        );
        return { runId: handle.firstExecutionRunId, result };
      }),
  };
}
